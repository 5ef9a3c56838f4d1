import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiCalls } from './api-calls.ts';
import { startTestServer, type TestServer } from './harness.ts';

/**
 * Which company quotes: the demo `supplier` acts for S0001 and S0002. On an RFx inviting both it
 * names the one that quotes (`supplierId`); a company it does not act for is refused (403), one
 * of its own the RFx did not invite too (400), both naming the field; with one invited company of
 * its own the call needs no `supplierId`, as before. Withdrawing follows the same rule.
 */
vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });
let s: TestServer;
type Row = Record<string, unknown>;
const T = '/ssrc/v1/1';
const { call, ok, one } = apiCalls(() => s);
const iso = (ms: number) => new Date(Math.ceil((Date.now() + ms) / 1000) * 1000).toISOString();
const ids: Record<string, number> = {};

/** A released, not sealed RFx of one line inviting these suppliers, quotations open for an hour. */
async function released(invite: string[]): Promise<{ id: number; line: number }> {
  const code = `Q${Math.random().toString(36).slice(2, 9)}`;
  const tpl = await ok('buyer', 'POST', `${T}/source-template`, { templateCode: code, templateName: `Template ${code}`, sourceCategory: 'RFQ', sourceMethod: 'INVITE', scoringMethod: 'LOWEST_PRICE', roundLimit: 1, releaseApprovalFlag: 0, resultApprovalFlag: 0, sealedQuotationFlag: 0 });
  await ok('buyer', 'POST', `${T}/source-template/${String(tpl.templateId)}/actions/release`, { objectVersionNumber: tpl.objectVersionNumber });
  const h = await ok('buyer', 'POST', `${T}/rfx`, { rfxTitle: 'Hinges', templateId: tpl.templateId, companyName: 'Demo Manufacturing Co.', currencyCode: 'CNY', quotationStartDate: iso(-1000), quotationEndDate: iso(3_600_000) });
  const id = Number(h.rfxHeaderId);
  await ok('buyer', 'POST', `${T}/rfx/items`, { rfxHeaderId: id, itemCode: 'MAT-1001', itemName: 'Hinge', quantity: 10, uomCode: 'EA' });
  for (const n of invite) await ok('buyer', 'POST', `${T}/rfx/suppliers`, { rfxHeaderId: id, supplierId: ids[n] });
  const v = (await ok('buyer', 'GET', `${T}/rfx/${id}`)).objectVersionNumber;
  expect((await ok('buyer', 'POST', `${T}/rfx/${id}/actions/release`, { objectVersionNumber: v })).rfxStatus).toBe('IN_QUOTATION');
  const line = Number(((await ok('buyer', 'GET', `${T}/rfx/items?rfxHeaderId=${id}`)).content as Row[])[0]!.rfxLineId);
  return { id, line };
}
const quote = (id: number, line: number, price: number, supplierId?: number, as = 'supplier') =>
  call(as, 'POST', `${T}/rfx/${id}/quotation`, { ...(supplierId === undefined ? {} : { supplierId }), lines: [{ rfxLineId: line, unitPrice: price }] });
const quotedBy = async (id: number) => (await s.ctx.db.query<{ sup: number; p: string }>('select supplier_id::float8 as sup, unit_price::text as p from ssrc_rfx_quotation_line where rfx_header_id = $1 order by supplier_id', [id])).rows.map((r) => [r.sup, Number(r.p)]);

beforeAll(async () => {
  s = await startTestServer();
  for (const n of ['S0001', 'S0002', 'S0003']) ids[n] = Number((await one<{ id: number }>('select supplier_id::float8 as id from sslm_supplier where tenant_id = 1 and supplier_num = $1', [n])).id);
});
afterAll(() => s.close());

describe('the quoting company', () => {
  it('is named when the user acts for several invited companies, and must be theirs and invited', async () => {
    const { id, line } = await released(['S0001', 'S0002']);
    const unnamed = await quote(id, line, 5);
    expect([unnamed.status, unnamed.body.field]).toEqual([400, 'supplierId']);
    const foreign = await quote(id, line, 5, ids.S0003);
    expect([foreign.status, foreign.body.field]).toEqual([403, 'supplierId']);
    expect(await quotedBy(id)).toEqual([]);
    const r = await ok('supplier', 'POST', `${T}/rfx/${id}/quotation`, { supplierId: ids.S0002, lines: [{ rfxLineId: line, unitPrice: 4.25 }] });
    expect(r.supplierId).toBe(ids.S0002);
    // The answer names when (UTC, as date-times travel): the supplier's receipt shows it.
    expect(r.quotedDate).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(await quotedBy(id)).toEqual([[ids.S0002, 4.25]]);
    // The invitation of the company that quoted is marked, the other's not.
    const inv = (await ok('buyer', 'GET', `${T}/rfx/suppliers?rfxHeaderId=${id}`)).content as Row[];
    expect(inv.map((x) => [x.supplierId, x.quotedFlag]).sort()).toEqual([[ids.S0001, 0], [ids.S0002, 1]].sort());
    // Withdrawing names the company too.
    expect((await call('supplier', 'DELETE', `${T}/rfx/${id}/quotation`)).body.field).toBe('supplierId');
    expect((await ok('supplier', 'DELETE', `${T}/rfx/${id}/quotation?supplierId=${ids.S0002}`)).withdrawnLines).toBe(1);
  });

  it('defaults to the only invited company of the user, and refuses one of theirs the RFx did not invite', async () => {
    const { id, line } = await released(['S0001', 'S0003']);
    expect((await quote(id, line, 3.5)).status).toBe(200);
    const notInvited = await quote(id, line, 3.5, ids.S0002);
    expect([notInvited.status, notInvited.body.field]).toEqual([400, 'supplierId']);
    expect((await quote(id, line, 3.75, undefined, 'supplier3')).status).toBe(200);
    expect(await quotedBy(id)).toEqual([[ids.S0001, 3.5], [ids.S0003, 3.75]]);
    // A user with no invited company finds no RFx, whatever it names.
    expect((await quote(id, line, 1, undefined, 'supplier4')).status).toBe(404);
  });
});
