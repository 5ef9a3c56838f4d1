import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schedulerOf } from '../../server/modules/hsdr/scheduler.ts';
import { type E2E, startE2E } from './browser.ts';
import { choose } from './flow-kit.ts';

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
  // Test servers run no scheduler unless a test asks: this one is about it.
  await schedulerOf(e.ctx).start();
}, 240_000);
afterAll(async () => {
  await schedulerOf(e?.ctx).stop();
  await e?.close();
});

describe('scheduler: a job created on the screen runs, logs, and pauses', () => {
  it('creates a job, triggers it, sees its log with result and duration, pauses it and sees the actions change', { timeout: 180_000 }, async () => {
    const code = `E2E_CLEAN_${Date.now() % 100000}`;
    const page = await e.signIn('admin', '/hsdr/job-info/list');
    const list = page.locator('[data-screen="/hsdr/job-info/list"]');
    await list.locator('[role="row"][data-row-key]').first().waitFor();

    await list.getByTestId('toolbar').locator('[data-action="modal"]').click();
    const dialog = page.getByTestId('action-modal');
    await dialog.locator('#field-jobCode').fill(code);
    await dialog.locator('#field-description').fill('E2E 日志清理');
    await choose(page, dialog, 'jobHandler', '调度日志清理');
    // A cron that never parses is refused on the field it names.
    await dialog.locator('#field-jobCron').fill('every day');
    await dialog.locator('#field-jobParam').fill('{"keepDays": 30}');
    await dialog.getByTestId('submit-button').click();
    await expect.poll(() => dialog.textContent()).toMatch(/not a valid cron expression/);
    await dialog.locator('#field-jobCron').fill('0 0 3 * * *');
    await dialog.getByTestId('submit-button').click();

    const row = list.locator('[role="row"][data-row-key]', { hasText: code });
    await row.waitFor();
    // Beside the cron, when it fires in words, and the next fire time.
    await expect.poll(() => row.textContent()).toMatch(/03:00/);
    const button = (name: string) => row.getByRole('button', { name, exact: true });
    expect(await button('暂停').count()).toBe(1);
    expect(await button('恢复').count()).toBe(0);

    await button('立即执行').click();
    // The log page of the job shows the run with its result and duration once the scheduler ran it.
    await row.getByRole('button', { name: '日志', exact: true }).click();
    const logPage = page.locator('[data-screen="/hsdr/job-info/log/:jobId"]');
    await logPage.waitFor();
    const logRow = logPage.locator('[role="row"][data-row-key]').first();
    for (let i = 0; i < 30; i++) {
      if (/成功/.test((await logRow.textContent().catch(() => '')) ?? '')) break;
      await logPage.locator('[data-action="refresh"]').first().click();
      await page.waitForTimeout(500);
    }
    const text = (await logRow.textContent()) ?? '';
    expect(text).toContain('成功');
    expect(text).toContain('手动触发');
    expect(text).toMatch(/log\(s\) older than 30 day\(s\) deleted/);
    const stored = await e.ctx.db.query<{ duration: number; result: string }>(
      "select l.duration, l.client_result as result from hsdr_job_log l join hsdr_job_info j on j.job_id = l.job_id where j.job_code = $1",
      [code],
    );
    expect(stored.rows).toHaveLength(1);
    expect(stored.rows[0]!.result).toBe('SUCCESS');
    expect(text).toContain(String(stored.rows[0]!.duration));

    // Back on the list, pausing the job swaps its actions: resume and stop, no trigger or pause.
    await page.evaluate(() => {
      history.pushState({}, '', '/hsdr/job-info/list');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await row.waitFor();
    await button('暂停').click();
    await expect.poll(() => button('恢复').count()).toBe(1);
    expect(await button('暂停').count()).toBe(0);
    expect(await button('立即执行').count()).toBe(0);
    expect(await button('终止').count()).toBe(1);
    expect(await row.textContent()).toContain('暂停');
    await page.context().close();
  });
});
