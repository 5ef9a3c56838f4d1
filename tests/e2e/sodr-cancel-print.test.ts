import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, startE2E } from './browser.ts';

/**
 * Cancelling a released order with the supplier's consent, buyer and supplier each in their own
 * browser; printing an order: the print view holds the number, every line and the total.
 */
let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(() => e?.close());

const status = async (id: number) => (await e.ctx.db.query<{ s: string }>('select status_code as s from sodr_po_header where po_header_id = $1', [id])).rows[0]!.s;

/** An order of tenant 1 in `status` moved to the supplier S0001, which the demo supplier user works for. */
async function orderOfS0001(statusCode: string): Promise<{ id: number; num: string }> {
  const sup = (await e.ctx.db.query<{ id: number; name: string }>("select supplier_id::float8 as id, supplier_name as name from sslm_supplier where tenant_id = 1 and supplier_num = 'S0001'")).rows[0]!;
  const o = (await e.ctx.db.query<{ id: number; num: string }>('select po_header_id::float8 as id, display_po_num as num from sodr_po_header where tenant_id = 1 and status_code = $1 order by po_header_id limit 1', [statusCode])).rows[0]!;
  await e.ctx.db.query('update sodr_po_header set supplier_id = $2, supplier_name = $3, released_date = coalesce(released_date, now()) where po_header_id = $1', [o.id, sup.id, sup.name]);
  return o;
}

describe('cancelling a released order', () => {
  it('the buyer asks with a reason; the supplier sees the request in their own browser and agrees; the order is canceled', async () => {
    const order = await orderOfS0001('CONFIRMED');
    const buyer = await e.signIn('buyer', `/sodr/order-cancel/detail/${order.id}`);
    const actions = buyer.getByTestId('detail-actions');
    // Released: no direct cancel, only the request.
    await actions.getByRole('button', { name: /^申请取消$/ }).waitFor();
    expect(await actions.getByRole('button', { name: /^取\s*消$/ }).count()).toBe(0);
    await actions.getByRole('button', { name: /^申请取消$/ }).click();
    const dialog = buyer.getByTestId('transition-modal');
    await dialog.waitFor();
    // An empty reason is refused before anything is sent.
    await dialog.getByTestId('record-form-save').click();
    await dialog.locator('.ant-form-item-explain-error').first().waitFor();
    expect(await status(order.id)).toBe('CONFIRMED');
    await dialog.locator('#field-cancelReason').fill('Project stopped by the customer');
    await dialog.getByTestId('record-form-save').click();
    await expect.poll(() => status(order.id)).toBe('CANCEL_TO_BE_CONFIRMED');

    const supplier = await e.signIn('supplier', `/sodr/confirm-order/detail/${order.id}`);
    const screen = supplier.locator('[data-screen="/sodr/confirm-order/detail/:id"]:visible');
    await expect.poll(() => screen.locator('[id$="cancelReason"]').inputValue(), { timeout: 15000 }).toBe('Project stopped by the customer');
    const sActions = supplier.getByTestId('detail-actions');
    await sActions.getByRole('button', { name: /^拒绝取消$/ }).waitFor();
    await sActions.getByRole('button', { name: /^同意取消$/ }).click();
    await supplier.locator('.ant-modal-confirm .ant-btn-primary').click();
    await expect.poll(() => status(order.id)).toBe('CANCELED');
    // The inbox of the supplier user told them about the request, with the link to the order.
    const msg = (
      await e.ctx.db.query<{ content: string }>("select m.content from hmsg_user_message m join iam_user u on u.id = m.user_id where u.login_name = 'supplier' and m.subject like $1", [`%${order.num}%`])
    ).rows;
    expect(msg.some((m) => m.content.includes(`/sodr/confirm-order/detail/${order.id}`))).toBe(true);
  });
});

describe('cancelling an order line', () => {
  it('the buyer cancels one line of a draft with a reason; the line shows cancelled and the total drops at once', async () => {
    const o = (
      await e.ctx.db.query<{ id: number }>(
        "select h.po_header_id::float8 as id from sodr_po_header h where h.tenant_id = 1 and h.status_code = 'NEW' and (select count(*) from sodr_po_line l where l.po_header_id = h.po_header_id) >= 2 order by h.po_header_id desc limit 1",
      )
    ).rows[0]!;
    const line = (await e.ctx.db.query<{ id: number; amount: string }>('select po_line_id::float8 as id, line_amount::text as amount from sodr_po_line where po_header_id = $1 order by line_num limit 1', [o.id])).rows[0]!;
    const amount = async () => Number((await e.ctx.db.query<{ a: string }>('select amount::text as a from sodr_po_header where po_header_id = $1', [o.id])).rows[0]!.a);
    const before = await amount();
    const page = await e.signIn('buyer', `/sodr/send-order/detail/${o.id}`);
    const screen = page.locator('[data-screen="/sodr/send-order/detail/:id"]:visible');
    const row = screen.locator(`[role="row"][data-row-key="${line.id}"]`);
    await row.getByRole('button', { name: /^取消行$/ }).click();
    const dialog = page.getByTestId('transition-modal');
    await dialog.locator('#field-cancelReason').fill('Ordered twice');
    await dialog.getByTestId('record-form-save').click();
    await expect.poll(amount).toBeCloseTo(before - Number(line.amount), 2);
    // The header shows the server's new total without a reload; the line is marked and has no cancel button.
    await expect.poll(async () => Number((await screen.locator('input[id$="amount"]').first().inputValue()).replace(/,/g, '')), { timeout: 15000 }).toBeCloseTo(before - Number(line.amount), 2);
    await expect.poll(() => row.locator('[data-column="cancelReason"]').innerText()).toBe('Ordered twice');
    expect(await row.getByRole('button', { name: /^取消行$/ }).count()).toBe(0);
    // The lines' footer leaves the cancelled line out too (summaryWhere), agreeing with the header.
    const shown = (before - Number(line.amount)).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    expect(await screen.getByTestId('table-summary').locator('[data-column="lineAmount"]').innerText()).toContain(shown);
    // And so does the print view's total.
    await page.evaluate(() => {
      (window as unknown as { print: () => void }).print = () => undefined;
    });
    await page.getByTestId('detail-actions').getByRole('button', { name: /^打\s*印$/ }).click();
    await expect.poll(() => page.getByTestId('print-totals').locator('[data-column="lineAmount"]').innerText(), { timeout: 15000 }).toContain(shown);
    expect(await page.getByTestId('print-view').locator('[data-field="amount"]').innerText()).toContain(shown);

    // A released order's lines offer no cancel (the server refuses it then: the line's parentStatus).
    const released = (await e.ctx.db.query<{ id: number; line: number }>(
      "select h.po_header_id::float8 as id, min(l.po_line_id)::float8 as line from sodr_po_header h join sodr_po_line l on l.po_header_id = h.po_header_id where h.tenant_id = 1 and h.status_code = 'PUBLISHED' and coalesce(l.cancelled_flag, 0) = 0 group by h.po_header_id order by h.po_header_id limit 1",
    )).rows[0]!;
    await page.goto(`${e.baseUrl}/sodr/send-order/detail/${released.id}`);
    const releasedRow = page.locator(`[data-screen="/sodr/send-order/detail/:id"]:visible [role="row"][data-row-key="${released.line}"]`);
    await releasedRow.waitFor();
    expect(await releasedRow.getByRole('button', { name: /^取消行$/ }).count()).toBe(0);
  });
});

describe('cancelling a requisition line', () => {
  it('the buyer cancels one line of an approved requisition with a reason on the cancel screen; it leaves the amount', async () => {
    const pr = (
      await e.ctx.db.query<{ id: number }>(
        `select h.pr_header_id::float8 as id from sprm_pr_header h where h.tenant_id = 1 and h.pr_status_code = 'APPROVED' and h.pr_source_platform = 'SRM'
            and exists (select 1 from sprm_pr_line l where l.pr_header_id = h.pr_header_id and l.execution_status_code = 'NONE') order by 1 limit 1`,
      )
    ).rows[0]!;
    const line = (await e.ctx.db.query<{ id: number; amount: string }>("select pr_line_id::float8 as id, line_amount::text as amount from sprm_pr_line where pr_header_id = $1 and execution_status_code = 'NONE' order by line_num limit 1", [pr.id])).rows[0]!;
    const amount = async () => Number((await e.ctx.db.query<{ a: string }>('select amount::text as a from sprm_pr_header where pr_header_id = $1', [pr.id])).rows[0]!.a);
    const before = await amount();
    const page = await e.signIn('buyer', `/sprm/purchase-requisition-cancel/detail-non-erp/${pr.id}`);
    const row = page.locator(`[data-screen="/sprm/purchase-requisition-cancel/detail-non-erp/:id"]:visible [role="row"][data-row-key="${line.id}"]`);
    await row.getByRole('button', { name: /^取消行$/ }).click();
    const dialog = page.getByTestId('transition-modal');
    await dialog.locator('#field-cancelReason').fill('Bought elsewhere');
    await dialog.getByTestId('record-form-save').click();
    await expect.poll(async () => (await e.ctx.db.query<{ f: number; r: string }>('select cancelled_flag::int as f, cancel_reason as r from sprm_pr_line where pr_line_id = $1', [line.id])).rows[0]).toEqual({ f: 1, r: 'Bought elsewhere' });
    expect(await amount()).toBeCloseTo(before - Number(line.amount), 2);
    await expect.poll(() => row.getByRole('button', { name: /^取消行$/ }).count()).toBe(0);
  });
});

describe('printing an order', () => {
  it('opens the print view with the order number, every line and the total, and calls the browser print', async () => {
    const o = (await e.ctx.db.query<{ id: number; num: string }>("select po_header_id::float8 as id, display_po_num as num from sodr_po_header where tenant_id = 1 and status_code = 'NEW' order by po_header_id limit 1")).rows[0]!;
    // More lines than a list page holds, added through the API so the server computes the total.
    const token = await e.token('buyer');
    const existing = Number((await e.ctx.db.query<{ n: number }>('select count(*)::int as n from sodr_po_line where po_header_id = $1', [o.id])).rows[0]!.n);
    for (let i = 1; i <= 25; i++) {
      const r = await e.app.inject({
        method: 'POST',
        url: '/sodr/v1/1/po-lines',
        headers: { authorization: `bearer ${token}` },
        payload: { poHeaderId: o.id, lineNum: 100 + i, itemCode: `PRT-${i}`, itemName: `Printed item ${i}`, quantity: i, unitPrice: 1.5, taxCode: 'NONE' },
      });
      expect(r.statusCode, r.body).toBe(200);
    }
    const header = (await e.ctx.db.query<{ amount: string; lines: number }>('select amount::text as amount, (select count(*)::int from sodr_po_line l where l.po_header_id = h.po_header_id) as lines from sodr_po_header h where po_header_id = $1', [o.id])).rows[0]!;
    expect(header.lines).toBe(existing + 25);

    const page = await e.signIn('buyer', `/sodr/send-order/detail/${o.id}`);
    await page.evaluate(() => {
      const w = window as unknown as { printed: number; print: () => void };
      w.printed = 0;
      w.print = () => {
        w.printed++;
      };
    });
    const printChunks: string[] = [];
    page.on('request', (r) => {
      if (/PrintView[^/]*\.js/.test(r.url())) printChunks.push(r.url());
    });
    // Nothing of the print view is loaded with the page: its chunk comes with the click.
    await page.getByTestId('detail-actions').getByRole('button', { name: /^打\s*印$/ }).waitFor();
    expect(printChunks).toEqual([]);
    await page.getByTestId('detail-actions').getByRole('button', { name: /^打\s*印$/ }).click();
    const view = page.getByTestId('print-view');
    await view.waitFor();
    await expect.poll(() => view.getByTestId('print-line').count(), { timeout: 15000 }).toBe(header.lines);
    expect(printChunks.length).toBeGreaterThan(0);
    expect(await view.innerText()).toContain(o.num);
    for (const i of [1, 13, 25]) expect(await view.getByTestId('print-line').locator('[data-column="itemName"]', { hasText: new RegExp(`^Printed item ${i}$`) }).count(), `line ${i}`).toBe(1);
    // The header's total (the server's sum) and the lines' total agree and are both printed.
    const total = Number(header.amount).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    expect(await view.locator('[data-field="amount"]').innerText()).toContain(total);
    expect(await view.getByTestId('print-totals').locator('[data-column="lineAmount"]').innerText()).toContain(total);
    await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    // Printing hides the app: only the print view's host stays displayed under print media.
    await page.emulateMedia({ media: 'print' });
    const shown = await page.evaluate(() => [...document.body.children].filter((el) => getComputedStyle(el).display !== 'none').map((el) => el.className));
    expect(shown).toEqual(['print-view-host']);
    await page.emulateMedia({ media: 'screen' });
    await view.getByTestId('print-close').click();
    await expect.poll(() => view.count()).toBe(0);
  });

  it('prints a received order for the supplier too', async () => {
    const order = await orderOfS0001('PUBLISHED');
    const page = await e.signIn('supplier', `/sodr/received-order/detail/${order.id}`);
    await page.evaluate(() => {
      (window as unknown as { print: () => void }).print = () => undefined;
    });
    await page.getByTestId('detail-actions').getByRole('button', { name: /^打\s*印$/ }).click();
    const view = page.getByTestId('print-view');
    await view.waitFor();
    const lines = Number((await e.ctx.db.query<{ n: number }>('select count(*)::int as n from sodr_po_line where po_header_id = $1', [order.id])).rows[0]!.n);
    await expect.poll(() => view.getByTestId('print-line').count(), { timeout: 15000 }).toBe(lines);
    expect(await view.innerText()).toContain(order.num);
  });
});
