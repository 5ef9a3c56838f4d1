import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PO } from './orders.ts';
import { startTestServer, type TestServer } from './harness.ts';

/**
 * Each side of an order takes its own moves, whatever menus a role holds: the buyer releases and
 * reviews dates, the supplier confirms or proposes dates. PURCHASER holds every sodr permission
 * code, so without the declared side a buyer could confirm on the supplier's behalf.
 */
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const status = async (id: number) => (await s.ctx.db.query<{ st: string }>('select status_code as st from sodr_po_header where po_header_id = $1', [id])).rows[0]!.st;

/** A released order of S0001, which the demo supplier works for. */
async function released(): Promise<{ id: number; version: number }> {
  const sup = (await s.ctx.db.query<{ id: number; name: string }>("select supplier_id::float8 as id, supplier_name as name from sslm_supplier where tenant_id = 1 and supplier_num = 'S0001'")).rows[0]!;
  const po = (
    await s.ctx.db.query<{ id: number; v: number }>(
      "update sodr_po_header set supplier_id = $1, supplier_name = $2 where po_header_id = (select min(po_header_id) from sodr_po_header where tenant_id = 1 and status_code = 'PUBLISHED' and po_header_id not in (select po_header_id from sodr_po_header where supplier_id = $1 and status_code <> 'PUBLISHED')) returning po_header_id::float8 as id, object_version_number::int as v",
      [sup.id, sup.name],
    )
  ).rows[0]!;
  return { id: po.id, version: po.v };
}

describe('who takes which move of an order', () => {
  it('refuses the buyer the supplier’s confirmation and proposal, and changes nothing', async () => {
    const po = await released();
    for (const action of ['confirm', 'feedback']) {
      const r = await s.call({ method: 'POST', url: `${PO}/${po.id}/actions/${action}`, payload: { objectVersionNumber: po.version }, as: 'buyer' });
      expect(r.statusCode, r.body).toBe(403);
      expect(r.json().message).toMatch(/supplier/i);
    }
    expect(await status(po.id)).toBe('PUBLISHED');
  });

  it('lets the supplier confirm, and refuses the supplier the buyer’s date review', async () => {
    const po = await released();
    const confirmed = await s.call({ method: 'POST', url: `${PO}/${po.id}/actions/confirm`, payload: { objectVersionNumber: po.version }, as: 'supplier' });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await status(po.id)).toBe('CONFIRMED');
    const review = (
      await s.ctx.db.query<{ id: number }>(
        "update sodr_po_header set supplier_id = (select supplier_id from sslm_supplier where tenant_id = 1 and supplier_num = 'S0001') where po_header_id = (select min(po_header_id) from sodr_po_header where tenant_id = 1 and status_code = 'DELIVERY_DATE_REVIEW') returning po_header_id::float8 as id",
      )
    ).rows[0]!;
    const r = await s.call({ method: 'POST', url: `${PO}/${review.id}/actions/agreeDate`, payload: {}, as: 'supplier' });
    expect(r.statusCode).toBe(403);
    expect(await status(review.id)).toBe('DELIVERY_DATE_REVIEW');
  });
});
