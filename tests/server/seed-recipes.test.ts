import { describe, expect, it } from 'vitest';
import { type EntityDecl, SYSTEM_FIELDS } from '../../renderer/schema/entity.ts';
import { loadEntities } from '../../server/resources/entities.ts';
import { generateSeedRows } from '../../renderer/schema/seed/generate.ts';
import roleMenus from '../../server/seed/role-menus.json' with { type: 'json' };
import { seed } from '../../server/seed/seed.ts';
import { startTestServer } from './harness.ts';

const decl = (name: string, extra: Partial<EntityDecl>): EntityDecl => ({
  version: 1,
  name,
  table: name,
  primaryKey: `${name}Id`,
  tenantScoped: true,
  paths: {},
  fields: [
    { name: 'code', type: 'string' },
    { name: 'status', type: 'string' },
    { name: 'companyId', type: 'integer' },
    { name: 'companyName', type: 'string' },
    { name: 'day', type: 'date' },
  ],
  ...extra,
});

const entities = new Map<string, EntityDecl>([
  ['company', decl('company', { seed: { rows: [{ code: 'C1' }, { code: 'C2' }], values: { companyName: 'Co {$code} of {tenant}' } } })],
  [
    'order',
    decl('order', {
      seed: {
        count: { '1': 3, '2': 1 },
        values: { code: 'PO{tenant}{i:0000}', status: { weighted: { NEW: 3, DONE: 1 } }, companyId: { ref: 'company' }, companyName: { ref: 'company', field: 'companyName' }, day: { date: [-30, 0] } },
      },
    }),
  ],
  ['line', decl('line', { seed: { per: 'order', count: 2, values: { companyId: { ref: 'order', field: 'companyId' }, code: '{@order.code}-{i:00}' } } })],
]);

describe('seed recipes', () => {
  const rows = generateSeedRows(entities, new Map());

  it('puts fixed rows in each tenant, numbers keys across tenants and fills values the rows leave out', () => {
    expect(rows.get('company')!.map((r) => [r.companyId, r.tenantId, r.code, r.companyName])).toEqual([
      [1, 1, 'C1', 'Co C1 of 1'],
      [2, 2, 'C1', 'Co C1 of 2'],
      [3, 1, 'C2', 'Co C2 of 1'],
      [4, 2, 'C2', 'Co C2 of 2'],
    ]);
  });

  it('generates rows per tenant from templates, weights, dates and references within the tenant', () => {
    const orders = rows.get('order')!;
    expect(orders.map((o) => o.code)).toEqual(['PO10001', 'PO10002', 'PO10003', 'PO20001']);
    const companies = rows.get('company')!;
    for (const o of orders) {
      const c = companies.find((x) => x.companyId === o.companyId)!;
      expect(c.tenantId).toBe(o.tenantId);
      expect(o.companyName).toBe(c.companyName);
      expect(['NEW', 'DONE']).toContain(o.status);
      expect(String(o.day) >= '2025-12-01' && String(o.day) <= '2025-12-31').toBe(true);
    }
    const lines = rows.get('line')!;
    expect(lines).toHaveLength(8);
    for (const l of lines) expect(orders.some((o) => o.companyId === l.companyId && o.tenantId === l.tenantId)).toBe(true);
    expect(lines.slice(0, 3).map((l) => l.code)).toEqual(['PO10001-01', 'PO10001-02', 'PO10002-03']);
  });

  it('gives the same rows on every run', () => {
    expect(generateSeedRows(entities, new Map())).toEqual(rows);
  });

  it('refuses a reference to an entity without a recipe, naming the entity', () => {
    const bad = new Map([['x', decl('x', { seed: { count: 1, values: { companyId: { ref: 'nothing' } } } })]]);
    expect(() => generateSeedRows(bad, new Map())).toThrow(/seed of x: "nothing"/);
  });

  it('takes the fields of a referred row from the row a fixed row names by its key, none for a null key', () => {
    const withKeys = new Map([
      ['company', entities.get('company')!],
      ['order', decl('order', { seed: { tenants: [1], columns: ['code', 'companyId'], rows: [['A', 3], ['B', null]], values: { companyId: { ref: 'company' }, companyName: { ref: 'company', field: 'companyName' } } } })],
    ]);
    const out = generateSeedRows(withKeys, new Map()).get('order')!;
    expect(out.map((r) => [r.code, r.companyId, r.companyName])).toEqual([['A', 3, 'Co C2 of 1'], ['B', null, null]]);
    withKeys.set('order', decl('order', { seed: { tenants: [1], rows: [{ code: 'C', companyId: 99 }], values: { companyId: { ref: 'company' } } } }));
    expect(() => generateSeedRows(withKeys, new Map())).toThrow(/seed of order: companyId 99 is no seeded company of tenant 1/);
  });

  it('names only declared fields in the recipes of schemas/entities', () => {
    for (const e of loadEntities().values()) {
      if (!e.seed) continue;
      const known = new Set([e.primaryKey, e.tenantField ?? 'tenantId', ...SYSTEM_FIELDS, ...e.fields.map((f) => f.name)]);
      const named = [...Object.keys(e.seed.values ?? {}), ...(e.seed.columns ?? []), ...(e.seed.rows ?? []).flatMap((r) => (Array.isArray(r) ? [] : Object.keys(r)))];
      expect(named.filter((n) => !known.has(n)), e.name).toEqual([]);
    }
  });

  it('seeds the recipes’ rows into a fresh database, each step recorded once, and skips a recipe on databases seeded before it', async () => {
    const s = await startTestServer();
    try {
      const items = await s.ctx.db.query<{ n: number }>("select count(*)::int as n from smdm_item where item_code like 'MAT-1%'");
      expect(items.rows[0]!.n).toBe(120);
      const steps = await s.ctx.db.query<{ version: string }>("select version from schema_migrations where version like 'seed:item:%'");
      expect(steps.rows.map((r) => r.version)).toEqual(['seed:item:v1']);
      // Every role the menu catalogue names is seeded, and every seeded tenant role has its menus.
      const roles = await s.ctx.db.query<{ code: string; menus: number }>(
        "select code, (select count(*)::int from iam_role_menu g where g.role_id = r.id) as menus from iam_role r where level <> 'site'",
      );
      expect(new Set(roles.rows.map((r) => r.code))).toEqual(new Set(Object.keys(roleMenus).filter((k) => !k.startsWith('@'))));
      expect(roles.rows.filter((r) => r.menus === 0)).toEqual([]);
      // A database seeded by the TypeScript module the recipe replaced records the recipe without running it.
      await s.ctx.db.query("delete from schema_migrations where version = 'seed:item:v1'");
      await s.ctx.db.query("insert into schema_migrations (version) values ('seed:smdm-items:v1')");
      expect(await seed(s.ctx.db, { demoPassword: 'x', sealKeys: s.ctx.sealKeys })).toBe(true);
      const again = await s.ctx.db.query<{ n: number }>('select count(*)::int as n from smdm_item');
      expect(again.rows[0]!.n).toBe(150);
      expect(await seed(s.ctx.db, { demoPassword: 'x', sealKeys: s.ctx.sealKeys })).toBe(false);
      // Numbers a recipe seeds in the server's format are taken: the entity's counter continues after them.
      const counter = await s.ctx.db.query<{ n: number }>("select last_value::int as n from sys_number_counter where rule_code = 'SSLM.PROBLEM_NUM' and tenant_id = 1");
      expect(counter.rows[0]!.n).toBe(5);
    } finally {
      await s.close();
    }
  });
});
