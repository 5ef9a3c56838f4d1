import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderOf } from './orders.ts';
import { startTestServer, type TestServer } from './harness.ts';

/**
 * A line's number is the server's (`sequence` on the line entity's field): a new line is numbered
 * after its document's last one, whatever number the body sends, and lines added at the same time
 * to one document never share a number (server/resources/sequence.ts).
 */
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const LINES = '/sodr/v1/1/po-lines';
type Row = Record<string, unknown>;
const add = (poHeaderId: unknown, extra: Row = {}) =>
  s.call({ method: 'POST', url: LINES, as: 'buyer', payload: { poHeaderId, itemCode: 'MAT-1', itemName: 'Bolt', quantity: 1, unitPrice: 1, ...extra } });

describe('line numbers', () => {
  it('are given by the server after the document’s last line, not taken from the body', async () => {
    const po = await orderOf((o) => s.call(o), 'buyer', 10);
    const second = await add(po.poHeaderId, { lineNum: 77 });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().lineNum).toBe(2);
    expect((await add(po.poHeaderId)).json().lineNum).toBe(3);
  });

  it('never repeat when lines are added to one document at once', async () => {
    const po = await orderOf((o) => s.call(o), 'buyer', 10);
    const added = await Promise.all(Array.from({ length: 6 }, () => add(po.poHeaderId)));
    for (const r of added) expect(r.statusCode, r.body).toBe(200);
    const nums = (await s.ctx.db.query<{ n: number }>('select line_num::int as n from sodr_po_line where po_header_id = $1 order by line_num', [po.poHeaderId])).rows.map((r) => r.n);
    expect(nums).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
});
