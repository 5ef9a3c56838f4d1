import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityDecl, EntityField } from '../../renderer/schema/entity.ts';
import { writableFields } from '../../server/resources/body-schema.ts';
import { loadEntities } from '../../server/resources/entities.ts';
import { VALUE_SETS } from '../../server/seed/lov-seed.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { platformConvention } from '../../renderer/schema/wire/rest-convention.ts';

/**
 * Tenant isolation, generated over every entity declaration: the tests follow the catalogue,
 * so an entity added later is covered without a new test. (The catalogue is read here to name
 * the tests; the first test checks it is the one the server runs.)
 */
const ENTITIES = [...loadEntities().values()];
const WITH_TENANT = ENTITIES.filter((e) => e.paths.tenant);
const WITH_SITE = ENTITIES.filter((e) => e.paths.site);

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const column = (n: string) => n.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
/**
 * A path template of the entity made concrete for a tenant: `{tenantId}`, and the parent keys of
 * a resource filed under its parent (`/events/{eventId}/rules`) taken from one of the tenant's rows.
 */
async function concrete(e: EntityDecl, template: string, tenant: number): Promise<string> {
  let out = template.replace('{tenantId}', String(tenant));
  for (const [, name] of out.matchAll(/\{(\w+)\}/g)) {
    const where = e.tenantScoped ? `where ${column(e.tenantField ?? 'tenantId')} = $1` : 'where $1::int is not null';
    const r = await s.ctx.db.query<{ v: unknown }>(`select ${column(name!)} as v from ${e.table} ${where} and ${column(name!)} is not null limit 1`, [tenant]);
    out = out.replace(`{${name}}`, String(r.rows[0]?.v ?? 1));
  }
  return out;
}
const tenantPath = (e: EntityDecl, tenant: number) => concrete(e, e.paths.tenant!, tenant);
const sitePath = (e: EntityDecl) => concrete(e, e.paths.site!, 0);
/** Where the entity's rows are listed (its `api.list`: HZERO's `/paging`, `../lov-headers/{lovId}/values`). */
const listPath = (e: EntityDecl, tenant: number) => concrete(e, platformConvention.list(e.paths.tenant!, e), tenant);
const withQuery = (url: string, q: string) => `${url}${url.includes('?') ? '&' : '?'}${q}`;

/** Entities whose rows are history (a job's saved parameter versions): created, then only read. */
const HISTORY = new Set(['glueLog']);

let unique = 0;
/** A body that would be valid for create, so that a refusal can only come from the access check. */
function sampleValue(f: EntityField): unknown {
  if (f.lov) return VALUE_SETS[f.lov]?.values[0]?.[0] ?? 'X';
  switch (f.type) {
    case 'integer':
      // Within the field's range (a year from 2000 on).
      return Math.max(1, f.min ?? 1);
    case 'number':
    case 'money':
    case 'percent':
      return 1;
    case 'flag':
      return 1;
    case 'yn':
      return 'Y';
    case 'date':
      // A month ahead: some dates may not lie in the past (a requisition's need-by date).
      return new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    case 'datetime':
      return '2026-01-01 08:00:00';
    case 'json':
      return {};
    default:
      // A route field (`^/…`) gets a path; upper-case letters and digits fit the code patterns declarations use.
      if (f.pattern?.startsWith('^/')) return `/iso${++unique}`;
      // A server address: an http(s) URL, as its pattern says.
      if (f.pattern?.startsWith('^https?')) return `https://iso${++unique}.example.com`;
      // Phone numbers are digits, as their patterns say.
      if (/phone/i.test(f.name)) return `1390000${String(++unique).padStart(4, '0')}`;
      return f.format === 'email' ? `iso${++unique}@example.com` : `ISO${++unique}`;
  }
}
function sampleBody(e: EntityDecl, tenant: number): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  let later = 0;
  for (const f of e.fields) {
    if (f.private || f.readOnly || f.name === e.primaryKey || !f.required) continue;
    body[f.name] = f.name === e.tenantField ? tenant : sampleValue(f);
    // Times in declaration order, each a day after the one before: a window's end follows its start.
    if (f.type === 'datetime') body[f.name] = `${new Date(Date.now() + (30 + later++) * 86_400_000).toISOString().slice(0, 10)} 08:00:00`;
  }
  return body;
}

/** Some row of the tenant, so that update and delete aim at a real record (1 when there is none). */
async function someId(e: EntityDecl, tenant: number): Promise<number> {
  const r = await s.call({ url: withQuery(await listPath(e, tenant), 'size=1'), as: 'admin' });
  const row = (r.json() as { content?: Array<Record<string, unknown>> }).content?.[0];
  return row ? Number(row[e.primaryKey]) : 1;
}

/** Every call of an entity's generic paths, each answering 403 for an outsider. */
async function expectAllForbidden(e: EntityDecl, base: string, as: string, id: number, body: Record<string, unknown>) {
  const reads = [
    { method: 'GET' as const, url: base },
    { method: 'GET' as const, url: `${base}/${id}` },
  ];
  const writes = [
    { method: 'POST' as const, url: base, payload: body },
    { method: 'PUT' as const, url: `${base}/${id}`, payload: { ...body, objectVersionNumber: 1 } },
    { method: 'PUT' as const, url: base, payload: { ...body, [e.primaryKey]: id, objectVersionNumber: 1 } },
    { method: 'DELETE' as const, url: `${base}/${id}` },
    { method: 'DELETE' as const, url: base, payload: [{ [e.primaryKey]: id, objectVersionNumber: 1 }] },
    ...Object.keys(e.status?.transitions ?? {}).map((a) => ({ method: 'POST' as const, url: `${base}/${id}/actions/${a}`, payload: {} })),
  ];
  // A read-only entity (written by its module's own calls) has no generic write paths at all.
  const calls = e.readOnly ? reads : [...reads, ...writes];
  for (const c of e.readOnly ? writes : []) expect((await s.call({ ...c, as })).statusCode, `${as} ${c.method} ${c.url}`).toBe(404);
  for (const c of calls) {
    const r = await s.call({ ...c, as });
    expect(r.statusCode, `${as} ${c.method} ${c.url}: ${r.body}`).toBe(403);
    expect(r.json()).toMatchObject({ failed: true, code: 'error.permission.denied' });
  }
}

/** A fingerprint of a tenant's rows of an entity: a refused write must leave it as it was. */
async function fingerprint(e: EntityDecl, tenant: number): Promise<string> {
  const col = e.tenantField ? e.tenantField.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`) : 'tenant_id';
  const r = await s.ctx.db.query<{ n: number; v: number }>(`select count(*)::int as n, coalesce(sum(object_version_number), 0)::int as v from ${e.table} where ${col} = $1`, [tenant]);
  return JSON.stringify(r.rows[0]);
}

describe('tenant isolation (generated over all entities)', () => {
  it('covers the catalogue the server runs', () => {
    expect(ENTITIES.map((e) => e.name).sort()).toEqual([...s.ctx.entities.keys()].sort());
    expect(WITH_TENANT.map((e) => e.name)).toContain('poHeader');
  });

  describe.each(WITH_TENANT.map((e) => [e.name, e] as const))('%s', (_name, e) => {
    it.each(['admin2', 'buyer2'])('refuses %s (tenant 2) every call under tenant 1', async (as) => {
      const before = e.tenantScoped ? await fingerprint(e, 1) : '';
      await expectAllForbidden(e, await tenantPath(e, 1), as, await someId(e, 1), sampleBody(e, 1));
      if (e.tenantScoped) expect(await fingerprint(e, 1)).toBe(before);
    });

    it('refuses buyer (tenant 1) every call under tenant 2', async () => {
      const before = e.tenantScoped ? await fingerprint(e, 2) : '';
      await expectAllForbidden(e, await tenantPath(e, 2), 'buyer', await someId(e, 2), sampleBody(e, 2));
      if (e.tenantScoped) expect(await fingerprint(e, 2)).toBe(before);
    });

    it('shows a tenant only its own rows', async () => {
      let served = 0;
      for (const as of ['admin2', 'buyer2']) {
        const r = await s.call({ url: withQuery(await listPath(e, 2), 'size=1000'), as });
        if (r.statusCode === 403) continue; // this role lacks the entity's menus (see permissions.test.ts)
        expect(r.statusCode).toBe(200);
        served++;
        for (const row of r.json().content as Array<Record<string, unknown>>) expect(row[e.tenantField ?? 'tenantId']).toBe(2);
      }
      expect(served).toBeGreaterThan(0);
    });

    it('lets the site administrator list both tenants and create, update and delete under one', async () => {
      for (const tenant of [1, 2]) expect((await s.call({ url: await listPath(e, tenant), as: 'admin' })).statusCode).toBe(200);
      const base = await tenantPath(e, 1);
      const body = sampleBody(e, 1);
      // A line goes under a parent in its first status: one in approval (a workflow document) is locked.
      const parent = e.parent && s.ctx.entities.get(e.parent.entity);
      if (e.parent && parent?.status) {
        const col = (n: string) => n.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
        // One without lines of this entity yet, where there is one: a line may be unique per parent (an invited supplier).
        const r = await s.ctx.db.query<{ id: number }>(
          `select p.${col(parent.primaryKey)}::float8 as id from ${parent.table} p where p.tenant_id = 1 and p.${col(parent.status.field)} = $1
            order by (select count(*) from ${e.table} c where c.${col(e.parent.field)} = p.${col(parent.primaryKey)}), 1 limit 1`,
          [parent.status.initial],
        );
        if (r.rows[0]) body[e.parent.field] = r.rows[0].id;
      }
      if (e.readOnly) {
        expect((await s.call({ method: 'POST', url: base, payload: sampleBody(e, 1), as: 'admin' })).statusCode).toBe(404);
        return;
      }
      // Every field written by the server (files, sent messages): the generic create is refused, naming the body.
      if (!writableFields(e, 'tenant').length) {
        const r = await s.call({ method: 'POST', url: base, payload: body, as: 'admin' });
        expect(r.statusCode).toBe(400);
        expect(r.json().field).toBe('body');
        return;
      }
      let created = await s.call({ method: 'POST', url: base, payload: body, as: 'admin' });
      // A field the server checks against other data (a registered handler, an enabled program,
      // parameters in a handler's shape) takes the value a demo row of the tenant holds.
      for (let tries = 0; created.statusCode === 400 && tries < 6; tries++) {
        const field = (created.json() as { field?: string }).field;
        const rows = ((await s.call({ url: withQuery(await listPath(e, 1), 'size=50'), as: 'admin' })).json().content ?? []) as Array<Record<string, unknown>>;
        const value = field ? rows.map((r) => r[field]).find((v) => v !== undefined && v !== null) : undefined;
        if (!field || value === undefined || value === body[field]) break;
        body[field] = value;
        created = await s.call({ method: 'POST', url: base, payload: body, as: 'admin' });
      }
      expect(created.statusCode, created.body).toBe(200);
      const row = created.json();
      expect(row.failed, created.body).toBeUndefined();
      expect(row[e.tenantField ?? 'tenantId']).toBe(1);
      const id = row[e.primaryKey];
      if (HISTORY.has(e.name)) {
        // History is saved, never edited or deleted: both are refused and the row stays.
        expect((await s.call({ method: 'PUT', url: `${base}/${id}`, payload: { objectVersionNumber: 1 }, as: 'admin' })).json()).toMatchObject({ failed: true });
        expect((await s.call({ method: 'DELETE', url: `${base}/${id}`, as: 'admin' })).json()).toMatchObject({ failed: true });
        const kept = await concrete(e, platformConvention.item(e.paths.tenant!, e).replace(`{${e.primaryKey}}`, String(id)), 1);
        expect((await s.call({ url: kept, as: 'admin' })).json()).toMatchObject({ [e.primaryKey]: id, objectVersionNumber: 1 });
        return;
      }
      const updated = await s.call({ method: 'PUT', url: `${base}/${id}`, payload: { objectVersionNumber: 1 }, as: 'admin' });
      expect(updated.json()).toMatchObject({ [e.primaryKey]: id, objectVersionNumber: 2 });
      const deleted = await s.call({ method: 'DELETE', url: `${base}/${id}`, as: 'admin' });
      expect(deleted.statusCode).toBe(200);
      const item = await concrete(e, platformConvention.item(e.paths.tenant!, e).replace(`{${e.primaryKey}}`, String(id)), 1);
      // A status may allow no delete (a scheduled job is stopped first): refused, and the row stays.
      if (e.status && (deleted.json() as { failed?: boolean }).failed) {
        expect((await s.call({ url: item, as: 'admin' })).statusCode).toBe(200);
        return;
      }
      expect((await s.call({ url: item, as: 'admin' })).statusCode).toBe(404);
    });
  });
});

describe('site paths (generated over all entities)', () => {
  describe.each(WITH_SITE.map((e) => [e.name, e] as const))('%s', (_name, e) => {
    it.each(['sysadmin', 'buyer', 'admin2'])('refuses the tenant-level role of %s', async (as) => {
      await expectAllForbidden(e, await sitePath(e), as, 1, sampleBody(e, 0));
    });

    it('serves the site administrator', async () => {
      const r = await s.call({ url: `${await sitePath(e)}?size=5`, as: 'admin' });
      expect(r.statusCode).toBe(200);
      expect(r.json().content.length).toBeGreaterThanOrEqual(0);
    });
  });
});
