import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, startE2E } from './browser.ts';

/**
 * A bid plan in the browser: the buyer drafts it with two lines whose budgets total exactly, submits
 * it; the approver approves the workflow task; the plan is released with its lines approved.
 */
let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(() => e?.close());

const screen = (page: Page, route: string) => page.locator(`[data-screen="${route}"]:visible`);

async function typeDate(input: Locator, value: string) {
  await input.click();
  await input.fill(value);
  await input.press('Enter');
}

describe('a bid plan from draft to release', () => {
  it('drafted with lines, submitted by the buyer, approved by the approver', async () => {
    const name = `E2E tender plan ${Date.now()}`;
    const plan = async () => (await e.ctx.db.query<{ id: number; num: string; status: string; total: string }>('select bid_plan_id::float8 as id, bid_plan_num as num, plan_status as status, total_budget::text as total from ssrc_bid_plan where bid_plan_name = $1', [name])).rows[0];

    const buyer = await e.signIn('buyer', '/ssrc/plan-update/create');
    const create = screen(buyer, '/ssrc/plan-update/create');
    await create.locator('#field-bidPlanName').fill(name);
    await create.locator('#field-year').fill('2026');
    await create.locator('#field-companyName').fill('Demo Manufacturing Co.');
    await create.getByTestId('submit-button').click();
    await expect.poll(async () => (await plan())?.status).toBe('NEW');

    const detail = screen(buyer, '/ssrc/plan-update/detail/:bidPlanId');
    const lines = detail.getByTestId('inline-lines');
    await lines.waitFor();
    for (const [i, [item, budget]] of [['Conveyor system', '100.05'], ['HVAC maintenance', '200.10']].entries()) {
      await lines.locator('[data-action="add-line"]').click();
      const cell = (f: string) => lines.locator(`#line-new-${i + 1}-${f}`);
      await cell('bidPlanLineName').fill(item!);
      await typeDate(cell('startDate'), '2026-03-01');
      await typeDate(cell('endDate'), '2026-05-31');
      await cell('budgetAmount').fill(budget!);
    }
    await lines.locator('[data-action="save-lines"]').click();
    // 100.05 + 200.10 = 300.15, summed in decimals by the server.
    await expect.poll(async () => (await plan())?.total).toBe('300.15');
    // The header is read again after the lines are saved (new total, new version): a submit before that would be a stale write.
    await expect.poll(() => detail.locator('#field-totalBudget').inputValue()).toMatch(/300\.15/);

    await detail.getByTestId('detail-actions').getByRole('button', { name: /提交审批/ }).click();
    await buyer.locator('.ant-modal-confirm .ant-btn-primary').click();
    await expect.poll(async () => (await plan())?.status).toBe('APPROVING');

    const approver = await e.signIn('approver', '/hwfl/workflow/task/list');
    await screen(approver, '/hwfl/workflow/task/list').locator('[role="gridcell"] a', { hasText: (await plan())!.num }).first().click();
    // The task shows the plan itself, read-only.
    await approver.getByTestId('wfl-document').locator('#field-bidPlanName').waitFor();
    await approver.getByTestId('wfl-act-Approved').click();
    await expect.poll(async () => (await plan())?.status).toBe('RELEASED');
    const statuses = (await e.ctx.db.query<{ s: string }>('select process_status as s from ssrc_bid_plan_line where bid_plan_id = $1 order by line_num', [(await plan())!.id])).rows.map((r) => r.s);
    expect(statuses).toEqual(['APPROVED', 'APPROVED']);
  });
});
