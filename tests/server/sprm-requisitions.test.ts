import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

/** Requisitions: lines checked, approval through the workflow, approved lines into orders exactly once. */
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

type Row = Record<string, unknown>;
const PR = '/sprm/v1/1/purchase-requests';
const PRL = '/sprm/v1/1/purchase-request-lines';
const CONVERT = '/sodr/v1/1/po-headers/from-requisitions';
const WF = '/hwfl/v1/1';
const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, as = 'buyer') => s.call({ method, url, ...(payload === undefined ? {} : { payload: payload as Row }), as });
const supplierId = async (num: string) => (await s.ctx.db.query<{ id: number }>('select supplier_id::float8 as id from sslm_supplier where tenant_id = 1 and supplier_num = $1', [num])).rows[0]!.id;

/** A requisition of the buyer with lines [quantity, price, supplier number], approved through the workflow. */
async function approvedRequisition(lines: Array<[number, number, string]>): Promise<{ header: Row; lines: Row[] }> {
  const header = (await call('POST', PR, { title: 'Spares for line 3', companyName: 'Demo Manufacturing Co.', currencyCode: 'CNY' })).json();
  const made: Row[] = [];
  let n = 0;
  for (const [quantity, unitPrice, sup] of lines) {
    const r = await call('POST', PRL, { prHeaderId: header.prHeaderId, lineNum: ++n, itemCode: `SP-${n}`, itemName: 'Spare part', quantity, unitPrice, neededDate: future(30), suggestedSupplierId: await supplierId(sup), suggestedSupplierName: sup });
    expect(r.statusCode, r.body).toBe(200);
    made.push(r.json());
  }
  const submitted = (await call('POST', `${PR}/${header.prHeaderId}/actions/submit`, {})).json();
  expect(submitted.prStatusCode, JSON.stringify(submitted)).toBe('APPROVING');
  const tasks = (await call('GET', `${WF}/tasks?statusCode=PENDING&size=200`, undefined, 'approver')).json().content as Array<{ taskId: number; description: string }>;
  const task = tasks.find((t) => t.description.startsWith(String(submitted.displayPrNum)))!;
  expect((await call('POST', `${WF}/runtime/tasks/${task.taskId}`, { action: 'Approved' }, 'approver')).statusCode).toBe(200);
  const approved = (await call('GET', `${PR}/${header.prHeaderId}`)).json();
  expect(approved.prStatusCode).toBe('APPROVED');
  return { header: approved, lines: made };
}

describe('requisition lines', () => {
  it('refuses a need-by date in the past and a quantity of zero, naming the field; sums the amount exactly', async () => {
    const header = (await call('POST', PR, { title: 'Checks', companyName: 'Demo Manufacturing Co.' })).json();
    const past = await call('POST', PRL, { prHeaderId: header.prHeaderId, lineNum: 1, itemCode: 'A', itemName: 'A', quantity: 1, neededDate: '2020-01-01' });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ field: 'neededDate' });
    const zero = await call('POST', PRL, { prHeaderId: header.prHeaderId, lineNum: 1, itemCode: 'A', itemName: 'A', quantity: 0, neededDate: future(5) });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().message).toContain('quantity');
    await call('POST', PRL, { prHeaderId: header.prHeaderId, lineNum: 1, itemCode: 'A', itemName: 'A', quantity: 3, unitPrice: 0.1, neededDate: future(5) });
    await call('POST', PRL, { prHeaderId: header.prHeaderId, lineNum: 2, itemCode: 'B', itemName: 'B', quantity: 1, unitPrice: 0.2, neededDate: future(5) });
    expect((await call('GET', `${PR}/${header.prHeaderId}`)).json().amount).toBe('0.50');
  });
});

describe('approved lines into orders', () => {
  it('makes one order per suggested supplier with the lines, marks the lines ordered, and never orders a line twice', async () => {
    const { lines } = await approvedRequisition([
      [10, 12.5, 'S0001'],
      [4, 99.99, 'S0002'],
      [2, 0.35, 'S0001'],
    ]);
    const r = await call('POST', CONVERT, lines.map((l) => ({ prLineId: l.prLineId })));
    expect(r.statusCode, r.body).toBe(200);
    const orders = r.json() as Row[];
    expect(orders).toHaveLength(2);
    const s1 = orders.find((o) => o.supplierId === 0 || String(o.supplierName).startsWith('Shanghai'))!;
    expect(s1).toMatchObject({ statusCode: 'NEW', amount: '125.70', currencyCode: 'CNY' });
    const poLines = (await call('GET', `/sodr/v1/1/po-lines?poHeaderId=${String(s1.poHeaderId)}&size=10`)).json().content as Row[];
    expect(poLines.map((l) => [l.quantity, l.unitPrice])).toEqual([
      ['10.00', '12.50'],
      ['2.00', '0.35'],
    ]);
    const marked = (await call('GET', `${PRL}/${String(lines[0]!.prLineId)}`)).json();
    expect(marked).toMatchObject({ executionStatusCode: 'ORDERED', orderedQuantity: '10.00', displayPoNum: s1.displayPoNum });

    const again = await call('POST', CONVERT, [{ prLineId: lines[0]!.prLineId }]);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain(String(s1.displayPoNum));
    // The orderable list no longer offers them.
    const orderable = (await call('GET', `${PRL.replace('purchase-request-lines', 'purchase-request-lines/orderable')}?size=1000`)).json().content as Row[];
    expect(orderable.some((l) => lines.some((x) => x.prLineId === l.prLineId))).toBe(false);
  });

  it('refuses lines of a requisition that is not approved, and changes nothing', async () => {
    const header = (await call('POST', PR, { title: 'Draft', companyName: 'Demo Manufacturing Co.' })).json();
    const line = (await call('POST', PRL, { prHeaderId: header.prHeaderId, lineNum: 1, itemCode: 'A', itemName: 'A', quantity: 1, unitPrice: 1, neededDate: future(9), suggestedSupplierId: await supplierId('S0003') })).json();
    const before = (await s.ctx.db.query<{ n: number }>('select count(*)::int as n from sodr_po_header')).rows[0]!.n;
    const r = await call('POST', CONVERT, [{ prLineId: line.prLineId }]);
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toMatch(/PENDING/);
    expect((await s.ctx.db.query<{ n: number }>('select count(*)::int as n from sodr_po_header')).rows[0]!.n).toBe(before);
  });

  it('orders a line once when two buyers convert it at the same moment', async () => {
    const { lines } = await approvedRequisition([[1, 5, 'S0004']]);
    const both = await Promise.all([call('POST', CONVERT, [{ prLineId: lines[0]!.prLineId }]), call('POST', CONVERT, [{ prLineId: lines[0]!.prLineId }])]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('orders a line that names no supplier from the one the buyer chooses, and refuses it by line without one', async () => {
    const { header, lines } = await approvedRequisition([[4, 2.5, 'S0001']]);
    const line = lines[0]!;
    // The requisition suggested nobody (set here as an approved requisition from an outside system would come).
    await s.ctx.db.query('update sprm_pr_line set suggested_supplier_id = null where pr_line_id = $1', [line.prLineId]);
    const bare = await call('POST', CONVERT, [{ prLineId: line.prLineId }]);
    expect([bare.statusCode, bare.json().field]).toEqual([400, 'supplierId']);
    expect(bare.json().message).toContain(`${String(header.displayPrNum)} line 1 names no supplier`);
    const stranger = await call('POST', CONVERT, [{ prLineId: line.prLineId, supplierId: 987654321 }]);
    expect([stranger.statusCode, stranger.json().field]).toEqual([400, 'supplierId']);
    const chosen = await supplierId('S0002');
    const made = await call('POST', CONVERT, [{ prLineId: line.prLineId, supplierId: chosen }]);
    expect(made.statusCode, made.body).toBe(200);
    expect((made.json() as Row[]).map((o) => o.supplierId)).toEqual([chosen]);
  });
});
