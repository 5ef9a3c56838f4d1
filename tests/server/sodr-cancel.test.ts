import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEntities } from '../../server/resources/entities.ts';
import { compileFormula } from '../../server/resources/formulas.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { orderOf, PO, PO_LINES } from './orders.ts';

/**
 * Cancelling orders and requisitions, declared on their status machines: after release only with
 * the supplier's consent (the status it left kept and restored by the server), single lines with a
 * reason, cancelled lines out of the totals and read-only; the supplier told in its inbox.
 */
let s: TestServer;
let bound: number[];
let supplierUserId: number;
beforeAll(async () => {
  s = await startTestServer();
  const r = await s.ctx.db.query<{ id: number; uid: number }>(
    "select su.supplier_id::float8 as id, u.id::float8 as uid from sslm_supplier_user su join iam_user u on u.id = su.user_id where u.login_name = 'supplier' order by 1",
  );
  bound = r.rows.map((x) => x.id);
  supplierUserId = r.rows[0]!.uid;
});
afterAll(() => s.close());

type Row = Record<string, unknown>;
const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, as = 'buyer') => s.call({ method, url, ...(payload === undefined ? {} : { payload: payload as Row }), as });
const act = (id: unknown, action: string, body: Row = {}, as = 'buyer') => call('POST', `${PO}/${String(id)}/actions/${action}`, body, as);
/** A transition refused for the status the record is in (a business error, as HZERO answers it). */
const refusedInStatus = (r: { statusCode: number; json: () => Row }, status?: string) => {
  expect(r.json(), JSON.stringify(r.json())).toMatchObject({ failed: true, code: 'error.status.transition' });
  if (status) expect(String(r.json().message)).toContain(status);
};
const get = async (id: unknown, as = 'buyer'): Promise<Row> => (await call('GET', `${PO}/${String(id)}`, undefined, as)).json();

/** A seeded order of tenant 1 in `status` whose supplier the demo `supplier` acts for. */
async function boundOrder(status: string, skip = 0): Promise<Row> {
  const r = await s.ctx.db.query<{ id: number }>(
    'select po_header_id::float8 as id from sodr_po_header where tenant_id = 1 and status_code = $1 and supplier_id = any($2::bigint[]) order by po_header_id offset $3 limit 1',
    [status, bound, skip],
  );
  expect(r.rows.length, `a seeded ${status} order of a bound supplier`).toBe(1);
  return get(r.rows[0]!.id);
}

/** The supplier user's messages naming `text` in their subject, waited for (they go out after the commit). */
async function messagesAbout(text: string): Promise<Array<{ subject: string; content: string }>> {
  for (let i = 0; i < 50; i++) {
    const r = await s.ctx.db.query<{ subject: string; content: string }>('select subject, content from hmsg_user_message where user_id = $1 and subject like $2', [supplierUserId, `%${text}%`]);
    if (r.rows.length) return r.rows;
    await new Promise((ok) => setTimeout(ok, 50));
  }
  return [];
}

describe('cancelling a released order needs the supplier', () => {
  it('refuses a request without a reason, naming the field, and leaves the order as it was', async () => {
    const o = await boundOrder('PUBLISHED');
    for (const body of [{}, { cancelReason: '' }, { cancelReason: '   ' }]) {
      const r = await act(o.poHeaderId, 'cancelRequest', { ...body, objectVersionNumber: o.objectVersionNumber });
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json()).toMatchObject({ field: 'cancelReason' });
    }
    expect(await get(o.poHeaderId)).toMatchObject({ statusCode: 'PUBLISHED', objectVersionNumber: o.objectVersionNumber });
  });

  it('takes the request with its reason; the supplier sees it, nothing is editable, and agreeing cancels the order', async () => {
    const o = await boundOrder('CONFIRMED');
    const r = await act(o.poHeaderId, 'cancelRequest', { cancelReason: 'Project stopped', objectVersionNumber: o.objectVersionNumber });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ statusCode: 'CANCEL_TO_BE_CONFIRMED', cancelReason: 'Project stopped', cancelFromStatus: 'CONFIRMED' });
    // Nothing changes while the supplier decides: not even the remark, nor a line.
    const cur = await get(o.poHeaderId);
    const put = await call('PUT', `${PO}/${String(o.poHeaderId)}`, { ...cur, remark: 'changed meanwhile' });
    expect(put.statusCode).toBe(409);
    expect(put.json()).toMatchObject({ code: 'error.status.locked', field: 'remark' });
    // The buyer cannot answer its own request; the supplier answers (and never asks: see below).
    expect((await act(o.poHeaderId, 'agreeCancel', {}, 'buyer')).statusCode).toBe(403);
    expect((await act(o.poHeaderId, 'refuseCancel', {}, 'buyer')).statusCode).toBe(403);
    const seen = await get(o.poHeaderId, 'supplier');
    expect(seen).toMatchObject({ statusCode: 'CANCEL_TO_BE_CONFIRMED', cancelReason: 'Project stopped' });
    const agreed = await act(o.poHeaderId, 'agreeCancel', { objectVersionNumber: seen.objectVersionNumber }, 'supplier');
    expect(agreed.statusCode, agreed.body).toBe(200);
    expect(agreed.json().statusCode).toBe('CANCELED');
    // Once shown to the supplier, the cancelled order stays in its list.
    const list = (await call('GET', `${PO}?statusCode=CANCELED&size=1000`, undefined, 'supplier')).json().content as Row[];
    expect(list.map((x) => x.poHeaderId)).toContain(o.poHeaderId);
  });

  it('refuses the request from the supplier side', async () => {
    const o = await boundOrder('PUBLISHED');
    const r = await act(o.poHeaderId, 'cancelRequest', { cancelReason: 'We cannot deliver' }, 'supplier');
    expect(r.statusCode).toBe(403);
    expect((await get(o.poHeaderId)).statusCode).toBe('PUBLISHED');
  });

  it('goes back to the status it left when the supplier refuses, from each released status', async () => {
    for (const status of ['PUBLISHED', 'DELIVERY_DATE_REVIEW', 'CONFIRMED']) {
      const o = await boundOrder(status);
      expect((await act(o.poHeaderId, 'cancelRequest', { cancelReason: 'Wrong supplier', objectVersionNumber: o.objectVersionNumber })).statusCode).toBe(200);
      const refused = await act(o.poHeaderId, 'refuseCancel', {}, 'supplier');
      expect(refused.statusCode, refused.body).toBe(200);
      expect(refused.json(), status).toMatchObject({ statusCode: status, cancelFromStatus: null });
    }
  });

  it('refuses a request before release and a direct cancel after it', async () => {
    const draft = await orderOf(s.call, 'buyer', 10);
    refusedInStatus(await act(draft.poHeaderId, 'cancelRequest', { cancelReason: 'x' }), 'NEW');
    const published = await boundOrder('PUBLISHED');
    refusedInStatus(await act(published.poHeaderId, 'cancel', { cancelReason: 'x' }), 'PUBLISHED');
    expect((await get(published.poHeaderId)).statusCode).toBe('PUBLISHED');
    // The direct cancel of a draft keeps an optional reason.
    const r = await act(draft.poHeaderId, 'cancel', { cancelReason: 'Duplicate' });
    expect(r.json()).toMatchObject({ statusCode: 'CANCELED', cancelReason: 'Duplicate' });
  });

  it('keeps a draft cancelled before release hidden from the supplier', async () => {
    const draft = await orderOf(s.call, 'buyer', 10, { supplierId: bound[0] });
    expect((await act(draft.poHeaderId, 'cancel', {})).json().statusCode).toBe('CANCELED');
    expect((await call('GET', `${PO}/${String(draft.poHeaderId)}`, undefined, 'supplier')).statusCode).toBe(404);
  });
});

describe('the supplier is told', () => {
  it('gets a message naming the order and linking to it when the order is released, and when its cancellation is requested', async () => {
    const o = await boundOrder('APPROVED');
    const released = await act(o.poHeaderId, 'release', { objectVersionNumber: o.objectVersionNumber });
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json().releasedDate).toBeTruthy();
    const num = String(o.displayPoNum);
    const onRelease = await messagesAbout(num);
    expect(onRelease.length).toBe(1);
    expect(onRelease[0]!.content).toContain(`href="/sodr/confirm-order/detail/${String(o.poHeaderId)}"`);
    await act(o.poHeaderId, 'cancelRequest', { cancelReason: '<b>Budget</b> cut' });
    const all = await messagesAbout(num);
    expect(all.length).toBe(2);
    const request = all.find((m) => m !== all.find((x) => x.subject === onRelease[0]!.subject))!;
    // The reason is the buyer's text: shown, never as markup.
    expect(request.content).toContain('&#60;b&#62;Budget');
    expect(request.content).toContain(`/sodr/confirm-order/detail/${String(o.poHeaderId)}`);
  });

  it('tells nobody when an order of a supplier without users is released', async () => {
    const before = Number((await s.ctx.db.query<{ n: number }>('select count(*)::int as n from hmsg_user_message')).rows[0]!.n);
    const o = await orderOf(s.call, 'buyer', 5);
    await s.ctx.db.query("update sodr_po_header set status_code = 'APPROVED' where po_header_id = $1", [o.poHeaderId]);
    expect((await act(o.poHeaderId, 'release')).statusCode).toBe(200);
    await new Promise((ok) => setTimeout(ok, 200));
    expect(Number((await s.ctx.db.query<{ n: number }>('select count(*)::int as n from hmsg_user_message')).rows[0]!.n)).toBe(before);
  });
});

describe('cancelling an order line', () => {
  it('takes a reason, leaves the totals, makes the line read-only; refused without a reason and after release', async () => {
    const o = await orderOf(s.call, 'buyer', 100);
    const second = (await call('POST', PO_LINES, { poHeaderId: o.poHeaderId, lineNum: 2, itemCode: 'B', itemName: 'B', quantity: 3, unitPrice: 0.1, taxCode: 'NONE' })).json();
    expect(await get(o.poHeaderId)).toMatchObject({ amount: '100.30', taxIncludeAmount: '100.30' });
    const noReason = await call('POST', `${PO_LINES}/${String(second.poLineId)}/actions/cancel`, {});
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toMatchObject({ field: 'cancelReason' });
    const r = await call('POST', `${PO_LINES}/${String(second.poLineId)}/actions/cancel`, { cancelReason: 'Not needed' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ cancelledFlag: 1, cancelReason: 'Not needed' });
    expect(await get(o.poHeaderId)).toMatchObject({ amount: '100.00', taxIncludeAmount: '100.00' });
    // Read-only from now on, even in a draft; a cancelled line is not cancelled twice nor deleted.
    const put = await call('PUT', `${PO_LINES}/${String(second.poLineId)}`, { ...(r.json() as Row), quantity: 9 });
    expect(put.statusCode).toBe(409);
    expect(put.json()).toMatchObject({ field: 'quantity' });
    expect((await call('DELETE', `${PO_LINES}/${String(second.poLineId)}`)).statusCode).toBe(409);
    refusedInStatus(await call('POST', `${PO_LINES}/${String(second.poLineId)}/actions/cancel`, { cancelReason: 'again' }));
    // The other line still changes, and the total follows it alone.
    const [first] = (await call('GET', `${PO_LINES}?poHeaderId=${String(o.poHeaderId)}&lineNum=1`)).json().content as Row[];
    expect((await call('PUT', `${PO_LINES}/${String(first!.poLineId)}`, { ...first, quantity: 2 })).statusCode).toBe(200);
    expect((await get(o.poHeaderId)).amount).toBe('200.00');
  });

  it('cancels two lines of one order at the same moment, both counted out of the total', async () => {
    const o = await orderOf(s.call, 'buyer', 10);
    const b = (await call('POST', PO_LINES, { poHeaderId: o.poHeaderId, lineNum: 2, itemCode: 'B', itemName: 'B', quantity: 1, unitPrice: 5, taxCode: 'NONE' })).json();
    await call('POST', PO_LINES, { poHeaderId: o.poHeaderId, lineNum: 3, itemCode: 'C', itemName: 'C', quantity: 1, unitPrice: 1, taxCode: 'NONE' });
    const [a] = (await call('GET', `${PO_LINES}?poHeaderId=${String(o.poHeaderId)}&lineNum=1`)).json().content as Row[];
    const both = await Promise.all([a!, b as Row].map((l) => call('POST', `${PO_LINES}/${String(l.poLineId)}/actions/cancel`, { cancelReason: 'at once' })));
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect((await get(o.poHeaderId)).amount).toBe('1.00');
  });

  it('is refused once the order is released', async () => {
    const o = await boundOrder('PUBLISHED');
    const [line] = (await call('GET', `${PO_LINES}?poHeaderId=${String(o.poHeaderId)}&size=1`)).json().content as Row[];
    const r = await call('POST', `${PO_LINES}/${String(line!.poLineId)}/actions/cancel`, { cancelReason: 'Late' });
    refusedInStatus(r, 'PUBLISHED');
  });
});

describe('conditional sums in formulas', () => {
  const entities = loadEntities();
  const header = entities.get('poHeader')!;
  it('compiles a condition over the line fields into parameters, never into the text', () => {
    const params: unknown[] = [];
    const sql = compileFormula(header, entities, "sum(poLine.lineAmount, cancelledFlag != 1 && uomCode == 'EA' || quantity >= 2 && !(itemCode == null))", params);
    expect(sql).toContain('is distinct from');
    expect(sql).toContain('not (c."item_code" is null)');
    expect(sql).not.toContain("'EA'");
    expect(params).toEqual(['1', 'EA', '2']);
  });

  it('refuses what is not a condition over the lines', () => {
    expect(() => compileFormula(header, entities, 'sum(poLine.lineAmount, parent.amount > 1)', [])).toThrow(/compares a line's fields/);
    expect(() => compileFormula(header, entities, 'sum(poLine.lineAmount, nope == 1)', [])).toThrow(/not a field/);
    expect(() => compileFormula(header, entities, 'sum(poLine.lineAmount, quantity + 1)', [])).toThrow(/not a line condition/);
  });
});

describe('cancelling requisitions', () => {
  const PR = '/sprm/v1/1/purchase-requests';
  const PRL = '/sprm/v1/1/purchase-request-lines';
  /** An approved seeded requisition of tenant 1 with at least two lines not ordered yet. */
  async function approvedWithOpenLines(skip = 0): Promise<{ header: Row; lines: Row[] }> {
    const r = await s.ctx.db.query<{ id: number }>(
      `select h.pr_header_id::float8 as id from sprm_pr_header h where h.tenant_id = 1 and h.pr_status_code = 'APPROVED'
          and (select count(*) from sprm_pr_line l where l.pr_header_id = h.pr_header_id and l.execution_status_code = 'NONE' and coalesce(l.cancelled_flag, 0) = 0) >= 2
        order by 1 offset $1 limit 1`,
      [skip],
    );
    const id = r.rows[0]!.id;
    return { header: (await call('GET', `${PR}/${id}`)).json(), lines: (await call('GET', `${PRL}?prHeaderId=${id}&size=50`)).json().content };
  }

  it('cancels one line with a reason: out of the amount, read-only, no longer orderable; refused without a reason', async () => {
    const { header, lines } = await approvedWithOpenLines();
    const line = lines[0]!;
    const noReason = await call('POST', `${PRL}/${String(line.prLineId)}/actions/cancel`, { cancelReason: '' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toMatchObject({ field: 'cancelReason' });
    const r = await call('POST', `${PRL}/${String(line.prLineId)}/actions/cancel`, { cancelReason: 'Bought elsewhere' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ cancelledFlag: 1, cancelReason: 'Bought elsewhere' });
    const after = (await call('GET', `${PR}/${String(header.prHeaderId)}`)).json();
    expect(after.amount).toBe(new Decimal(header.amount as string).minus(line.lineAmount as string).toFixed(2));
    const orderable = (await call('GET', `${PRL}/orderable?prHeaderId=${String(header.prHeaderId)}&size=50`)).json().content as Row[];
    expect(orderable.map((l) => l.prLineId)).not.toContain(line.prLineId);
    expect(orderable.length).toBeGreaterThan(0);
    // Turning it into an order line anyway is refused.
    const converted = await call('POST', '/sodr/v1/1/po-headers/from-requisitions', [{ prLineId: line.prLineId }]);
    expect(converted.statusCode).toBe(409);
    expect(converted.json().message).toMatch(/cancelled/);
  });

  it('refuses cancelling a line already ordered', async () => {
    const { lines } = await approvedWithOpenLines();
    await s.ctx.db.query("update sprm_pr_line set execution_status_code = 'ORDERED', display_po_num = 'PO-X' where pr_line_id = $1", [lines[1]!.prLineId]);
    const c = await call('POST', `${PRL}/${String(lines[1]!.prLineId)}/actions/cancel`, { cancelReason: 'late' });
    expect(c.json()).toMatchObject({ failed: true });
    expect(c.json().message).toMatch(/already ordered/);
  });

  it('cancels a whole requisition only with a reason, and closes an approved one', async () => {
    const { header } = await approvedWithOpenLines();
    const none = await call('POST', `${PR}/${String(header.prHeaderId)}/actions/cancel`, {});
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ field: 'cancelReason' });
    const r = await call('POST', `${PR}/${String(header.prHeaderId)}/actions/cancel`, { cancelReason: 'Budget frozen' });
    expect(r.json()).toMatchObject({ prStatusCode: 'CANCELED', cancelReason: 'Budget frozen' });
    const orderable = (await call('GET', `${PRL}/orderable?prHeaderId=${String(header.prHeaderId)}&size=50`)).json().content as Row[];
    expect(orderable).toEqual([]);
    const other = await approvedWithOpenLines();
    expect((await call('POST', `${PR}/${String(other.header.prHeaderId)}/actions/close`, {})).json().prStatusCode).toBe('CLOSED');
  });
});
