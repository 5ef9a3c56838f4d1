import type { Locator, Page } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import { detailButton, flowFile, okConfirm, screen } from './flow-kit.ts';

/**
 * An RFx from requisition lines to orders, each person in their own browser against one server:
 * the buyer, ordering from requisitions, sends two approved requisition lines to an RFx instead
 * (a draft with a sealed template, release and result approval; the notice links it), invites three suppliers and submits it; the approver approves the release; the
 * invited suppliers find it in their own lists (and their inbox), two quote, one does not; nobody
 * sees another's price, nor the buyer any before opening, on screen or from the API; the buyer's
 * monitor counts the quotes as they arrive; after the end a late quote is refused; the buyer opens
 * with the password, checks prices and awards one line split between two suppliers; the approver
 * approves the result; the awarded lines are draft orders in the buyer's order screens, and each
 * document leads to the next and back: order → RFx → requisition → RFx → the other order, which is
 * approved, released and drafts its contract → order → RFx.
 */
// The quotation window closes by moving its end into the past in the database (as if the time
// had passed), rather than by waiting for it.
vi.setConfig({ testTimeout: 900_000, hookTimeout: 120_000 });
const { e, q, api, documentStatus } = flowFile();

const T = '/ssrc/v1/1';
const button = detailButton;
const confirmDialog = okConfirm;
const { status, reaches } = documentStatus('ssrc_rfx_header', 'rfx_header_id', 'rfx_status', 'RFx');

/** Picks a supplier by number in a supplier lookup (the field's input opens it). */
async function pickSupplier(page: Page, input: Locator, num: string) {
  await input.click();
  const dialog = page.locator('.ant-modal:visible');
  await dialog.locator('input[name="lov-supplierNum"]').fill(num);
  await dialog.locator('input[name="lov-supplierNum"]').press('Enter');
  await dialog.locator('.ant-table-row', { hasText: num }).first().click();
  await dialog.waitFor({ state: 'hidden' });
}

/** Approves the workflow task of a document from My tasks, found by its number, with a comment if given. */
async function approveTask(page: Page, docNum: string, comment?: string) {
  await page.goto(`${e.baseUrl}/hwfl/workflow/task/list`);
  await screen(page, '/hwfl/workflow/task/list').locator('[role="gridcell"] a', { hasText: docNum }).first().click();
  if (comment) await page.locator('#wfl-comment:visible').fill(comment);
  await page.getByTestId('wfl-act-Approved').click();
  await page.getByTestId('wfl-readonly').waitFor();
  // The task opened in the list's tab; closed, so the next visit starts at the list again.
  await page.locator('.ant-tabs-tab-active .ant-tabs-tab-remove').click();
}

/** A supplier quotes every line from their own RFx list. */
async function quoteFromList(page: Page, rfxId: number, prices: string[]) {
  await page.goto(`${e.baseUrl}/ssrc/supplier-quotation/list`);
  await screen(page, '/ssrc/supplier-quotation/list').locator(`[role="row"][data-row-key="${rfxId}"] a`).first().click();
  const entry = page.getByTestId('quotation-entry');
  await entry.waitFor();
  // Each price cell holds the renderer's number widget; the send asks first.
  for (const [i, p] of prices.entries()) await entry.getByTestId(`price-${i + 1}`).locator('input').fill(p);
  await entry.getByTestId('quotation-send').click();
  await confirmDialog(page);
  await entry.getByTestId('quotation-receipt').waitFor();
}

describe('an RFx from requisition lines to orders', () => {
  it('runs in the screens of the buyer, three suppliers and the approver', async () => {
    const supplierIds = Object.fromEntries((await q<{ num: string; id: number }>("select supplier_num as num, supplier_id::float8 as id from sslm_supplier where tenant_id = 1 and supplier_num in ('S0001', 'S0003', 'S0004')")).map((r) => [r.num, r.id]));
    // Two approved requisition lines of one requisition, neither ordered nor sourced.
    const pr = (
      await q<{ num: string; ids: number[] }>(
        `select h.display_pr_num as num, array_agg(l.pr_line_id::float8 order by l.line_num) as ids from sprm_pr_header h join sprm_pr_line l on l.pr_header_id = h.pr_header_id
          where h.tenant_id = 1 and h.pr_status_code = 'APPROVED' and l.execution_status_code = 'NONE' and coalesce(l.cancelled_flag, 0) = 0
          group by h.pr_header_id, h.display_pr_num having count(*) >= 2 order by h.pr_header_id limit 1`,
      )
    )[0]!;
    const prLines = pr.ids.slice(0, 2).map(Number);

    // The buyer, ordering from requisitions, sends the lines to an RFx instead of ordering them.
    const ORDERING = '/sodr/purchase-order-maintain/quote-purchase-requisition';
    const buyer = await e.signIn('buyer', ORDERING);
    const pool = screen(buyer, ORDERING);
    await pool.locator('input[id$="displayPrNum"]').fill(pr.num);
    await pool.locator('input[id$="displayPrNum"]').press('Enter');
    for (const id of prLines) await pool.locator(`[role="row"][data-row-key="${id}"]`).getByRole('checkbox').check();
    await pool.getByRole('button', { name: /转询价|Source in an RFx/ }).click();
    await confirmDialog(buyer);
    const rfxOf = async () => (await q<{ id: number; num: string }>('select h.rfx_header_id::float8 as id, h.rfx_num as num from ssrc_rfx_header h join ssrc_rfx_line l on l.rfx_header_id = h.rfx_header_id where l.pr_line_id = $1', [prLines[0]]))[0];
    await expect.poll(async () => (await rfxOf())?.id ?? null).not.toBeNull();
    const { id, num } = (await rfxOf())!;
    // The notice names the new RFx as a link to its page, which says where it came from.
    await buyer.getByTestId('created-documents').locator(`[data-document-id="${id}"] a`, { hasText: num }).click();
    await screen(buyer, '/ssrc/inquiry-hall/rfx-detail/:rfxId').getByTestId('related-from').locator('[data-document="prHeader"]', { hasText: pr.num }).waitFor();
    await buyer.goto(`${e.baseUrl}${ORDERING}`);
    expect((await q<{ e: string }>('select execution_status_code as e from sprm_pr_line where pr_line_id = any($1::bigint[])', [prLines])).map((r) => r.e)).toEqual(['SOURCED', 'SOURCED']);
    // The sourced lines leave the pool, and ordering them is refused with the reason.
    await pool.locator('[role="row"][data-row-key]').first().waitFor();
    expect(await pool.locator(`[role="row"][data-row-key="${prLines[0]}"]`).count()).toBe(0);
    const order = await api('buyer', 'POST', '/sodr/v1/1/po-headers/from-requisitions', [{ prLineId: prLines[0] }]);
    expect([order.status, String(order.json().message)]).toEqual([409, expect.stringContaining('being sourced')]);

    // A day's window and an opening password (the password has no screen of its own yet).
    const head = (await api('buyer', 'GET', `${T}/rfx/${id}`)).json();
    expect([head.sealedQuotationFlag, head.releaseApprovalFlag, head.resultApprovalFlag]).toEqual([1, 1, 1]);
    const end = new Date(Math.ceil((Date.now() + 86_400_000) / 1000) * 1000).toISOString();
    const put = await api('buyer', 'PUT', `${T}/rfx`, { ...head, rfxTitle: `Spares sourcing ${num}`, quotationEndDate: end });
    expect(put.status, put.body).toBe(200);
    expect((await api('buyer', 'PUT', `${T}/rfx/${id}/password`, { password: 'open-sesame' })).status).toBe(200);

    // The buyer invites the three suppliers on the draft and submits it for release approval.
    await buyer.goto(`${e.baseUrl}/ssrc/inquiry-hall/rfx-update/${id}`);
    const draft = screen(buyer, '/ssrc/inquiry-hall/rfx-update/:rfxId');
    await draft.getByRole('tab', { name: /邀请供应商|Invited suppliers|供应商/ }).click();
    // The invitations tab's lines (the RFx lines' tab is hidden once this one is chosen).
    const invites = buyer.locator('[data-testid="inline-lines"]:visible');
    for (const [i, sup] of ['S0001', 'S0003', 'S0004'].entries()) {
      await invites.locator('[data-action="add-line"]').click();
      await pickSupplier(buyer, invites.locator(`#line-new-${i + 1}-supplierId`), sup);
    }
    await invites.locator('[data-action="save-lines"]').click();
    await expect.poll(async () => (await q<{ n: number }>('select count(*)::int as n from ssrc_rfx_supplier where rfx_header_id = $1', [id]))[0]!.n).toBe(3);
    await button(buyer, /提交发布审批|Submit for release approval/).click();
    await reaches(id, 'RELEASE_APPROVING');

    // Not released yet: no supplier sees it.
    const sam = await e.signIn('supplier', '/ssrc/supplier-quotation/list');
    await screen(sam, '/ssrc/supplier-quotation/list').locator('[role="row"][data-row-key]').first().waitFor();
    expect(await screen(sam, '/ssrc/supplier-quotation/list').locator(`[role="row"][data-row-key="${id}"]`).count()).toBe(0);

    // The buyer who submitted it has no approval task for it; the approver approves the release in My tasks,
    // the comment becoming the RFx's approval remark.
    const mine = (await api('buyer', 'GET', '/hwfl/v1/1/tasks?statusCode=PENDING&size=200')).json() as { content: Array<{ description: string }> };
    expect(mine.content.some((t) => t.description.startsWith(num))).toBe(false);
    const approver = await e.signIn('approver', '/workplace');
    await approveTask(approver, num, 'Go ahead');
    await reaches(id, 'IN_QUOTATION');
    expect((await q<{ r: string }>('select approved_remark as r from ssrc_rfx_header where rfx_header_id = $1', [id]))[0]!.r).toBe('Go ahead');

    // Each invited supplier's users are told, with the link to quote.
    const inbox = async (login: string) => (await q<{ n: number }>("select count(*)::int as n from hmsg_user_message m join iam_user u on u.id = m.user_id where u.login_name = $1 and m.subject like '%' || $2 || '%' and m.content like '%inquiry-price/' || $3 || '%'", [login, num, String(id)]))[0]!.n;
    await expect.poll(() => inbox('supplier4')).toBe(1);
    expect([await inbox('supplier'), await inbox('supplier3')]).toEqual([1, 1]);

    // The buyer watches the monitor: nobody has quoted.
    await buyer.goto(`${e.baseUrl}/ssrc/inquiry-hall/quotation-monitor/${id}`);
    const monitor = buyer.getByTestId('quotation-monitor');
    await expect.poll(() => monitor.getByTestId('monitor-quoted').textContent()).toBe('0 / 3');

    // S0001's user quotes; the monitor counts it without a reload, and shows no price.
    await quoteFromList(sam, id, ['12.40', '3.35']);
    await expect.poll(async () => (await q<{ n: number }>('select count(*)::int as n from ssrc_rfx_quotation_line where rfx_header_id = $1', [id]))[0]!.n).toBe(2);
    await expect.poll(() => monitor.getByTestId('monitor-quoted').textContent()).toBe('1 / 3');
    await expect.poll(() => monitor.getByTestId(`monitor-quoted-${supplierIds.S0001}`).textContent()).toMatch(/是|Yes/);

    // S0003's user sees the RFx in their own list, and nothing of S0001's offer.
    const sue = await e.signIn('supplier3', '/ssrc/supplier-quotation/list');
    await screen(sue, '/ssrc/supplier-quotation/list').locator(`[role="row"][data-row-key="${id}"]`).waitFor();
    await sue.goto(`${e.baseUrl}/ssrc/supplier-quotation/inquiry-price/${id}`);
    const sueEntry = sue.getByTestId('quotation-entry');
    await sueEntry.getByTestId('price-1').waitFor();
    expect(await sueEntry.getByTestId('price-1').locator('input').inputValue()).toBe('');
    expect(await sueEntry.innerText()).not.toContain('12.4');
    await quoteFromList(sue, id, ['11.90', '3.60']);
    await expect.poll(() => monitor.getByTestId('monitor-quoted').textContent()).toBe('2 / 3');

    // S0004's user sees it too, and does not quote.
    const sid = await e.signIn('supplier4', '/ssrc/supplier-quotation/list');
    await screen(sid, '/ssrc/supplier-quotation/list').locator(`[role="row"][data-row-key="${id}"]`).waitFor();

    // Sealed: no price on the buyer's monitor, nor from the API for the buyer or another supplier.
    const prices = ['12.4', '3.35', '11.9', '3.6'];
    const monitorText = await monitor.innerText();
    expect(prices.filter((p) => monitorText.includes(p))).toEqual([]);
    for (const [user, url] of [
      ['buyer', `${T}/quotation-lines?rfxHeaderId=${id}`],
      ['buyer', `${T}/rfx/${id}/check`],
      ['supplier3', `${T}/quotation-lines?rfxHeaderId=${id}`],
      ['supplier4', `${T}/quotation-lines?rfxHeaderId=${id}`],
    ] as const) {
      const r = await api(user, 'GET', url);
      const own = user === 'supplier3' ? ['11.9', '3.6'] : [];
      expect(prices.filter((p) => r.body.includes(p) && !own.includes(p)), `${user} ${url}`).toEqual([]);
    }
    const buyerView = await api('buyer', 'GET', `${T}/rfx/${id}/check`);
    expect(buyerView.json().failed).toBe(true);

    // After the end: a late quote is refused, and the buyer opens with the password.
    await q("update ssrc_rfx_header set quotation_end_date = now() - interval '1 second' where rfx_header_id = $1", [id]);
    const late = await api('supplier4', 'POST', `${T}/rfx/${id}/quotation`, { lines: [{ rfxLineId: (await q<{ id: number }>('select rfx_line_id::float8 as id from ssrc_rfx_line where rfx_header_id = $1 order by line_num', [id]))[0]!.id, unitPrice: 1 }] });
    expect(late.json().failed, late.body).toBe(true);
    expect(late.body).not.toMatch(/12\.4|11\.9/);
    await monitor.getByTestId('monitor-refresh').click();
    await monitor.getByTestId('monitor-open').click();
    await buyer.getByTestId('monitor-password').fill('wrong-one');
    await buyer.getByTestId('monitor-open-ok').click();
    await expect.poll(() => e.refusals.some((r) => r.includes('/rfx/open'))).toBe(true);
    expect(await status(id)).toBe('IN_QUOTATION');
    await buyer.getByTestId('monitor-password').fill('open-sesame');
    await buyer.getByTestId('monitor-open-ok').click();
    await reaches(id, 'OPENED');

    // The price check: every price now, one line split between S0001 and S0003.
    const detail = screen(buyer, '/ssrc/inquiry-hall/rfx-detail/:rfxId');
    await detail.waitFor();
    await button(buyer, /开始核价|Start price check/).click();
    await reaches(id, 'CHECK_PENDING');
    await buyer.goto(`${e.baseUrl}/ssrc/inquiry-hall/check-price?rfxId=${id}`);
    const matrix = buyer.getByTestId('check-matrix');
    await matrix.waitFor();
    const text = await matrix.innerText();
    for (const p of ['12.40', '3.35', '11.90', '3.60']) expect(text).toContain(p);
    const lines = await q<{ id: number; qty: string }>('select rfx_line_id::float8 as id, quantity::text as qty from ssrc_rfx_line where rfx_header_id = $1 order by line_num', [id]);
    const [l1, l2] = lines as [(typeof lines)[0], (typeof lines)[0]];
    const q1 = Number(l1.qty);
    const split = Math.floor(q1 / 2);
    const award = (line: number, sup: string) => matrix.getByTestId(`award-${line}-${supplierIds[sup]}`);
    await award(l1.id, 'S0003').fill(String(split));
    await award(l1.id, 'S0001').fill(String(q1 - split));
    await award(l2.id, 'S0001').fill(String(Number(l2.qty)));
    await buyer.getByTestId('check-save').click();
    const awarded = async () => (await q<{ sup: string; line: number; qty: string }>('select s.supplier_num as sup, q.line_num::int as line, q.award_quantity::text as qty from ssrc_rfx_quotation_line q join sslm_supplier s on s.supplier_id = q.supplier_id where q.rfx_header_id = $1 and q.award_quantity > 0 order by q.line_num, s.supplier_num', [id])).map((r) => [r.sup, r.line, Number(r.qty)]);
    await expect.poll(awarded).toEqual([
      ['S0001', 1, q1 - split],
      ['S0003', 1, split],
      ['S0001', 2, Number(l2.qty)],
    ]);
    await buyer.goto(`${e.baseUrl}/ssrc/inquiry-hall/rfx-detail/${id}`);
    await button(buyer, /提交核价审批|Submit result for approval/).click();
    await reaches(id, 'CHECK_APPROVING');

    // The approver approves the result; the awards become one draft order per supplier.
    await approveTask(approver, num);
    await reaches(id, 'FINISHED');
    const orders = await q<{ id: number; sup: string; lines: number }>(
      `select h.po_header_id::float8 as id, s.supplier_num as sup, (select count(*)::int from sodr_po_line l where l.po_header_id = h.po_header_id) as lines
         from sodr_po_header h join sslm_supplier s on s.supplier_id = h.supplier_id where h.remark = $1 order by s.supplier_num`,
      [`From ${num}`],
    );
    expect(orders.map((o) => [o.sup, o.lines])).toEqual([
      ['S0001', 2],
      ['S0003', 1],
    ]);
    await buyer.goto(`${e.baseUrl}/sodr/send-order/list`);
    const sendList = screen(buyer, '/sodr/send-order/list');
    for (const o of orders) await sendList.locator(`[role="row"][data-row-key="${o.id}"]`).waitFor();

    // The chain both ways: the order came from the RFx, the RFx from the requisition and led to
    // both orders, and the requisition led to the RFx.
    const [first, second] = orders as [(typeof orders)[0], (typeof orders)[0]];
    await buyer.goto(`${e.baseUrl}/sodr/send-order/detail/${first.id}`);
    await screen(buyer, '/sodr/send-order/detail/:id').getByTestId('related-from').locator(`[data-document="rfxHeader"][data-document-id="${id}"] a`, { hasText: num }).click();
    const rfxPage = screen(buyer, '/ssrc/inquiry-hall/rfx-detail/:rfxId');
    const ledTo = rfxPage.getByTestId('related-to');
    for (const o of orders) await ledTo.locator(`[data-document="poHeader"][data-document-id="${o.id}"]`).waitFor();
    await rfxPage.getByTestId('related-from').locator('[data-document="prHeader"] a', { hasText: pr.num }).click();
    const prPage = screen(buyer, '/sprm/purchase-requisition-inquiry/not-erp-detail/:id');
    await prPage.getByTestId('related-to').locator(`[data-document="rfxHeader"][data-document-id="${id}"] a`, { hasText: num }).click();
    await rfxPage.getByTestId('related-to').locator(`[data-document-id="${second.id}"] a`).click();
    await screen(buyer, '/sodr/send-order/detail/:id').getByTestId('related-from').locator(`[data-document="rfxHeader"][data-document-id="${id}"]`).waitFor();

    // The chain goes on to a contract: S0003's order is submitted, approved by the approver in My
    // tasks, released, and drafts its contract, whose page leads back to the order, and the order's
    // page to both the RFx it came from and the contract it became.
    const orderStatus = documentStatus('sodr_po_header', 'po_header_id', 'status_code', 'order');
    const s3num = (await q<{ n: string }>('select display_po_num as n from sodr_po_header where po_header_id = $1', [second.id]))[0]!.n;
    await buyer.goto(`${e.baseUrl}/sodr/send-order/detail/${second.id}`);
    await button(buyer, /^提\s*交$/).click();
    await orderStatus.reaches(second.id, 'APPROVING');
    await approveTask(approver, s3num);
    await orderStatus.reaches(second.id, 'APPROVED');
    await buyer.goto(`${e.baseUrl}/sodr/order-release/detail/${second.id}`);
    await button(buyer, /^发\s*布$/).click();
    await confirmDialog(buyer);
    await orderStatus.reaches(second.id, 'PUBLISHED');
    await buyer.goto(`${e.baseUrl}/sodr/send-order/detail/${second.id}`);
    await button(buyer, /生成合同|Draft contract/).click();
    await confirmDialog(buyer);
    const contractOf = async () =>
      (await q<{ id: number; num: string }>('select distinct h.pc_header_id::float8 as id, h.pc_num as num from scm_contract_header h join scm_contract_line l on l.pc_header_id = h.pc_header_id join sodr_po_line p on p.po_line_id = l.po_line_id where p.po_header_id = $1', [second.id]))[0];
    await expect.poll(contractOf).toBeDefined();
    const contract = (await contractOf())!;
    await buyer.getByTestId('created-documents').locator(`[data-document-id="${contract.id}"] a`, { hasText: contract.num }).click();
    await screen(buyer, '/scm/send-contract/detail/:id').getByTestId('related-from').locator(`[data-document="poHeader"][data-document-id="${second.id}"] a`, { hasText: s3num }).click();
    const s3page = screen(buyer, '/sodr/send-order/detail/:id');
    await s3page.getByTestId('related-to').locator(`[data-document="contractHeader"][data-document-id="${contract.id}"]`, { hasText: contract.num }).waitFor();
    await s3page.getByTestId('related-from').locator(`[data-document="rfxHeader"][data-document-id="${id}"]`, { hasText: num }).waitFor();
  });
});
