import type { Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, startE2E } from './browser.ts';

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(() => e?.close());

/** How long the server stays away (the 30 s; OUTAGE_SECONDS shortens it while iterating). */
const OUTAGE_MS = Number(process.env.OUTAGE_SECONDS ?? 30) * 1000;

describe('the server goes away for a while and comes back', () => {
  it('keeps the tabs and the typed input, says the server cannot be reached, and saves once it is back', { timeout: 120_000 }, async () => {
    const page = await e.signIn('admin', '/hiam/user/detail/3');
    const detail = page.locator('[data-screen="/hiam/user/detail/:id"]');
    const name = detail.locator('#field-realName');
    await expect.poll(() => name.inputValue()).not.toBe('');
    await name.fill('Bella Buyer (typed during an outage)');

    // Every request to the server now fails as a stopped server's would: refused connections.
    const refuse = (route: Route) => route.abort('connectionrefused');
    const started = Date.now();
    await page.context().route(`${e.baseUrl}/**`, refuse);
    await detail.getByTestId('save-button').click();
    const notice = page.locator('.ant-notification-notice', { hasText: '无法连接服务器' });
    await notice.waitFor();
    // No white page: the shell, the tab and the input are all still there.
    await page.getByTestId('workspace-tabs').waitFor();
    expect(await name.inputValue()).toBe('Bella Buyer (typed during an outage)');
    const stored = async () => (await e.ctx.db.query<{ n: string }>('select real_name as n from iam_user where id = 3')).rows[0]!.n;
    expect(await stored()).not.toBe('Bella Buyer (typed during an outage)');

    await page.waitForTimeout(Math.max(0, OUTAGE_MS - (Date.now() - started)));
    expect(await name.inputValue()).toBe('Bella Buyer (typed during an outage)');
    await page.context().unroute(`${e.baseUrl}/**`, refuse);

    // Back: the same save goes through, nothing typed was lost.
    await detail.getByTestId('save-button').click();
    await expect.poll(stored).toBe('Bella Buyer (typed during an outage)');
    expect(await page.locator('.ant-result, [data-testid="error-boundary"]').count()).toBe(0);
  });
});
