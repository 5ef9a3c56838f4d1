import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

/** Status decides what can change (`status.editable` of po-header.json), on the server, with the field named. */
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

type Row = Record<string, unknown>;
const orderIn = async (status: string): Promise<Row> => (await s.call({ url: `/sodr/v1/1/po-headers?statusCode=${status}&size=1`, as: 'buyer' })).json().content[0];
const linesOf = async (id: unknown): Promise<Row[]> => (await s.call({ url: `/sodr/v1/1/po-lines?poHeaderId=${String(id)}&size=50`, as: 'buyer' })).json().content;
const count = async (table: string) => Number((await s.ctx.db.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]!.n);

describe('an approved order', () => {
  it('refuses a changed field, naming it and the status, and keeps the row as it was', async () => {
    const o = await orderIn('APPROVED');
    const r = await s.call({ method: 'PUT', url: `/sodr/v1/1/po-headers/${o.poHeaderId}`, payload: { ...o, companyName: 'Elsewhere Ltd.' }, as: 'buyer' });
    expect(r.statusCode).toBe(409);
    expect(r.json()).toMatchObject({ code: 'error.status.locked', field: 'companyName' });
    expect(r.json().message).toMatch(/companyName.*APPROVED/);
    const after = (await s.call({ url: `/sodr/v1/1/po-headers/${o.poHeaderId}`, as: 'buyer' })).json();
    expect(after).toMatchObject({ companyName: o.companyName, objectVersionNumber: o.objectVersionNumber });
  });

  it('takes the remark, with the rest of the record sent unchanged', async () => {
    const o = await orderIn('APPROVED');
    const r = await s.call({ method: 'PUT', url: `/sodr/v1/1/po-headers/${o.poHeaderId}`, payload: { ...o, remark: 'Deliver to gate 3' }, as: 'buyer' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().remark).toBe('Deliver to gate 3');
  });

  it('keeps its lines: no quantity change, no new line, no deleted line', async () => {
    const o = await orderIn('APPROVED');
    const [line] = await linesOf(o.poHeaderId);
    const changed = await s.call({ method: 'PUT', url: `/sodr/v1/1/po-lines/${line!.poLineId}`, payload: { ...line, quantity: Number(line!.quantity) + 1 }, as: 'buyer' });
    expect(changed.statusCode).toBe(409);
    expect(changed.json()).toMatchObject({ code: 'error.status.locked', field: 'quantity' });
    const before = await count('sodr_po_line');
    const added = await s.call({ method: 'POST', url: '/sodr/v1/1/po-lines', payload: { poHeaderId: o.poHeaderId, lineNum: 99, itemCode: 'X', itemName: 'X', quantity: 1 }, as: 'buyer' });
    expect(added.statusCode).toBe(409);
    const removed = await s.call({ method: 'DELETE', url: `/sodr/v1/1/po-lines/${line!.poLineId}`, as: 'buyer' });
    expect(removed.statusCode).toBe(409);
    expect(await count('sodr_po_line')).toBe(before);
  });
});

describe('a draft and a confirmed order', () => {
  it('lets a draft change anything and be deleted', async () => {
    const o = await orderIn('NEW');
    const r = await s.call({ method: 'PUT', url: `/sodr/v1/1/po-headers/${o.poHeaderId}`, payload: { ...o, companyName: 'Demo Components Trading Ltd.' }, as: 'buyer' });
    expect(r.statusCode, r.body).toBe(200);
    const [line] = await linesOf(o.poHeaderId);
    expect((await s.call({ method: 'PUT', url: `/sodr/v1/1/po-lines/${line!.poLineId}`, payload: { ...line, quantity: 7 }, as: 'buyer' })).statusCode).toBe(200);
    expect((await s.call({ method: 'DELETE', url: `/sodr/v1/1/po-headers/${o.poHeaderId}`, as: 'buyer' })).statusCode).toBe(200);
  });

  it('refuses deleting a confirmed order', async () => {
    const o = await orderIn('CONFIRMED');
    const r = await s.call({ method: 'DELETE', url: `/sodr/v1/1/po-headers/${o.poHeaderId}`, as: 'buyer' });
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toMatch(/CONFIRMED/);
  });
});
