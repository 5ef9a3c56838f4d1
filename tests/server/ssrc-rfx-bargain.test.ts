import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiCalls } from './api-calls.ts';
import { startTestServer, type TestServer } from './harness.ts';

/**
 * The steps of an RFx between opening and the price check, and a supplier taking its quotation
 * back: pretrial verdicts per supplier (a failed one is never suggested nor awarded), bargaining
 * (lower prices only, until its deadline, only when the template allows it), and withdrawal
 * before the quotation end.
 */
vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });
let s: TestServer;
type Row = Record<string, unknown>;
const T = '/ssrc/v1/1';
const { call, ok, one } = apiCalls(() => s);
const iso = (ms: number) => new Date(Math.ceil((Date.now() + ms) / 1000) * 1000).toISOString();
const sleepUntil = async (when: string) => {
  const wait = new Date(when).getTime() - Date.now() + 300;
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
};
const refused = (r: { status: number; body: Row }) => r.status === 200 && r.body.failed === true;
const rfx = (id: number) => ok('buyer', 'GET', `${T}/rfx/${id}`);
const act = async (id: number, action: string, extra: Row = {}, as = 'buyer') => call(as, 'POST', `${T}/rfx/${id}/actions/${action}`, { objectVersionNumber: (await rfx(id)).objectVersionNumber, ...extra });
const invitation = async (id: number, supplierNum: string) =>
  ((await ok('buyer', 'GET', `${T}/rfx/suppliers?rfxHeaderId=${id}`)).content as Row[]).find((x) => x.supplierId === ids[supplierNum])!;
const moveInvitation = async (id: number, supplierNum: string, action: string, extra: Row = {}, as = 'buyer') => {
  const inv = await invitation(id, supplierNum);
  return call(as, 'POST', `${T}/rfx/suppliers/${String(inv.rfxLineSupplierId)}/actions/${action}`, { objectVersionNumber: inv.objectVersionNumber, ...extra });
};
const ids: Record<string, number> = {};

/** An RFx of two lines inviting S0001 (user `supplier`) and S0003 (`supplier3`), released, quotations open until `end`. */
async function released(rules: Row, end: string): Promise<{ id: number; L: Row[] }> {
  const code = `B${Math.random().toString(36).slice(2, 9)}`;
  const tpl = await ok('buyer', 'POST', `${T}/source-template`, { templateCode: code, templateName: `Template ${code}`, sourceCategory: 'RFQ', sourceMethod: 'INVITE', scoringMethod: 'LOWEST_PRICE', roundLimit: 2, releaseApprovalFlag: 0, resultApprovalFlag: 0, ...rules });
  await ok('buyer', 'POST', `${T}/source-template/${String(tpl.templateId)}/actions/release`, { objectVersionNumber: tpl.objectVersionNumber });
  const h = await ok('buyer', 'POST', `${T}/rfx`, { rfxTitle: 'Bolts and gloves', templateId: tpl.templateId, companyName: 'Demo Manufacturing Co.', currencyCode: 'CNY', quotationStartDate: iso(-1000), quotationEndDate: end });
  const id = Number(h.rfxHeaderId);
  await ok('buyer', 'POST', `${T}/rfx/items`, { rfxHeaderId: id, itemCode: 'MAT-1001', itemName: 'Steel bolt M8x40', quantity: 100, uomCode: 'EA', lastPrice: 2 });
  await ok('buyer', 'POST', `${T}/rfx/items`, { rfxHeaderId: id, itemCode: 'MAT-1009', itemName: 'Safety gloves', quantity: 50, uomCode: 'EA', lastPrice: 10 });
  await ok('buyer', 'POST', `${T}/rfx/suppliers`, { rfxHeaderId: id, supplierId: ids.S0001 });
  await ok('buyer', 'POST', `${T}/rfx/suppliers`, { rfxHeaderId: id, supplierId: ids.S0003 });
  expect((await act(id, 'release')).body.rfxStatus).toBe('IN_QUOTATION');
  const L = ((await ok('buyer', 'GET', `${T}/rfx/items?rfxHeaderId=${id}`)).content as Row[]).sort((a, b) => Number(a.lineNum) - Number(b.lineNum));
  return { id, L };
}
const quote = (id: number, as: string, prices: Array<[unknown, number]>) => call(as, 'POST', `${T}/rfx/${id}/quotation`, { lines: prices.map(([rfxLineId, unitPrice]) => ({ rfxLineId, unitPrice, deliveryDate: '2027-01-15' })) });

beforeAll(async () => {
  s = await startTestServer();
  for (const n of ['S0001', 'S0003']) ids[n] = Number((await one<{ id: number }>('select supplier_id::float8 as id from sslm_supplier where tenant_id = 1 and supplier_num = $1', [n])).id);
});
afterAll(() => s.close());

describe('a supplier withdraws its quotation', () => {
  it('before the quotation end, and may quote again; not after, and nobody else withdraws it', async () => {
    const end = iso(8_000);
    const { id, L } = await released({ sealedQuotationFlag: 1 }, end);
    expect((await quote(id, 'supplier', [[L[0]!.rfxLineId, 1.9], [L[1]!.rfxLineId, 9.5]])).status).toBe(200);
    // The buyer cannot withdraw a supplier's quotation; an uninvited supplier finds no RFx.
    expect((await call('buyer', 'DELETE', `${T}/rfx/${id}/quotation`)).status).toBe(403);
    expect((await call('supplier4', 'DELETE', `${T}/rfx/${id}/quotation`)).status).toBe(404);
    // supplier3 has nothing to withdraw.
    expect(refused(await call('supplier3', 'DELETE', `${T}/rfx/${id}/quotation`))).toBe(true);
    const w = await ok('supplier', 'DELETE', `${T}/rfx/${id}/quotation`);
    expect(w.withdrawnLines).toBe(2);
    expect(await one('select count(*)::int as n from ssrc_rfx_quotation_line where rfx_header_id = $1', [id])).toEqual({ n: 0 });
    expect((await invitation(id, 'S0001')).quotedFlag).toBe(0);
    // Quoted again before the end; after the end the quotation stays.
    expect((await quote(id, 'supplier', [[L[0]!.rfxLineId, 1.8]])).status).toBe(200);
    await sleepUntil(end);
    expect(refused(await call('supplier', 'DELETE', `${T}/rfx/${id}/quotation`))).toBe(true);
    expect(await one('select count(*)::int as n from ssrc_rfx_quotation_line where rfx_header_id = $1', [id])).toEqual({ n: 1 });
  });
});

describe('pretrial and bargaining after opening', () => {
  let id: number;
  let L: Row[];
  beforeAll(async () => {
    const end = iso(8_000);
    ({ id, L } = await released({ sealedQuotationFlag: 1, bargainFlag: 1 }, end));
    expect((await quote(id, 'supplier', [[L[0]!.rfxLineId, 1.93], [L[1]!.rfxLineId, 9.57]])).status).toBe(200);
    expect((await quote(id, 'supplier3', [[L[0]!.rfxLineId, 1.71], [L[1]!.rfxLineId, 11.37]])).status).toBe(200);
    await sleepUntil(end);
    expect((await act(id, 'open')).body.rfxStatus).toBe('OPENED');
  });

  it('gives each quoting supplier a verdict, a failure with its reason, and goes on only when all have one', async () => {
    // Verdicts are taken only while the RFx is in pretrial.
    expect(refused(await moveInvitation(id, 'S0001', 'passPretrial'))).toBe(true);
    expect((await act(id, 'pretrial')).body.rfxStatus).toBe('PRETRIAL_PENDING');
    const early = await act(id, 'submitPretrial');
    expect([early.status, early.body.field]).toEqual([400, 'pretrialStatus']);
    // A supplier takes no verdict on itself, and a failure needs its reason.
    expect((await moveInvitation(id, 'S0003', 'passPretrial', {}, 'supplier3')).status).toBe(403);
    const bare = await moveInvitation(id, 'S0003', 'failPretrial');
    expect([bare.status, bare.body.field]).toEqual([400, 'pretrialRemark']);
    expect((await moveInvitation(id, 'S0003', 'failPretrial', { pretrialRemark: 'Business licence expired' })).body.pretrialStatus).toBe('FAILED');
    expect((await moveInvitation(id, 'S0001', 'passPretrial')).body.pretrialStatus).toBe('PASSED');
    // The failed supplier reads its verdict and reason.
    const own = ((await ok('supplier3', 'GET', `${T}/rfx/suppliers?rfxHeaderId=${id}`)).content as Row[]).map((x) => [x.pretrialStatus, x.pretrialRemark]);
    expect(own).toEqual([['FAILED', 'Business licence expired']]);
    expect((await act(id, 'submitPretrial')).body.rfxStatus).toBe('CHECK_PENDING');
  });

  it('never suggests nor awards the failed supplier, though its price was the lowest', async () => {
    const m = await ok('buyer', 'GET', `${T}/rfx/${id}/check`);
    const cells = m.cells as Row[];
    const s3 = cells.find((c) => c.supplierId === ids.S0003 && c.rfxLineId === L[0]!.rfxLineId)!;
    const s1 = cells.find((c) => c.supplierId === ids.S0001 && c.rfxLineId === L[0]!.rfxLineId)!;
    expect([s3.unitPrice, s3.suggested, s1.suggested]).toEqual(['1.71', false, true]);
    const r = await call('buyer', 'POST', `${T}/rfx/check`, { rfxHeaderId: id, awards: [{ quotationLineId: s3.quotationLineId, awardQuantity: 10 }] });
    expect([r.status, r.body.field]).toEqual([400, 'awards[0].quotationLineId']);
  });

  it('bargains until its deadline: lower prices only, from the passed supplier, on the lines it quoted', async () => {
    const noDate = await act(id, 'bargain');
    expect([noDate.status, noDate.body.field]).toEqual([400, 'bargainEndDate']);
    const past = await act(id, 'bargain', { bargainEndDate: iso(-60_000) });
    expect([past.status, past.body.field]).toEqual([400, 'bargainEndDate']);
    const deadline = iso(6_000);
    expect((await act(id, 'bargain', { bargainEndDate: deadline })).body.rfxStatus).toBe('BARGAINING');
    const higher = await quote(id, 'supplier', [[L[0]!.rfxLineId, 1.94]]);
    expect([higher.status, higher.body.field]).toEqual([400, 'lines[0].unitPrice']);
    // 1.93 → 1.8: equal or lower is taken (compared as decimals: 0.1 + 0.2 style noise never raises a price).
    expect((await quote(id, 'supplier', [[L[0]!.rfxLineId, 1.8], [L[1]!.rfxLineId, 9.57]])).body.bargainedLines).toBe(2);
    expect(refused(await quote(id, 'supplier3', [[L[0]!.rfxLineId, 1.5]]))).toBe(true);
    const q = await one<{ price: string; before: string; flag: number }>('select unit_price::text as price, pre_bargain_price::text as before, bargained_flag::int as flag from ssrc_rfx_quotation_line where rfx_line_id = $1 and supplier_id = $2 and current_flag = 1', [L[0]!.rfxLineId, ids.S0001]);
    expect([Number(q.price), Number(q.before), q.flag]).toEqual([1.8, 1.93, 1]);
    // The other supplier never sees the bargained price.
    const theirs = (await ok('supplier3', 'GET', `${T}/quotation-lines?rfxHeaderId=${id}`)).content as Row[];
    expect(theirs.every((x) => x.supplierId === ids.S0003)).toBe(true);
    await sleepUntil(deadline);
    expect(refused(await quote(id, 'supplier', [[L[0]!.rfxLineId, 1.7]]))).toBe(true);
    expect((await act(id, 'endBargain')).body.rfxStatus).toBe('CHECK_PENDING');
    const after = (await ok('buyer', 'GET', `${T}/rfx/${id}/check`)).cells as Row[];
    expect(after.find((c) => c.supplierId === ids.S0001 && c.rfxLineId === L[0]!.rfxLineId)!.unitPrice).toBe('1.80');
  });

  it('is refused when the template allows no bargaining', async () => {
    const end = iso(5_000);
    const other = await released({ sealedQuotationFlag: 0, bargainFlag: 0 }, end);
    expect((await quote(other.id, 'supplier', [[other.L[0]!.rfxLineId, 2]])).status).toBe(200);
    await sleepUntil(end);
    expect((await act(other.id, 'open')).body.rfxStatus).toBe('OPENED');
    expect(refused(await act(other.id, 'bargain', { bargainEndDate: iso(60_000) }))).toBe(true);
    expect((await rfx(other.id)).rfxStatus).toBe('OPENED');
  });
});

describe('a weighted-score RFx', () => {
  it('needs a released score template to release its source template', async () => {
    const tpl = await ok('buyer', 'POST', `${T}/source-template`, { templateCode: `W${Date.now()}`, templateName: 'Weighted without elements', sourceCategory: 'RFQ', sourceMethod: 'INVITE', scoringMethod: 'WEIGHTED_SCORE', roundLimit: 1 });
    const r = await call('buyer', 'POST', `${T}/source-template/${String(tpl.templateId)}/actions/release`, { objectVersionNumber: tpl.objectVersionNumber });
    expect([r.status, r.body.field]).toEqual([400, 'scoreTemplateId']);
  });

  it('suggests the best weighted score, not the lowest price, from the prices and the buyer\'s scores', async () => {
    // ST-GENERAL: price 60 (lowest-price method), quality 25, delivery 15, each 0–100.
    const st = await one<{ id: number }>("select template_id::float8 as id from ssrc_score_template where tenant_id = 1 and template_code = 'ST-GENERAL'");
    const el = Object.fromEntries((await s.ctx.db.query<{ code: string; id: number }>('select indicate_code as code, indicate_id::float8 as id from ssrc_score_indicate where template_id = $1', [st.id])).rows.map((r) => [r.code, r.id]));
    const end = iso(6_000);
    const { id, L } = await released({ sealedQuotationFlag: 0, scoringMethod: 'WEIGHTED_SCORE', scoreTemplateId: st.id }, end);
    expect((await rfx(id)).scoreTemplateId).toBe(st.id);
    expect((await quote(id, 'supplier', [[L[0]!.rfxLineId, 2]])).status).toBe(200);
    expect((await quote(id, 'supplier3', [[L[0]!.rfxLineId, 1.6]])).status).toBe(200);
    await sleepUntil(end);
    expect((await act(id, 'open')).body.rfxStatus).toBe('OPENED');

    const refusedScore = async (scores: Row[], as = 'buyer') => call(as, 'POST', `${T}/rfx/${id}/scores`, { scores });
    expect((await refusedScore([{ supplierId: ids.S0001, indicateId: el.QUALITY, score: 90 }], 'supplier')).status).toBe(403);
    for (const [bad, field] of [
      [{ supplierId: ids.S0001, indicateId: el.PRICE, score: 90 }, 'scores[0].indicateId'],
      [{ supplierId: ids.S0001, indicateId: el.QUALITY, score: 101 }, 'scores[0].score'],
      [{ supplierId: 999999, indicateId: el.QUALITY, score: 50 }, 'scores[0].supplierId'],
    ] as const) {
      const r = await refusedScore([bad]);
      expect([r.status, r.body.field]).toEqual([400, field]);
    }
    await ok('buyer', 'POST', `${T}/rfx/${id}/scores`, { scores: [
      { supplierId: ids.S0001, indicateId: el.QUALITY, score: 100 }, { supplierId: ids.S0001, indicateId: el.DELIVERY, score: 100 },
      { supplierId: ids.S0003, indicateId: el.QUALITY, score: 40 }, { supplierId: ids.S0003, indicateId: el.DELIVERY, score: 50 },
    ] });
    // S0003: price 100 × 60% + 40 × 25% + 50 × 15% = 77.5; S0001: 100 × 1.6 / 2 = 80 → 48 + 25 + 15 = 88.
    const cells = (await ok('buyer', 'GET', `${T}/rfx/${id}/check`)).cells as Row[];
    const line1 = cells.filter((c) => c.rfxLineId === L[0]!.rfxLineId).map((c) => [c.supplierId, c.score, c.suggested]);
    expect(line1.sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual([[ids.S0001, 88, true], [ids.S0003, 77.5, false]].sort((a, b) => Number(a[0]) - Number(b[0])));
    const grid = await ok('buyer', 'GET', `${T}/rfx/${id}/scores`);
    expect([grid.editable, (grid.indicators as Row[]).map((i) => i.indicateType), (grid.scores as Row[]).length]).toEqual([true, ['PRICE', 'TECHNOLOGY', 'BUSINESS'], 4]);
  });

  it('rules out a supplier the buyer fails on a veto item: no score, no suggestion, no award', async () => {
    const t = await ok('buyer', 'POST', `${T}/score-templates`, { templateCode: `VETO${Date.now()}`, templateName: 'Price, quality and a licence', templateType: 'COMPREHENSIVE' });
    const tid = Number(t.templateId);
    const element = async (body: Row) => Number((await ok('buyer', 'POST', `${T}/score-indicates`, { templateId: tid, minScore: 0, maxScore: 100, ...body })).indicateId);
    await element({ indicateCode: 'PRICE', indicateName: 'Price', indicateType: 'PRICE', weight: 60, priceScoreMethod: 'LOWEST_PRICE' });
    const quality = await element({ indicateCode: 'QUALITY', indicateName: 'Quality', indicateType: 'TECHNOLOGY', weight: 40 });
    const licence = await element({ indicateCode: 'LIC', indicateName: 'Licence', indicateType: 'TECHNOLOGY', weight: 0, maxScore: 1, vetoFlag: 1 });
    await ok('buyer', 'POST', `${T}/score-templates/${tid}/actions/release`, { objectVersionNumber: (await ok('buyer', 'GET', `${T}/score-templates/${tid}`)).objectVersionNumber });
    const end = iso(6_000);
    const { id, L } = await released({ sealedQuotationFlag: 0, scoringMethod: 'WEIGHTED_SCORE', scoreTemplateId: tid }, end);
    // S0001 is cheaper and better, but its licence is missing.
    expect((await quote(id, 'supplier', [[L[0]!.rfxLineId, 1.6]])).status).toBe(200);
    expect((await quote(id, 'supplier3', [[L[0]!.rfxLineId, 2]])).status).toBe(200);
    await sleepUntil(end);
    expect((await act(id, 'open')).body.rfxStatus).toBe('OPENED');
    const half = await call('buyer', 'POST', `${T}/rfx/${id}/scores`, { scores: [{ supplierId: ids.S0001, indicateId: licence, score: 0.5 }] });
    expect([half.status, half.body.field]).toEqual([400, 'scores[0].score']);
    await ok('buyer', 'POST', `${T}/rfx/${id}/scores`, { scores: [
      { supplierId: ids.S0001, indicateId: quality, score: 100 }, { supplierId: ids.S0001, indicateId: licence, score: 0 },
      { supplierId: ids.S0003, indicateId: quality, score: 50 }, { supplierId: ids.S0003, indicateId: licence, score: 1 },
    ] });
    const check = await ok('buyer', 'GET', `${T}/rfx/${id}/check`);
    const line1 = (check.cells as Row[]).filter((c) => c.rfxLineId === L[0]!.rfxLineId);
    const of = (supplierId: number) => line1.find((c) => c.supplierId === supplierId)!;
    // S0003 is the only one ranked, and the ruled-out price sets no benchmark: its 2 is the lowest,
    // so 60 + 40 × 50 / 100 = 80 (with S0001's 1.6 counted it would be 48 + 20 = 68).
    expect([of(ids.S0001!).score, of(ids.S0001!).suggested, of(ids.S0003!).score, of(ids.S0003!).suggested]).toEqual([null, false, 80, true]);
    expect(Object.fromEntries((check.suppliers as Row[]).map((x) => [x.supplierId, x.vetoReason]))).toMatchObject({ [ids.S0001!]: 'Licence', [ids.S0003!]: null });
    expect((await act(id, 'startCheck')).body.rfxStatus).toBe('CHECK_PENDING');
    const award = (quotationLineId: unknown) => call('buyer', 'POST', `${T}/rfx/check`, { rfxHeaderId: id, awards: [{ quotationLineId, awardQuantity: Number(L[0]!.quantity) }] });
    const vetoed = await award(of(ids.S0001!).quotationLineId);
    expect([vetoed.status, vetoed.body.field, String(vetoed.body.message)]).toEqual([400, 'awards[0].quotationLineId', expect.stringContaining('Licence')]);
    expect(await one<{ n: number }>('select count(*)::int as n from ssrc_rfx_quotation_line where rfx_header_id = $1 and award_quantity > 0', [id])).toEqual({ n: 0 });
    expect((await award(of(ids.S0003!).quotationLineId)).status).toBe(200);
  });

  it('is not scored when it is awarded by the lowest price', async () => {
    const end = iso(4_000);
    const { id, L } = await released({ sealedQuotationFlag: 0 }, end);
    expect((await quote(id, 'supplier', [[L[0]!.rfxLineId, 2]])).status).toBe(200);
    await sleepUntil(end);
    expect((await act(id, 'open')).body.rfxStatus).toBe('OPENED');
    const el = await one<{ id: number }>("select i.indicate_id::float8 as id from ssrc_score_indicate i join ssrc_score_template t on t.template_id = i.template_id where t.template_code = 'ST-GENERAL' and t.tenant_id = 1 and i.indicate_code = 'QUALITY'");
    expect(refused(await call('buyer', 'POST', `${T}/rfx/${id}/scores`, { scores: [{ supplierId: ids.S0001, indicateId: el.id, score: 50 }] }))).toBe(true);
  });
});
