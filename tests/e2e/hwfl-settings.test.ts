import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, startE2E } from './browser.ts';
import { choose as chooseIn } from './flow-kit.ts';

/**
 * The workflow settings screens (schemas/hwfl/setting-*.json, delegate.json) in Chromium against
 * the server: an approver rule with its lines created in the demo tenant, and a delegation rule
 * that belongs to the user who wrote it alone.
 */
let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(() => e?.close());

const one = async <T>(sql: string, params: unknown[] = []) => (await e.ctx.db.query<T>(sql, params)).rows[0]!;

const adminInDemoTenant = (path: string) => e.adminIn(1, path);

/** Picks an option of a select in the open record form by its visible text. */
const choose = (page: Page, name: string, option: string) => chooseIn(page, page.getByTestId('record-form'), name, option);

describe('workflow settings', () => {
  it('approve-auth: a rule with two approver lines is created in the demo tenant, and only its own list shows it', async () => {
    const page = await adminInDemoTenant('/hwfl/setting/approve-auth/create');
    const create = page.locator('[data-screen="/hwfl/setting/approve-auth/create"]');
    // The type is fixed by the screen: shown, not editable.
    await expect.poll(() => create.locator('[data-field="expressionType"]').textContent()).toContain('审批权限');
    expect(await create.locator('[data-field="expressionType"] .ant-select-disabled').count()).toBe(1);
    await create.locator('#field-code').fill('E2E_PO_BUYERS');
    await create.locator('#field-description').fill('E2E 采购审批人');
    await create.getByTestId('submit-button').click();
    await page.waitForURL(/\/hwfl\/setting\/approve-auth\/detail\/\d+$/);
    const id = Number(/detail\/(\d+)$/.exec(page.url())![1]);
    expect(await one('select expression_type, code, tenant_id::int as tenant_id from hwfl_expression where expression_id = $1', [id])).toEqual({ expression_type: 'APPROVE_AUTH', code: 'E2E_PO_BUYERS', tenant_id: 1 });

    const detail = page.locator('[data-screen="/hwfl/setting/approve-auth/detail/:id"]');
    await expect.poll(() => detail.locator('#field-description').inputValue()).toBe('E2E 采购审批人');
    const lines = detail.getByTestId('editable-lines');
    const form = page.getByTestId('record-form');
    // A role (the default approver type) ...
    await lines.locator('[data-action="create-line"]').click();
    await form.locator('#field-lineNum').fill('1');
    await form.locator('#field-leftOperand').fill('APPROVER');
    await page.getByTestId('record-form-save').click();
    await expect.poll(() => lines.locator('[role="row"][data-row-key]').count()).toBe(1);
    // ... and a user.
    await lines.locator('[data-action="create-line"]').click();
    await form.locator('#field-lineNum').fill('2');
    await choose(page, 'leftType', '用户');
    await expect.poll(() => form.locator('[data-field="leftType"] .ant-select-content').getAttribute('title')).toBe('用户');
    await form.locator('#field-leftOperand').fill('buyer');
    await page.getByTestId('record-form-save').click();
    await expect.poll(() => lines.locator('[role="row"][data-row-key]').count()).toBe(2);
    expect(await lines.textContent()).toContain('buyer');
    const stored = (
      await e.ctx.db.query('select line_num::int as n, left_type, left_operand, operator from hwfl_expression_line where expression_id = $1 order by line_num', [id])
    ).rows;
    expect(stored).toEqual([
      { n: 1, left_type: 'ROLE', left_operand: 'APPROVER', operator: 'EQ' },
      { n: 2, left_type: 'USER', left_operand: 'buyer', operator: 'EQ' },
    ]);

    // The approve-auth list shows it; the condition list, over the same entity, does not.
    await page.goto(`${e.baseUrl}/hwfl/setting/approve-auth/list`);
    const list = page.locator('[data-screen="/hwfl/setting/approve-auth/list"]');
    await list.locator(`[role="row"][data-row-key="${id}"]`).waitFor();
    expect(await list.locator('[role="row"][data-row-key]').allTextContents()).toEqual(expect.arrayContaining([expect.stringContaining('PO_MANAGER')]));
    await page.goto(`${e.baseUrl}/hwfl/setting/condition/list`);
    const conditions = page.locator('[data-screen="/hwfl/setting/condition/list"]');
    await conditions.locator('[role="row"][data-row-key]').first().waitFor();
    const codes = await conditions.locator('[role="gridcell"][data-column="code"]').allTextContents();
    expect(codes).toContain('PO_OVER_100K');
    expect(codes).not.toContain('E2E_PO_BUYERS');
    expect(codes).not.toContain('PO_MANAGER');
    await page.context().close();
  });

  it('delegate: the approver adds a delegation rule to the buyer, and the buyer does not see it', async () => {
    const approver = await one<{ id: number }>("select id::int as id from iam_user where login_name = 'approver'");
    const page = await e.signIn('approver', '/hwfl/workflow/delegate');
    const list = page.locator('[data-screen="/hwfl/workflow/delegate"]');
    await list.getByTestId('toolbar').locator('[data-action="modal"]').click();
    const dialog = page.getByTestId('action-modal');
    await dialog.locator('#field-delegateUserId').click();
    const lov = page.locator('.ant-modal').filter({ has: page.locator('input[name="lov-loginName"]') });
    await lov.locator('input[name="lov-loginName"]').fill('buyer');
    await lov.locator('input[name="lov-loginName"]').press('Enter');
    await lov.locator('.ant-table-row', { hasText: 'Bella Buyer' }).click();
    for (const [field, value] of [
      ['startDate', '2026-07-01'],
      ['endDate', '2026-07-14'],
    ]) {
      await dialog.locator(`#field-${field}`).click();
      await dialog.locator(`#field-${field}`).fill(value);
      await dialog.locator(`#field-${field}`).press('Enter');
    }
    await dialog.locator('#field-remark').fill('E2E 暑假');
    await dialog.getByTestId('submit-button').click();
    const row = list.locator('[role="row"][data-row-key]', { hasText: 'E2E 暑假' });
    await row.waitFor();
    expect(await row.textContent()).toContain('Bella Buyer');
    const stored = await one<{ id: number; user_id: number; start_date: string; end_date: string }>(
      "select delegate_id::int as id, user_id::int as user_id, to_char(start_date, 'YYYY-MM-DD') as start_date, to_char(end_date, 'YYYY-MM-DD') as end_date from hwfl_delegate where remark = 'E2E 暑假'",
    );
    expect(stored).toMatchObject({ user_id: approver.id, start_date: '2026-07-01', end_date: '2026-07-14' });
    await page.context().close();

    // The rule is the approver's own: the buyer, even as the one it delegates to, does not see it.
    const buyer = await e.signIn('buyer', '/hwfl/workflow/delegate');
    const theirs = buyer.locator('[data-screen="/hwfl/workflow/delegate"]');
    await theirs.getByTestId('toolbar').waitFor();
    await expect.poll(() => theirs.locator('.ant-table-placeholder, .ant-empty').count()).toBeGreaterThan(0);
    expect(await theirs.textContent()).not.toContain('E2E 暑假');
    const token = await buyer.evaluate(() => localStorage.getItem('access_token') ?? '');
    const r = await e.app.inject({ url: `/hwfl/v1/1/delegate/${stored.id}`, headers: { authorization: `bearer ${token}` } });
    expect(r.statusCode).toBe(404);
    await buyer.context().close();
  });
});
