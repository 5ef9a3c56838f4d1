import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

/** A released or confirmed order becomes a draft contract, once, and each leads to the other. */
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

type Row = Record<string, unknown>;
const FROM = (id: number) => `/scm/v1/1/purchase-contracts/from-order/${id}`;
const call = (method: 'GET' | 'POST', url: string, as = 'buyer') => s.call({ method, url, as });
const orderIn = async (statuses: string[]) =>
  (await s.ctx.db.query<{ id: number; num: string }>(
    `select h.po_header_id::float8 as id, h.display_po_num as num from sodr_po_header h
      where h.tenant_id = 1 and h.status_code = any($1::text[]) and exists (select 1 from sodr_po_line l where l.po_header_id = h.po_header_id)
      order by h.po_header_id limit 1`, [statuses])).rows[0]!;

describe('a contract from an order', () => {
  it('has the order’s supplier and lines, keeps each line’s order line, and is made once', async () => {
    const po = await orderIn(['CONFIRMED', 'PUBLISHED']);
    expect((await call('POST', FROM(po.id), 'supplier')).statusCode).toBe(403);
    const r = await call('POST', FROM(po.id));
    expect(r.statusCode, r.body).toBe(200);
    const pc = r.json() as Row;
    expect(pc.pcStatusCode).toBe('PENDING');
    const order = (await s.ctx.db.query<{ supplier: number; n: number }>(
      "select h.supplier_id::float8 as supplier, (select count(*)::int from sodr_po_line l where l.po_header_id = h.po_header_id and coalesce(l.cancelled_flag::text, '0') <> '1') as n from sodr_po_header h where h.po_header_id = $1", [po.id])).rows[0]!;
    expect(pc.supplierId).toBe(order.supplier);
    const lines = (await s.ctx.db.query<{ po: number }>('select po_line_id::float8 as po from scm_contract_line where pc_header_id = $1', [pc.pcHeaderId])).rows;
    expect(lines).toHaveLength(order.n);
    expect(lines.every((l) => l.po > 0)).toBe(true);
    const led = (await call('GET', `/hpfm/v1/1/related-documents/poHeader/${po.id}`)).json().to as Row[];
    expect(led.map((d) => [d.entity, d.id])).toContainEqual(['contractHeader', pc.pcHeaderId]);
    const again = await call('POST', FROM(po.id));
    expect([again.statusCode, again.json().field]).toEqual([409, 'poHeaderId']);
    expect(again.json().message).toContain(String(pc.pcNum));
  });

  it('is refused for an order the supplier has not received yet', async () => {
    const po = await orderIn(['NEW']);
    const r = await call('POST', FROM(po.id));
    expect([r.statusCode, r.json().field]).toEqual([409, 'poHeaderId']);
    expect(r.json().message).toContain(po.num);
  });
});
