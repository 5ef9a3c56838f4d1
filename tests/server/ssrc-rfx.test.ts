import { randomBytes, scryptSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

/**
 * RFx from template to award (ssrc): the template's rules copied onto the RFx, release through
 * approval when the template says so, quotes only from invited suppliers inside the window and
 * round, opening after the end with the password, a split award never above a line's quantity,
 * result approval through the workflow, and awarded lines turned into one order per supplier.
 */
// A loaded machine takes seconds per RFx set-up; the windows below wait for real time to pass.
vi.setConfig({ testTimeout: Number(process.env.RFX_TIMEOUT ?? 180_000), hookTimeout: 180_000 });
let s: TestServer;
type Row = Record<string, unknown>;
const T = '/ssrc/v1/1';
const WF = '/hwfl/v1/1';
const ids: Record<string, number> = {};

const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, as = 'buyer') => s.call({ method, url, ...(payload === undefined ? {} : { payload: payload as Row }), as });
const ok = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, as = 'buyer') => {
  const r = await call(method, url, payload, as);
  expect(r.statusCode, `${method} ${url}: ${r.body}`).toBe(200);
  expect(r.json().failed, `${method} ${url}: ${r.body}`).toBeUndefined();
  return r.json() as Row;
};
const supplierId = async (num: string) => Number((await s.ctx.db.query<{ id: number }>('select supplier_id::float8 as id from sslm_supplier where tenant_id = 1 and supplier_num = $1', [num])).rows[0]!.id);
const rfx = (id: number) => ok('GET', `${T}/rfx/${id}`);
const act = async (id: number, action: string, extra: Row = {}, as = 'buyer') => call('POST', `${T}/rfx/${id}/actions/${action}`, { objectVersionNumber: (await rfx(id)).objectVersionNumber, ...extra }, as);
// Whole seconds: the server keeps date-times to the second.
const iso = (ms: number) => new Date(Math.ceil((Date.now() + ms) / 1000) * 1000).toISOString();
/** A business rule's refusal: HTTP 200 with `failed`, as the original platform answers. */
const refused = (r: { statusCode: number; json(): Row }) => r.statusCode === 200 && r.json().failed === true;
const sleepUntil = async (when: string) => {
  const wait = new Date(when).getTime() - Date.now() + 300;
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
};

/** A released template with these rules, and a draft RFx of two lines inviting S0001 and S0003. */
async function draftRfx(rules: Row, window: { start: string; end: string }): Promise<Row> {
  const code = `T${Math.random().toString(36).slice(2, 9)}`;
  const tpl = await ok('POST', `${T}/source-template`, { templateCode: code, templateName: `Template ${code}`, sourceCategory: 'RFQ', sourceMethod: 'INVITE', scoringMethod: 'LOWEST_PRICE', roundLimit: 2, ...rules });
  await ok('POST', `${T}/source-template/${String(tpl.templateId)}/actions/release`, { objectVersionNumber: tpl.objectVersionNumber });
  const h = await ok('POST', `${T}/rfx`, { rfxTitle: 'Bolts and gloves 2026', templateId: tpl.templateId, companyName: 'Demo Manufacturing Co.', currencyCode: 'CNY', quotationStartDate: window.start, quotationEndDate: window.end });
  const id = Number(h.rfxHeaderId);
  await ok('POST', `${T}/rfx/items`, { rfxHeaderId: id, itemCode: 'MAT-1001', itemName: 'Steel bolt M8x40', quantity: 100, uomCode: 'EA', lastPrice: 2 });
  await ok('POST', `${T}/rfx/items`, { rfxHeaderId: id, itemCode: 'MAT-1009', itemName: 'Safety gloves', quantity: 50, uomCode: 'EA', lastPrice: 10 });
  await ok('POST', `${T}/rfx/suppliers`, { rfxHeaderId: id, supplierId: ids.S1 });
  await ok('POST', `${T}/rfx/suppliers`, { rfxHeaderId: id, supplierId: ids.S3 });
  return rfx(id);
}
const lines = async (id: number) => ((await ok('GET', `${T}/rfx/items?rfxHeaderId=${id}`)).content as Row[]).sort((a, b) => Number(a.lineNum) - Number(b.lineNum));
const quote = (id: number, as: string, prices: Array<[unknown, number]>) => call('POST', `${T}/rfx/${id}/quotation`, { lines: prices.map(([rfxLineId, unitPrice]) => ({ rfxLineId, unitPrice, deliveryDate: '2027-01-15' })) }, as);

beforeAll(async () => {
  s = await startTestServer();
  ids.S1 = await supplierId('S0001');
  ids.S3 = await supplierId('S0003');
  ids.S4 = await supplierId('S0004');
});
afterAll(() => s.close());

describe('an RFx as the buyer drafts it', () => {
  it('takes its template\'s rules, a number, and refuses an unreleased template, a foreign supplier, a window ending before it starts', async () => {
    const h = await draftRfx({ sealedQuotationFlag: 1, bargainFlag: 1, releaseApprovalFlag: 1, resultApprovalFlag: 1 }, { start: iso(-1000), end: iso(3_600_000) });
    expect(h.rfxNum).toMatch(/^RFX/);
    expect(h.rfxStatus).toBe('NEW');
    expect([h.sealedQuotationFlag, h.bargainFlag, h.releaseApprovalFlag, h.roundLimit, h.roundNumber]).toEqual([1, 1, 1, 2, 1]);
    const draftTpl = await ok('POST', `${T}/source-template`, { templateCode: `D${Date.now()}`, templateName: 'Draft', roundLimit: 1 });
    const r = await call('POST', `${T}/rfx`, { rfxTitle: 'x', templateId: draftTpl.templateId, quotationStartDate: iso(0), quotationEndDate: iso(60_000) });
    expect(r.statusCode).toBe(400);
    expect(r.json().field).toBe('templateId');
    const other = await s.ctx.db.query<{ id: number }>('select supplier_id::float8 as id from sslm_supplier where tenant_id = 2 limit 1');
    const f = await call('POST', `${T}/rfx/suppliers`, { rfxHeaderId: h.rfxHeaderId, supplierId: other.rows[0]!.id });
    expect([f.statusCode, f.json().field]).toEqual([400, 'supplierId']);
    const twice = await call('POST', `${T}/rfx/suppliers`, { rfxHeaderId: h.rfxHeaderId, supplierId: ids.S1 });
    expect([twice.statusCode, twice.json().field]).toEqual([400, 'supplierId']);
    const back = await call('PUT', `${T}/rfx`, { ...h, quotationEndDate: iso(-60_000) });
    expect([back.statusCode, back.json().field]).toEqual([400, 'quotationEndDate']);
  });

  it('is released only through approval when the template says so, and then its lines are locked', async () => {
    const h = await draftRfx({ sealedQuotationFlag: 1, releaseApprovalFlag: 1 }, { start: iso(-1000), end: iso(3_600_000) });
    const id = Number(h.rfxHeaderId);
    expect(refused(await act(id, 'release'))).toBe(true);
    expect((await rfx(id)).rfxStatus).toBe('NEW');
    expect((await act(id, 'submitRelease')).statusCode).toBe(200);
    // The release is decided in the approver's My tasks, by the workflow: not by a status button, not by the buyer who submitted it.
    expect((await act(id, 'approveRelease', { approvedRemark: 'Go' }, 'approver')).json()).toMatchObject({ failed: true, code: 'hwfl.document.byWorkflow' });
    const taskOf = async (as: string) => ((await ok('GET', `${WF}/tasks?statusCode=PENDING&size=200`, undefined, as)).content as Array<{ taskId: number; description: string }>).find((t) => t.description.startsWith(String(h.rfxNum)));
    expect(await taskOf('buyer')).toBeUndefined();
    const task = (await taskOf('approver'))!;
    expect(task, 'the approver has the release task').toBeDefined();
    // A rejection needs its reason: the approver's comment is the RFx's approval remark.
    expect((await call('POST', `${WF}/runtime/tasks/${task.taskId}`, { action: 'Rejected' }, 'approver')).json().field).toBe('approvedRemark');
    expect((await call('POST', `${WF}/runtime/tasks/${task.taskId}`, { action: 'Approved', comment: 'Go' }, 'approver')).statusCode).toBe(200);
    expect(await rfx(id)).toMatchObject({ rfxStatus: 'IN_QUOTATION', approvedRemark: 'Go' });
    expect(refused(await call('POST', `${T}/rfx/items`, { rfxHeaderId: id, itemCode: 'X', itemName: 'Late line', quantity: 1 }))).toBe(true);
    // The supplier never takes the buyer's moves.
    expect((await act(id, 'close', {}, 'supplier')).statusCode).toBe(403);
  });
});

describe('quotations of a sealed RFx', () => {
  let id: number;
  let L: Row[];
  let end: string;
  beforeAll(async () => {
    end = iso(15_000);
    const h = await draftRfx({ sealedQuotationFlag: 1, releaseApprovalFlag: 0, resultApprovalFlag: 1 }, { start: iso(-1000), end });
    id = Number(h.rfxHeaderId);
    expect((await call('PUT', `${T}/rfx/${id}/password`, { password: 'open-sesame' })).statusCode).toBe(200);
    const released = await act(id, 'release');
    expect(released.json().rfxStatus, released.body).toBe('IN_QUOTATION');
    L = await lines(id);
  });

  it('are taken from invited suppliers only, and a supplier sees its own quotation only', async () => {
    expect((await quote(id, 'supplier', [[L[0]!.rfxLineId, 1.93], [L[1]!.rfxLineId, 9.57]])).statusCode).toBe(200);
    expect((await quote(id, 'supplier3', [[L[0]!.rfxLineId, 1.71], [L[1]!.rfxLineId, 11.37]])).statusCode).toBe(200);
    // S0004 is not invited: the RFx does not exist for it.
    expect((await quote(id, 'supplier4', [[L[0]!.rfxLineId, 1]])).statusCode).toBe(404);
    expect((await call('GET', `${T}/rfx/${id}`, undefined, 'supplier4')).statusCode).toBe(404);
    const bad = await quote(id, 'supplier', [[999999, 1]]);
    expect([bad.statusCode, bad.json().field]).toEqual([400, 'lines[0].rfxLineId']);
    const own = (await ok('GET', `${T}/quotation-lines?rfxHeaderId=${id}`, undefined, 'supplier3')).content as Row[];
    expect(own.map((q) => [q.supplierId, q.unitPrice])).toEqual([
      [ids.S3, '1.71'],
      [ids.S3, '11.37'],
    ]);
  });

  it('hold no price before opening on any path the buyer or another supplier reaches (the sealed-bid suite)', async () => {
    const prices = ['1.93', '9.57', '1.71', '11.37'];
    const leaks = (body: string) => prices.filter((p) => body.includes(p));
    const qids = (await s.ctx.db.query<{ id: number }>('select quotation_line_id::float8 as id from ssrc_rfx_quotation_line where rfx_header_id = $1', [id])).rows.map((r) => r.id);
    const lineIds = L.map((l) => l.rfxLineId);
    const urls = [
      `${T}/rfx?size=100`,
      `${T}/rfx/${id}`,
      `${T}/rfx/${id}/history`,
      `${T}/rfx/items?rfxHeaderId=${id}`,
      `${T}/rfx/items/${String(lineIds[0])}`,
      `${T}/rfx/suppliers?rfxHeaderId=${id}`,
      `${T}/quotation-lines?rfxHeaderId=${id}`,
      `${T}/quotation-lines?size=500`,
      ...qids.map((q) => `${T}/quotation-lines/${q}`),
      ...qids.map((q) => `${T}/quotation-lines/${q}/history`),
      `${T}/rfx/${id}/check`,
      `${T}/rfx?exportType=DATA&fillerType=single-sheet`,
      `${T}/quotation-lines?exportType=DATA&fillerType=single-sheet`,
      `${T}/quotation-lines?unitPrice=1.93`,
      `${T}/quotation-lines?unitPriceFrom=1&unitPriceTo=2`,
      `${T}/quotation-lines?sort=unitPrice,asc`,
    ];
    // The buyer (every sourcing menu), another invited supplier's user (S0001 vs S0003) and an uninvited one.
    for (const [as, own] of [['buyer', []], ['supplier', ['1.93', '9.57']], ['supplier4', []]] as Array<[string, string[]]>) {
      for (const url of urls) {
        const r = await call('GET', url, undefined, as);
        expect(leaks(r.body).filter((p) => !own.includes(p)), `${as} GET ${url} → ${r.statusCode} ${r.body.slice(0, 300)}`).toEqual([]);
      }
    }
    // The buyer's lists still say who quoted (the monitor), without what.
    const monitor = (await ok('GET', `${T}/rfx/suppliers?rfxHeaderId=${id}`)).content as Row[];
    expect(monitor.map((m) => m.quotedFlag)).toEqual([1, 1]);
    const masked = (await ok('GET', `${T}/quotation-lines?rfxHeaderId=${id}`)).content as Row[];
    expect(masked.length).toBe(4);
    expect(masked.every((q) => q.unitPrice === null && q.deliveryDate === null)).toBe(true);
    // At rest too: the table (every column, as the SQL console or a dump reads it) holds ciphertext only, and its key is wrapped.
    const table = (await s.ctx.db.query<{ r: string }>('select t::text as r from ssrc_rfx_quotation_line t where rfx_header_id = $1', [id])).rows.map((r) => r.r).join('\n');
    expect(leaks(table)).toEqual([]);
    expect(table).toContain('v1.');
    expect((await s.ctx.db.query("select 1 from seal_document_key where document_entity = 'rfxQuotationLine' and document_id = $1", [id])).rows.length).toBe(1);
    // Opening before the end is refused, and names the time, not a price.
    const early = await call('POST', `${T}/rfx/open`, { rfxHeaderId: id, password: 'open-sesame' });
    expect(refused(early)).toBe(true);
    expect(leaks(early.body)).toEqual([]);
  });

  it('are refused after the end; opening needs the password; then the buyer sees every price', async () => {
    await sleepUntil(end);
    const late = await quote(id, 'supplier3', [[L[0]!.rfxLineId, 1.5]]);
    expect(refused(late)).toBe(true);
    expect(late.body).toContain('closed');
    expect((await act(id, 'open')).json().field).toBe('password');
    const wrong = await call('POST', `${T}/rfx/open`, { rfxHeaderId: id, password: 'guess' });
    expect([wrong.statusCode, wrong.json().field]).toEqual([400, 'password']);
    expect((await call('POST', `${T}/rfx/open`, { rfxHeaderId: id, password: 'open-sesame' }, 'supplier')).statusCode).toBe(403);
    // Kept as the platform's password hash, as a tender's is (server/sealing/opening.ts); a password
    // set before that, as `salt:digest`, still opens the RFx it protects.
    const kept = await s.ctx.db.query<{ h: string }>('select open_password_hash as h from ssrc_rfx_header where rfx_header_id = $1', [id]);
    expect(kept.rows[0]!.h).toMatch(/^scrypt\$/);
    const salt = randomBytes(16).toString('hex');
    await s.ctx.db.query('update ssrc_rfx_header set open_password_hash = $2 where rfx_header_id = $1', [id, `${salt}:${scryptSync('open-sesame', salt, 32).toString('hex')}`]);
    expect((await call('POST', `${T}/rfx/open`, { rfxHeaderId: id, password: 'guess' })).json().field).toBe('password');
    expect((await ok('POST', `${T}/rfx/open`, { rfxHeaderId: id, password: 'open-sesame' })).rfxStatus).toBe('OPENED');
    const all = (await ok('GET', `${T}/quotation-lines?rfxHeaderId=${id}&sort=quotationLineId,asc`)).content as Row[];
    expect(all.map((q) => q.unitPrice).sort()).toEqual(['1.71', '1.93', '11.37', '9.57'].sort());
    // Opened: written plain once, exactly as offered, and the document's key destroyed.
    const stored = (await s.ctx.db.query<{ p: string; d: string; sealed: string | null }>('select unit_price::text as p, delivery_date::text as d, sealed_offer as sealed from ssrc_rfx_quotation_line where rfx_header_id = $1 and round_number = 1 order by unit_price', [id])).rows;
    expect(stored).toEqual(['1.71', '1.93', '9.57', '11.37'].map((p) => ({ p, d: '2027-01-15', sealed: null })));
    expect((await s.ctx.db.query("select 1 from seal_document_key where document_entity = 'rfxQuotationLine' and document_id = $1", [id])).rows.length).toBe(0);
    // Another supplier still never sees a competitor's quotation.
    const other = (await ok('GET', `${T}/quotation-lines?rfxHeaderId=${id}`, undefined, 'supplier')).content as Row[];
    expect(other.every((q) => q.supplierId === ids.S1)).toBe(true);
  });

  it('are awarded split, never above a line\'s quantity, approved through the workflow, and become one order per supplier', async () => {
    expect((await act(id, 'startCheck')).json().rfxStatus).toBe('CHECK_PENDING');
    const m = await ok('GET', `${T}/rfx/${id}/check`);
    const cells = m.cells as Row[];
    const cell = (line: number, sup: number) => cells.find((c) => c.rfxLineId === L[line]!.rfxLineId && c.supplierId === sup)!;
    expect(cell(0, ids.S3!).suggested).toBe(true);
    expect(cell(1, ids.S1!).suggested).toBe(true);
    const over = await call('POST', `${T}/rfx/check`, { rfxHeaderId: id, awards: [{ quotationLineId: cell(0, ids.S3!).quotationLineId, awardQuantity: 70 }, { quotationLineId: cell(0, ids.S1!).quotationLineId, awardQuantity: 40 }] });
    expect([over.statusCode, over.json().field]).toEqual([400, 'awardQuantity']);
    expect(((await ok('GET', `${T}/rfx/${id}/check`)).cells as Row[]).every((c) => !c.awardQuantity)).toBe(true);
    await ok('POST', `${T}/rfx/check`, {
      rfxHeaderId: id,
      awards: [
        { quotationLineId: cell(0, ids.S3!).quotationLineId, awardQuantity: 70 },
        { quotationLineId: cell(0, ids.S1!).quotationLineId, awardQuantity: 30 },
        { quotationLineId: cell(1, ids.S1!).quotationLineId, awardQuantity: 50 },
      ],
    });
    expect(refused(await act(id, 'finish'))).toBe(true);
    expect(refused(await act(id, 'approve'))).toBe(true);
    const submitted = await act(id, 'submit');
    expect(submitted.json().rfxStatus, submitted.body).toBe('CHECK_APPROVING');
    const tasks = (await ok('GET', `${WF}/tasks?statusCode=PENDING&size=200`, undefined, 'approver')).content as Array<{ taskId: number; description: string }>;
    const task = tasks.find((t) => t.description.startsWith(String(submitted.json().rfxNum)))!;
    expect((await call('POST', `${WF}/runtime/tasks/${task.taskId}`, { action: 'Approved' }, 'approver')).statusCode).toBe(200);
    expect((await rfx(id)).rfxStatus).toBe('FINISHED');
    const rfxNum = String(submitted.json().rfxNum);
    const orders = (await s.ctx.db.query<{ supplier: number; status: string; lines: string }>(
      `select h.supplier_id::float8 as supplier, h.status_code as status, string_agg(l.item_code || ' ' || l.quantity::float8 || ' @ ' || l.unit_price::float8, ', ' order by l.line_num) as lines
         from sodr_po_header h join sodr_po_line l on l.po_header_id = h.po_header_id where h.remark = $1 group by h.po_header_id order by h.supplier_id`,
      [`From ${rfxNum}`],
    )).rows;
    expect(orders).toEqual([
      { supplier: ids.S1, status: 'NEW', lines: 'MAT-1001 30 @ 1.93, MAT-1009 50 @ 9.57' },
      { supplier: ids.S3, status: 'NEW', lines: 'MAT-1001 70 @ 1.71' },
    ]);
  });
});

describe('rounds of an open RFx', () => {
  it('show prices as they come, take a second round within the template\'s limit, and count the later quote', async () => {
    const end = iso(10_000);
    const h = await draftRfx({ sealedQuotationFlag: 0, releaseApprovalFlag: 0, resultApprovalFlag: 0, roundLimit: 2 }, { start: iso(-1000), end });
    const id = Number(h.rfxHeaderId);
    await act(id, 'release');
    const L = await lines(id);
    await quote(id, 'supplier', [[L[0]!.rfxLineId, 3]]);
    expect(((await ok('GET', `${T}/quotation-lines?rfxHeaderId=${id}`)).content as Row[])[0]!.unitPrice).toBe('3.00');
    await sleepUntil(end);
    expect((await ok('POST', `${T}/rfx/open`, { rfxHeaderId: id })).rfxStatus).toBe('OPENED');
    const again = await act(id, 'newRound', { quotationEndDate: iso(60_000) });
    expect([again.json().rfxStatus, again.json().roundNumber]).toEqual(['IN_QUOTATION', 2]);
    await quote(id, 'supplier', [[L[0]!.rfxLineId, 2.5]]);
    const current = ((await ok('GET', `${T}/quotation-lines?rfxHeaderId=${id}&currentFlag=1`)).content as Row[]).map((q) => [q.roundNumber, q.unitPrice]);
    expect(current).toEqual([[2, '2.50']]);
  });
});

describe('the demo RFx', () => {
  it('reach the invited supplier once released, and hold no price of a sealed RFx before opening for the buyer', async () => {
    const seen = ((await ok('GET', `${T}/rfx?size=100&rfxNum=RFX2025`, undefined, 'supplier')).content as Row[]).map((r) => r.rfxStatus);
    expect(seen).not.toContain('NEW');
    expect(seen).not.toContain('RELEASE_APPROVING');
    expect(seen).toEqual(expect.arrayContaining(['IN_QUOTATION', 'OPENED', 'FINISHED']));
    const all = (await ok('GET', `${T}/rfx?size=100&rfxNum=RFX2025`)).content as Row[];
    // The sealed one: the demo data also holds an open call for quotations, whose prices are not sealed.
    const inQuotation = all.find((r) => r.rfxStatus === 'IN_QUOTATION' && Number(r.sealedQuotationFlag) === 1)!;
    const opened = all.find((r) => r.rfxStatus === 'OPENED')!;
    const q = async (id: unknown) => (await ok('GET', `${T}/quotation-lines?rfxHeaderId=${String(id)}`)).content as Row[];
    expect((await q(inQuotation.rfxHeaderId)).map((r) => r.unitPrice)).toEqual([null, null, null, null]);
    expect((await q(opened.rfxHeaderId)).every((r) => typeof r.unitPrice === 'string' && /^\d+\.\d{2}$/.test(r.unitPrice))).toBe(true);
  });
});
