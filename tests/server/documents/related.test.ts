import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentRef, RelatedDocuments } from '../../../renderer/schema/documents/refs.ts';
import { startTestServer, type TestServer } from '../harness.ts';

/**
 * The chain of documents (server/documents/): an order made from requisition lines names the
 * requisition it came from, the requisition names the order it became, each as the viewer may see
 * it (the page their menus open, or no page; a document they may not read is not named).
 */
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

type Row = Record<string, unknown>;
const call = (url: string, as = 'buyer', method: 'GET' | 'POST' = 'GET', payload?: unknown) => s.call({ method, url, as, ...(payload === undefined ? {} : { payload: payload as Row }) });
const related = async (entity: string, id: unknown, as = 'buyer') => {
  const r = await call(`/hpfm/v1/1/related-documents/${entity}/${String(id)}`, as);
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as RelatedDocuments;
};

/** An approved requisition line of the seed that names a supplier and is not ordered yet. */
async function orderableLine(): Promise<{ prLineId: number; prHeaderId: number; prNum: string }> {
  const r = await s.ctx.db.query<{ prLineId: number; prHeaderId: number; prNum: string }>(
    `select l.pr_line_id::float8 as "prLineId", h.pr_header_id::float8 as "prHeaderId", h.display_pr_num as "prNum"
       from sprm_pr_line l join sprm_pr_header h on h.pr_header_id = l.pr_header_id
      where l.tenant_id = 1 and h.pr_status_code = 'APPROVED' and l.execution_status_code = 'NONE' and coalesce(l.cancelled_flag, 0) = 0 and l.suggested_supplier_id is not null
      order by l.pr_line_id limit 1`,
  );
  expect(r.rows.length, 'the seed holds an orderable requisition line').toBe(1);
  return r.rows[0]!;
}

describe('related documents', () => {
  it('lead from an order to the requisition it came from and back, each with the page the viewer opens', async () => {
    const line = await orderableLine();
    const made = await call('/sodr/v1/1/po-headers/from-requisitions', 'buyer', 'POST', [{ prLineId: line.prLineId }]);
    expect(made.statusCode, made.body).toBe(200);
    const po = (made.json() as Row[])[0]!;
    const lines = await s.ctx.db.query<{ pr: number }>('select pr_line_id::float8 as pr from sodr_po_line where po_header_id = $1', [po.poHeaderId]);
    expect(lines.rows.map((r) => r.pr), 'the order line keeps its requisition line').toEqual([line.prLineId]);

    const fromOrder = await related('poHeader', po.poHeaderId);
    expect(fromOrder.to).toEqual([]);
    expect(fromOrder.from).toHaveLength(1);
    expect(fromOrder.from[0]).toMatchObject({ entity: 'prHeader', id: line.prHeaderId, number: line.prNum, status: 'APPROVED' });
    expect(fromOrder.from[0]!.page).toMatch(new RegExp(`^/sprm/.+/${line.prHeaderId}$`));

    const fromRequisition = await related('prHeader', line.prHeaderId);
    const order = fromRequisition.to.find((d) => d.id === po.poHeaderId);
    // Named as one order (the document's label), not as the list ("Purchase orders").
    expect(order).toMatchObject({ entity: 'poHeader', label: 'sodr.poHeader.document', number: po.displayPoNum, status: 'NEW', page: `/sodr/send-order/detail/${String(po.poHeaderId)}` });
  });

  it('names the documents an action created, and refuses what is not a document or not the caller’s', async () => {
    const po = (await s.ctx.db.query<{ id: number; num: string }>("select po_header_id::float8 as id, display_po_num as num from sodr_po_header where tenant_id = 1 and status_code = 'NEW' order by po_header_id limit 1")).rows[0]!;
    const r = await call(`/hpfm/v1/1/documents/poHeader?ids=${po.id}`);
    expect(r.statusCode, r.body).toBe(200);
    expect((r.json() as DocumentRef[]).map((d) => d.number)).toEqual([po.num]);
    expect((await call('/hpfm/v1/1/documents/poLine?ids=1')).statusCode).toBe(404);
    const bad = await call('/hpfm/v1/1/documents/poHeader?ids=1;drop');
    expect(bad.statusCode).toBe(400);
    // A supplier does not see a draft order: neither its links nor its number.
    expect((await call(`/hpfm/v1/1/related-documents/poHeader/${po.id}`, 'supplier')).statusCode).toBe(404);
    expect(((await call(`/hpfm/v1/1/documents/poHeader?ids=${po.id}`, 'supplier')).json() as DocumentRef[])).toEqual([]);
  });

  it('shows a supplier its released order but not the buyer’s requisition behind it', async () => {
    const line = await orderableLine();
    const po = ((await call('/sodr/v1/1/po-headers/from-requisitions', 'buyer', 'POST', [{ prLineId: line.prLineId }])).json() as Row[])[0]!;
    // Released the way the supplier would first see it, without the approval's round trip.
    await s.ctx.db.query("update sodr_po_header set status_code = 'PUBLISHED' where po_header_id = $1", [po.poHeaderId]);
    const supplierLogin = (await s.ctx.db.query<{ login: string }>(
      `select u.login_name as login from iam_user u join sslm_supplier_user su on su.user_id = u.id where su.supplier_id = $1 limit 1`, [po.supplierId])).rows[0]?.login;
    if (!supplierLogin) return expect.fail(`no supplier user for supplier ${String(po.supplierId)}`);
    const seen = await related('poHeader', po.poHeaderId, supplierLogin);
    expect(seen.from, 'the requisition is the buyer’s').toEqual([]);
  });
});
