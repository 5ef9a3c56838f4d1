import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityDecl } from '../../renderer/schema/entity.ts';
import { loadEntities } from '../../server/resources/entities.ts';
import { startTestServer, type TestServer } from './harness.ts';

/**
 * The supplier side of shared documents, generated over every entity that names a supplier
 * (`supplierField`) or is a line of one: the demo `supplier` acts for two suppliers of tenant 1
 * and must reach those suppliers' rows only, on every generic path; another supplier's row is
 * neither listed, read, changed, deleted nor moved, and a refused write changes nothing.
 */
const ENTITIES = [...loadEntities().values()];
const byName = new Map(ENTITIES.map((e) => [e.name, e]));
const supplierOf = (e: EntityDecl) => (e.supplierField ? e : e.parent && byName.get(e.parent.entity)?.supplierField ? byName.get(e.parent.entity) : undefined);
const SUPPLIER_SIDE = ENTITIES.filter((e) => e.paths.tenant && supplierOf(e));

let s: TestServer;
let bound: number[];
beforeAll(async () => {
  s = await startTestServer();
  bound = (
    await s.ctx.db.query<{ id: number }>("select su.supplier_id::float8 as id from sslm_supplier_user su join iam_user u on u.id = su.user_id where u.login_name = 'supplier' order by 1")
  ).rows.map((r) => r.id);
});
afterAll(() => s.close());

const col = (n: string) => n.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const base = (e: EntityDecl) => e.paths.tenant!.replace('{tenantId}', '1');

/** The supplier a row belongs to: its own field, or its parent's. */
async function supplierOfRow(e: EntityDecl, row: Record<string, unknown>): Promise<number | null> {
  if (e.supplierField) return row[e.supplierField] == null ? null : Number(row[e.supplierField]);
  const p = byName.get(e.parent!.entity)!;
  const r = await s.ctx.db.query<{ v: number | null }>(`select ${col(p.supplierField!)}::float8 as v from ${p.table} where ${col(p.primaryKey)} = $1`, [row[e.parent!.field]]);
  return r.rows[0]?.v ?? null;
}

/** A row of tenant 1 of another supplier than the bound ones. */
async function foreignRow(e: EntityDecl): Promise<Record<string, unknown> | undefined> {
  const p = supplierOf(e)!;
  const where =
    e === p
      ? `t.${col(e.supplierField!)} is not null and not (t.${col(e.supplierField!)} = any($1::bigint[]))`
      : `exists (select 1 from ${p.table} h where h.${col(p.primaryKey)} = t.${col(e.parent!.field)} and not (h.${col(p.supplierField!)} = any($1::bigint[])))`;
  const r = await s.ctx.db.query<Record<string, unknown>>(`select t.${col(e.primaryKey)}::float8 as id, t.object_version_number::int as v from ${e.table} t where t.tenant_id = 1 and ${where} limit 1`, [bound]);
  return r.rows[0];
}

const fingerprint = async (e: EntityDecl) =>
  JSON.stringify((await s.ctx.db.query(`select count(*)::int as n, coalesce(sum(object_version_number), 0)::int as v from ${e.table} where tenant_id = 1`)).rows[0]);

describe('the supplier side (generated over every supplier-facing entity)', () => {
  it('has a supplier bound to two suppliers and entities to check', () => {
    expect(bound).toHaveLength(2);
    expect(SUPPLIER_SIDE.map((e) => e.name)).toEqual(expect.arrayContaining(['poHeader', 'poLine', 'supplier', 'contractHeader', 'contractLine']));
  });

  describe.each(SUPPLIER_SIDE.map((e) => [e.name, e] as const))('%s', (_name, e) => {
    it("lists only the supplier's own suppliers' rows, where the buyer sees more", async () => {
      const mine = await s.call({ url: `${base(e)}?size=1000`, as: 'supplier' });
      if (mine.statusCode === 403) return; // the supplier role has no menu for this entity (permissions.test.ts)
      expect(mine.statusCode, mine.body).toBe(200);
      const rows = mine.json().content as Array<Record<string, unknown>>;
      for (const row of rows) expect(bound).toContain(await supplierOfRow(e, row));
      const all = (await s.call({ url: `${base(e)}?size=1`, as: 'admin' })).json().totalElements as number;
      if (await foreignRow(e)) expect(all).toBeGreaterThan(mine.json().totalElements);
    });

    it("neither reads, changes, deletes nor moves another supplier's row, and nothing changes", async () => {
      const row = await foreignRow(e);
      if (!row) return;
      const before = await fingerprint(e);
      const id = row.id as number;
      const v = row.v as number;
      const calls = [
        { method: 'GET' as const, url: `${base(e)}/${id}` },
        { method: 'PUT' as const, url: `${base(e)}/${id}`, payload: { objectVersionNumber: v } },
        { method: 'PUT' as const, url: base(e), payload: { [e.primaryKey]: id, objectVersionNumber: v } },
        { method: 'DELETE' as const, url: `${base(e)}/${id}` },
        { method: 'DELETE' as const, url: base(e), payload: [{ [e.primaryKey]: id, objectVersionNumber: v }] },
        ...Object.keys(e.status?.transitions ?? {}).map((a) => ({ method: 'POST' as const, url: `${base(e)}/${id}/actions/${a}`, payload: { objectVersionNumber: v } })),
      ];
      for (const c of calls) {
        const r = await s.call({ ...c, as: 'supplier' });
        expect([403, 404], `${c.method} ${c.url}: ${r.body}`).toContain(r.statusCode);
      }
      expect(await fingerprint(e)).toBe(before);
    });
  });

  it("refuses a supplier creating or moving a row to a supplier it does not act for, naming the field", async () => {
    const other = (await s.ctx.db.query<{ id: number }>('select supplier_id::float8 as id from sslm_supplier where tenant_id = 1 and not (supplier_id = any($1::bigint[])) limit 1', [bound])).rows[0]!.id;
    const own = (await s.call({ url: '/sodr/v1/1/po-headers?size=1', as: 'supplier' })).json().content[0];
    expect(own, 'the supplier sees its own orders').toBeDefined();
    const moved = await s.call({ method: 'PUT', url: `/sodr/v1/1/po-headers/${own.poHeaderId}`, payload: { supplierId: other, objectVersionNumber: own.objectVersionNumber }, as: 'supplier' });
    expect(moved.statusCode).toBe(403);
    expect(moved.json().message).toContain('supplierId');
    expect((await s.call({ url: `/sodr/v1/1/po-headers/${own.poHeaderId}`, as: 'supplier' })).json().supplierId).toBe(own.supplierId);
  });

  it("shows a supplier its own suppliers' orders only once released: a draft stays the buyer's", async () => {
    const rows = (await s.call({ url: '/sodr/v1/1/po-headers?size=1000', as: 'supplier' })).json().content as Array<{ statusCode: string; cancelFromStatus: string | null }>;
    expect(rows.length).toBeGreaterThan(0);
    // Released statuses, or canceled after the supplier was asked (the request keeps where it came from).
    const released = ['PUBLISHED', 'DELIVERY_DATE_REVIEW', 'CONFIRMED', 'CANCEL_TO_BE_CONFIRMED', 'CLOSED'];
    expect(rows.every((r) => released.includes(r.statusCode) || (r.statusCode === 'CANCELED' && r.cancelFromStatus !== null))).toBe(true);
    const draft = (
      await s.ctx.db.query<{ id: number }>("select po_header_id::float8 as id from sodr_po_header where tenant_id = 1 and status_code = 'NEW' and supplier_id = any($1::bigint[]) limit 1", [bound])
    ).rows[0]!.id;
    expect((await s.call({ url: `/sodr/v1/1/po-headers/${draft}`, as: 'supplier' })).statusCode).toBe(404);
    expect((await s.call({ url: `/sodr/v1/1/po-lines?poHeaderId=${draft}`, as: 'supplier' })).json().content).toEqual([]);
  });

  it('leaves buyers and administrators on the whole tenant', async () => {
    const buyer = (await s.call({ url: '/sodr/v1/1/po-headers?size=1', as: 'buyer' })).json().totalElements as number;
    const total = Number((await s.ctx.db.query<{ n: number }>('select count(*)::int as n from sodr_po_header where tenant_id = 1')).rows[0]!.n);
    expect(buyer).toBe(total);
  });
});
