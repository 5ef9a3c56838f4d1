import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, startE2E } from './browser.ts';

/**
 * Orders in the browser (issue 19): what the status lets change is editable, the rest is shown
 * read-only from the same declaration the server enforces.
 */
let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(() => e?.close());

const firstOrder = async (status: string) =>
  (await e.ctx.db.query<{ id: number; num: string }>('select po_header_id::float8 as id, display_po_num as num from sodr_po_header where tenant_id = 1 and status_code = $1 order by po_header_id limit 1', [status])).rows[0]!;

describe('the order form follows the status', () => {
  it('shows an approved order read-only but for its remark, and a draft editable', async () => {
    const approved = await firstOrder('APPROVED');
    const page = await e.signIn('buyer', `/sodr/send-order/detail/${approved.id}`);
    const form = page.locator('[data-screen="/sodr/send-order/detail/:id"]:visible');
    // The company is a lookup (a seeded order from before shows the name it keeps).
    await expect.poll(() => form.locator('input[id$="companyId"]').first().isVisible()).toBe(true);
    expect(await form.locator('input[id$="companyId"]').inputValue()).not.toBe('');
    expect(await form.locator('input[id$="companyId"]').isDisabled()).toBe(true);
    expect(await form.locator('input[id$="supplierId"]').isDisabled()).toBe(true);
    expect(await form.locator('textarea[id$="remark"]').isDisabled()).toBe(false);

    const draft = await firstOrder('NEW');
    await page.goto(`${e.baseUrl}/sodr/send-order/detail/${draft.id}`);
    const draftForm = page.locator('[data-screen="/sodr/send-order/detail/:id"]:visible');
    await expect.poll(() => draftForm.locator('input[id$="companyId"]').isDisabled()).toBe(false);
  });
});

describe('buyer and supplier on one order, each in their own browser', () => {
  it('the buyer releases; the supplier proposes a later date on one line; the buyer accepts and the order is confirmed', async () => {
    // An approved order of a supplier the demo supplier user works for, with its lines.
    const sup = (await e.ctx.db.query<{ id: number; name: string }>("select supplier_id::float8 as id, supplier_name as name from sslm_supplier where tenant_id = 1 and supplier_num = 'S0001'")).rows[0]!;
    const order = await firstOrder('APPROVED');
    await e.ctx.db.query('update sodr_po_header set supplier_id = $2, supplier_name = $3 where po_header_id = $1', [order.id, sup.id, sup.name]);
    const lines = (await e.ctx.db.query<{ id: number; need: string }>("select po_line_id::float8 as id, to_char(need_by_date, 'YYYY-MM-DD') as need from sodr_po_line where po_header_id = $1 order by line_num", [order.id])).rows;
    const status = async () => (await e.ctx.db.query<{ s: string }>('select status_code as s from sodr_po_header where po_header_id = $1', [order.id])).rows[0]!.s;

    // Before release the supplier does not see the order at all.
    const supplier = await e.signIn('supplier', `/sodr/confirm-order/list`);
    await supplier.locator('[data-screen="/sodr/confirm-order/list"]:visible [role="row"][data-row-key]').first().waitFor();
    expect(await supplier.locator(`[data-screen="/sodr/confirm-order/list"]:visible [role="row"][data-row-key="${order.id}"]`).count()).toBe(0);

    const buyer = await e.signIn('buyer', `/sodr/order-release/detail/${order.id}`);
    await buyer.getByTestId('detail-actions').getByRole('button', { name: /^发\s*布$/ }).click();
    await buyer.locator('.ant-modal-confirm .ant-btn-primary').click();
    await expect.poll(status).toBe('PUBLISHED');

    // The supplier opens it, proposes a week later on the first line, saves the lines and sends the proposal.
    await supplier.goto(`${e.baseUrl}/sodr/confirm-order/detail/${order.id}`);
    const linesTab = supplier.getByTestId('inline-lines');
    const later = new Date(Date.parse(`${lines[0]!.need}T00:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10);
    const date = linesTab.locator(`#line-${lines[0]!.id}-promiseDeliveryDate`);
    await date.click();
    await date.fill(later);
    await date.press('Enter');
    // Only the promised date may change now: the quantity is shown, not editable.
    expect(await linesTab.locator(`#line-${lines[0]!.id}-quantity`).count()).toBe(0);
    await linesTab.locator('[data-action="save-lines"]').click();
    await expect
      .poll(async () => (await e.ctx.db.query<{ d: string | null }>("select to_char(promise_delivery_date, 'YYYY-MM-DD') as d from sodr_po_line where po_line_id = $1", [lines[0]!.id])).rows[0]!.d)
      .toBe(later);
    await supplier.getByTestId('detail-actions').getByRole('button', { name: /^反馈交期$/ }).click();
    await supplier.locator('.ant-modal-confirm .ant-btn-primary').click();
    await expect.poll(status).toBe('DELIVERY_DATE_REVIEW');

    // The buyer reviews the proposed date and accepts it.
    await buyer.goto(`${e.baseUrl}/sodr/delivery-date-review/detail/${order.id}`);
    await buyer.locator('[data-screen="/sodr/delivery-date-review/detail/:id"]:visible [role="gridcell"]', { hasText: later }).first().waitFor();
    await buyer.getByTestId('detail-actions').getByRole('button', { name: /^同意交期$/ }).click();
    await expect.poll(status).toBe('CONFIRMED');
  });
});
