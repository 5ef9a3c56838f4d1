import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ServerEvent } from '../../server/events/events.ts';
import { startTestServer, type TestServer } from './harness.ts';

/**
 * Around the RFx core: an RFx from approved requisition lines (which are then neither ordered nor
 * sourced again), the message to the invited suppliers on release, the event a quote raises for
 * open monitors, the public page of an open RFx, and offline results imported from a file.
 */
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });
let s: TestServer;
type Row = Record<string, unknown>;
const T = '/ssrc/v1/1';
const call = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, as: string | undefined = 'buyer') => s.call({ method, url, ...(payload === undefined ? {} : { payload: payload as Row }), ...(as ? { as } : {}) });
const ok = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, as = 'buyer') => {
  const r = await call(method, url, payload, as);
  expect(r.statusCode, `${method} ${url}: ${r.body}`).toBe(200);
  expect(r.json().failed, `${method} ${url}: ${r.body}`).toBeUndefined();
  return r.json() as Row;
};
const iso = (ms: number) => new Date(Math.ceil((Date.now() + ms) / 1000) * 1000).toISOString();
const supplierId = async (num: string) => Number((await s.ctx.db.query<{ id: number }>('select supplier_id::float8 as id from sslm_supplier where tenant_id = 1 and supplier_num = $1', [num])).rows[0]!.id);
const approvedLines = async (n: number) =>
  (
    await s.ctx.db.query<{ id: number }>(
      `select l.pr_line_id::float8 as id from sprm_pr_line l join sprm_pr_header h on h.pr_header_id = l.pr_header_id
        where l.tenant_id = 1 and h.pr_status_code = 'APPROVED' and l.execution_status_code = 'NONE' and coalesce(l.cancelled_flag, 0) = 0
          and h.company_name = (select company_name from sprm_pr_header where tenant_id = 1 and pr_status_code = 'APPROVED' order by pr_header_id limit 1)
          and h.currency_code = (select currency_code from sprm_pr_header where tenant_id = 1 and pr_status_code = 'APPROVED' order by pr_header_id limit 1)
        order by l.pr_line_id limit $1`,
      [n],
    )
  ).rows.map((r) => r.id);
const execution = async (ids: number[]) => (await s.ctx.db.query<{ e: string }>('select execution_status_code as e from sprm_pr_line where pr_line_id = any($1::bigint[]) order by pr_line_id', [ids])).rows.map((r) => r.e);
const act = async (id: unknown, action: string, extra: Row = {}, as = 'buyer') => call('POST', `${T}/rfx/${String(id)}/actions/${action}`, { objectVersionNumber: (await ok('GET', `${T}/rfx/${String(id)}`)).objectVersionNumber, ...extra }, as);

beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

describe('an RFx from approved requisition lines', () => {
  it('is a draft with those lines, and the lines are then neither ordered nor sourced again', async () => {
    const pr = await approvedLines(2);
    expect(pr).toHaveLength(2);
    const rfx = await ok('POST', `${T}/rfx/application`, pr.map((prLineId) => ({ prLineId })));
    expect(rfx.rfxStatus).toBe('NEW');
    expect(rfx.sourceFrom).toBe('DEMAND_POOL');
    const lines = (await ok('GET', `${T}/rfx/items?rfxHeaderId=${String(rfx.rfxHeaderId)}`)).content as Row[];
    expect(lines.map((l) => Number(l.prLineId)).sort()).toEqual([...pr].sort());
    expect(await execution(pr)).toEqual(['SOURCED', 'SOURCED']);

    const twice = await call('POST', `${T}/rfx/application`, [{ prLineId: pr[0] }]);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toContain(`already being sourced in ${String(rfx.rfxNum)}`);
    const order = await call('POST', '/sodr/v1/1/po-headers/from-requisitions', [{ prLineId: pr[1] }]);
    expect(order.statusCode).toBe(409);
    expect(order.json().message).toContain('being sourced');
    const orderable = (await ok('GET', `/sprm/v1/1/purchase-request-lines/orderable?size=1000`)).content as Row[];
    expect(orderable.map((l) => Number(l.prLineId))).not.toContain(pr[0]);
    // A line naming a requisition line directly would skip the marking: refused, naming the field.
    const direct = await call('POST', `${T}/rfx/items`, { rfxHeaderId: rfx.rfxHeaderId, itemCode: 'X', itemName: 'x', quantity: 1, prLineId: (await approvedLines(1))[0] });
    expect(direct.json().field).toBe('prLineId');

    // Closing the draft gives the lines back to ordering and sourcing.
    expect((await act(rfx.rfxHeaderId, 'close')).statusCode).toBe(200);
    expect(await execution(pr)).toEqual(['NONE', 'NONE']);
  });
});

describe('releasing an RFx', () => {
  it('tells each invited supplier\'s users in their inbox, and nobody else; a quote raises an event naming only the RFx', async () => {
    const tpl = await ok('POST', `${T}/source-template`, { templateCode: `M${Date.now()}`, templateName: 'Messages', sourceCategory: 'RFQ', sourceMethod: 'INVITE', scoringMethod: 'LOWEST_PRICE', roundLimit: 1, sealedQuotationFlag: 1, releaseApprovalFlag: 0, resultApprovalFlag: 0 });
    await ok('POST', `${T}/source-template/${String(tpl.templateId)}/actions/release`, { objectVersionNumber: tpl.objectVersionNumber });
    const h = await ok('POST', `${T}/rfx`, { rfxTitle: 'Message check', templateId: tpl.templateId, companyName: 'Demo Manufacturing Co.', currencyCode: 'CNY', quotationStartDate: iso(-1000), quotationEndDate: iso(3_600_000) });
    await ok('POST', `${T}/rfx/items`, { rfxHeaderId: h.rfxHeaderId, itemCode: 'MAT-1', itemName: 'Bolt', quantity: 10, uomCode: 'EA' });
    await ok('POST', `${T}/rfx/suppliers`, { rfxHeaderId: h.rfxHeaderId, supplierId: await supplierId('S0003') });
    const inbox = async (login: string) => (await s.ctx.db.query<{ subject: string; content: string }>("select m.subject, m.content from hmsg_user_message m join iam_user u on u.id = m.user_id where u.login_name = $1 and m.subject like '%' || $2 || '%'", [login, String(h.rfxNum)])).rows;
    expect(await inbox('supplier3')).toHaveLength(0);
    expect((await act(h.rfxHeaderId, 'release')).json().rfxStatus).toBe('IN_QUOTATION');
    await expect.poll(async () => (await inbox('supplier3')).length).toBe(1);
    expect((await inbox('supplier3'))[0]!.content).toContain(`/ssrc/supplier-quotation/inquiry-price/${String(h.rfxHeaderId)}`);
    expect(await inbox('supplier')).toHaveLength(0);
    expect(await inbox('supplier4')).toHaveLength(0);

    const events: ServerEvent[] = [];
    const off = s.ctx.events.subscribe((e) => events.push(e));
    const line = ((await ok('GET', `${T}/rfx/items?rfxHeaderId=${String(h.rfxHeaderId)}`)).content as Row[])[0]!;
    await ok('POST', `${T}/rfx/${String(h.rfxHeaderId)}/quotation`, { lines: [{ rfxLineId: line.rfxLineId, unitPrice: 3.21 }] }, 'supplier3');
    await expect.poll(() => events.filter((e) => e.type === 'record.changed').length).toBe(1);
    off();
    const e = events.find((x) => x.type === 'record.changed')!;
    expect(e.payload).toEqual({ entity: 'rfxHeader', id: h.rfxHeaderId });
    expect(JSON.stringify(e)).not.toContain('3.21');
  });
});

describe('the public RFx page', () => {
  it('shows a released open RFx without signing in, with no invitee or price, and nothing of an invite-only one', async () => {
    const tpl = await ok('POST', `${T}/source-template`, { templateCode: `P${Date.now()}`, templateName: 'Open', sourceCategory: 'RFQ', sourceMethod: 'OPEN', scoringMethod: 'LOWEST_PRICE', roundLimit: 1, sealedQuotationFlag: 0, releaseApprovalFlag: 0, resultApprovalFlag: 0 });
    await ok('POST', `${T}/source-template/${String(tpl.templateId)}/actions/release`, { objectVersionNumber: tpl.objectVersionNumber });
    const h = await ok('POST', `${T}/rfx`, { rfxTitle: 'Open call for pallets', templateId: tpl.templateId, companyName: 'Demo Manufacturing Co.', currencyCode: 'CNY', budgetAmount: 98765, quotationStartDate: iso(-1000), quotationEndDate: iso(3_600_000) });
    await ok('POST', `${T}/rfx/items`, { rfxHeaderId: h.rfxHeaderId, itemCode: 'PAL-1', itemName: 'Pallet', quantity: 40, uomCode: 'EA', lastPrice: 77.5 });
    await ok('POST', `${T}/rfx/suppliers`, { rfxHeaderId: h.rfxHeaderId, supplierId: await supplierId('S0003') });
    const url = `/ssrc/v1/pub/rfx/${String(h.rfxHeaderId)}`;
    expect((await call('GET', url, undefined, undefined)).statusCode).toBe(404);
    await act(h.rfxHeaderId, 'release');
    const line = ((await ok('GET', `${T}/rfx/items?rfxHeaderId=${String(h.rfxHeaderId)}`)).content as Row[])[0]!;
    await ok('POST', `${T}/rfx/${String(h.rfxHeaderId)}/quotation`, { lines: [{ rfxLineId: line.rfxLineId, unitPrice: 66.25 }] }, 'supplier3');
    const pub = await call('GET', url, undefined, undefined);
    expect(pub.statusCode).toBe(200);
    expect(pub.json()).toMatchObject({ rfxNum: h.rfxNum, rfxTitle: 'Open call for pallets', lines: [{ itemName: 'Pallet', uomCode: 'EA' }] });
    expect(Number((pub.json() as { lines: Row[] }).lines[0]!.quantity)).toBe(40);
    for (const secret of ['66.25', '77.5', '98765', 'supplier', 'S0003']) expect(pub.body).not.toContain(secret);
    // A seeded invite-only RFx in quotation: the same 404 as an unknown id.
    const invite = (await s.ctx.db.query<{ id: number }>("select rfx_header_id::float8 as id from ssrc_rfx_header where tenant_id = 1 and rfx_status = 'IN_QUOTATION' and rfx_title = 'Safety equipment Q1'")).rows[0]!.id;
    expect((await call('GET', `/ssrc/v1/pub/rfx/${invite}`, undefined, undefined)).statusCode).toBe(404);
    expect((await call('GET', '/ssrc/v1/pub/rfx/99999999', undefined, undefined)).statusCode).toBe(404);
  });
});

describe('offline quotation results', () => {
  it('are staged with errors per row, and the valid rows are imported exactly', async () => {
    const id = (await s.ctx.db.query<{ id: number }>("select rfx_header_id::float8 as id from ssrc_rfx_header where tenant_id = 1 and rfx_title = 'Safety equipment Q1'")).rows[0]!.id;
    const rows = [
      { supplier: 'S0001', lineNum: '1', unitPrice: '1.13', deliveryDate: '2027-02-01' },
      { supplier: 'S0004', lineNum: '1', unitPrice: '1.10' },
      { supplier: 'S0003', lineNum: '9', unitPrice: '1.10' },
      { supplier: 'S0003', lineNum: '2', unitPrice: '0' },
      { supplier: 'S0003', lineNum: '2', unitPrice: '1,5' },
      { supplier: 'S0003', lineNum: '1', unitPrice: '2.5', deliveryDate: '2027-02-30' },
      { supplier: 'S0001', lineNum: '1', unitPrice: '1.2' },
      { supplier: 'S0003', lineNum: '2', unitPrice: '7.77' },
      { supplier: 'S0001', lineNum: '2', unitPrice: '1.125' },
    ];
    const staged = await ok('POST', `${T}/rfx/${id}/offline-quotations/validate`, { rows });
    const errs = (staged.rows as Array<{ row: number; valid: boolean; errors: Array<{ field: string }> }>).map((r) => (r.valid ? 'ok' : r.errors.map((e) => e.field).join(',')));
    expect(errs).toEqual(['ok', 'supplier', 'lineNum', 'unitPrice', 'unitPrice', 'deliveryDate', 'lineNum', 'ok', 'unitPrice']);
    // Nothing is written while staging.
    const price = async (num: string, line: number) => (await s.ctx.db.query<{ p: string }>('select q.unit_price::text as p from ssrc_rfx_quotation_line q join sslm_supplier s on s.supplier_id = q.supplier_id where q.rfx_header_id = $1 and s.supplier_num = $2 and q.line_num = $3 and q.current_flag = 1', [id, num, line])).rows[0]?.p;
    const before = await price('S0001', 1);
    expect(before).not.toBe('1.13');
    const done = await ok('POST', `${T}/rfx/${id}/offline-quotations`, { rows });
    expect(done.imported).toBe(2);
    expect(await price('S0001', 1)).toBe('1.13');
    expect(await price('S0003', 2)).toBe('7.77');
    // Suppliers do not enter offline results; an unknown field is named.
    expect((await call('POST', `${T}/rfx/${id}/offline-quotations`, { rows }, 'supplier')).statusCode).toBe(403);
    const bad = await call('POST', `${T}/rfx/${id}/offline-quotations/validate`, { rows: [{ supplier: 'S0001', price: '1' }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('price');
  });
});
