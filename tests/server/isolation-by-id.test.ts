import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityDecl } from '../../renderer/schema/entity.ts';
import { platformConvention } from '../../renderer/schema/wire/rest-convention.ts';
import { loadEntities } from '../../server/resources/entities.ts';
import { startTestServer, type TestServer } from './harness.ts';

/**
 * The other half of tenant isolation (isolation.test.ts refuses a path naming another tenant):
 * a user calling through their own tenant's path with the id of another tenant's record. Generated
 * over every tenant-scoped entity: reading, updating, deleting (one and in a batch) and every
 * declared status action find nothing (403/404, or a refusal in the body), and the record's row
 * is byte for byte what it was.
 */
const ENTITIES = [...loadEntities().values()].filter((e) => e.paths.tenant && e.tenantScoped);
const col = (n: string) => n.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

/** The entity's path under `tenant`, parent keys (`{eventId}`) taken from one of that tenant's rows. */
async function pathUnder(e: EntityDecl, template: string, tenant: number): Promise<string> {
  let out = template.replace('{tenantId}', String(tenant));
  for (const [, name] of out.matchAll(/\{(\w+)\}/g)) {
    if (name === e.primaryKey) continue;
    const r = await s.ctx.db.query<{ v: unknown }>(`select ${col(name!)} as v from ${e.table} where ${col(e.tenantField ?? 'tenantId')} = $1 and ${col(name!)} is not null limit 1`, [tenant]);
    out = out.replace(`{${name}}`, String(r.rows[0]?.v ?? 1));
  }
  return out;
}

/** A row of `tenant`: its id, version and a digest of the whole row. */
async function rowOf(e: EntityDecl, tenant: number, id?: number): Promise<{ id: number; v: number; digest: string } | undefined> {
  const where = id === undefined ? `${col(e.tenantField ?? 'tenantId')} = $1` : `${col(e.primaryKey)} = $1`;
  const r = await s.ctx.db.query<{ id: number; v: number; digest: string }>(
    `select ${col(e.primaryKey)}::float8 as id, object_version_number::int as v, md5(t::text) as digest from ${e.table} t where ${where} order by 1 limit 1`,
    [id ?? tenant],
  );
  return r.rows[0];
}

/**
 * An answer that gives nothing away: refused (400 when a module's own call of the same path wants
 * other parameters), not found, a business refusal, or an empty page (a path that is a list there).
 */
const refused = (status: number, body: string) =>
  status === 400 || status === 403 || status === 404 || (status === 200 && (/"failed":true/.test(body) || /^\{"content":\[\],/.test(body)));

let checks = 0;
describe('a record of another tenant, reached through the caller’s own tenant path (generated)', () => {
  afterAll(() => console.log(`isolation by id: ${checks} calls over ${ENTITIES.length} tenant-scoped entities, each refused with the row unchanged`));

  describe.each(ENTITIES.map((e) => [e.name, e] as const))('%s', (_name, e) => {
    it.each([
      ['admin2', 2, 1],
      ['sysadmin', 1, 2],
    ] as const)('%s (tenant %i) finds nothing of tenant %i', async (as, own, other) => {
      const target = await rowOf(e, other);
      if (!target) return; // the other tenant has no row of this entity to aim at
      const base = await pathUnder(e, e.paths.tenant!, own);
      const item = (await pathUnder(e, platformConvention.item(e.paths.tenant!, e), own)).replace(`{${e.primaryKey}}`, String(target.id));
      const calls = [
        { method: 'GET' as const, url: item },
        { method: 'GET' as const, url: `${base}/${target.id}` },
        ...(e.readOnly
          ? []
          : [
              { method: 'PUT' as const, url: `${base}/${target.id}`, payload: { objectVersionNumber: target.v } },
              { method: 'PUT' as const, url: base, payload: { [e.primaryKey]: target.id, objectVersionNumber: target.v } },
              { method: 'DELETE' as const, url: `${base}/${target.id}` },
              { method: 'DELETE' as const, url: base, payload: [{ [e.primaryKey]: target.id, objectVersionNumber: target.v }] },
              ...Object.keys(e.status?.transitions ?? {}).map((a) => ({ method: 'POST' as const, url: `${base}/${target.id}/actions/${a}`, payload: { objectVersionNumber: target.v } })),
            ]),
      ];
      for (const c of calls) {
        const r = await s.call({ ...c, as });
        checks++;
        expect(refused(r.statusCode, r.body), `${as} ${c.method} ${c.url}: ${r.statusCode} ${r.body.slice(0, 200)}`).toBe(true);
        // A refusal must not echo the record either.
        if (r.statusCode === 200) expect(r.body).not.toContain(`"${e.primaryKey}":${target.id},`);
      }
      expect((await rowOf(e, other, target.id))?.digest, 'the row is unchanged').toBe(target.digest);
    });
  });
});
