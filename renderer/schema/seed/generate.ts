import type { EntityDecl, EntitySeed, SeedValue } from '../entity.ts';
import { fakeRow } from './fake-row.ts';
import { rng } from './rng.ts';
import { evalValue } from './values.ts';

/**
 * The one seed generator: rows of every entity declaring a `seed` recipe, from the recipe alone
 * (no database, no Node imports). The server inserts them (recipe-steps.ts) and the stories' data
 * source serves them, so both show the same rows.
 */
export type Row = Record<string, unknown>;

export const DEMO_TENANTS = [1, 2];

export function seedTenants(e: EntityDecl): number[] {
  const t = e.seed?.tenants ?? (e.tenantScoped ? 'demo' : 'site');
  if (Array.isArray(t)) return t;
  return t === 'demo' ? DEMO_TENANTS : t === 'site' ? [0] : [0, ...DEMO_TENANTS];
}

export const tenantColumn = (e: EntityDecl): string | undefined => (e.tenantScoped ? (e.tenantField ?? 'tenantId') : undefined);

/** Same stream for the same entity and recipe version on every machine (FNV-1a of the name). */
function seedOf(name: string, version: number): number {
  let h = 0x811c9dc5;
  for (const c of `${name}:${version}`) h = Math.imul(h ^ c.charCodeAt(0), 0x01000193) >>> 0;
  return h;
}

const isRef = (v: SeedValue): v is { ref: string; field?: string } => !!v && typeof v === 'object' && 'ref' in v;

function refsOf(s: EntitySeed): string[] {
  const vals = Object.values(s.values ?? {}) as SeedValue[];
  const inTemplates = vals.flatMap((v) => (typeof v === 'string' ? [...v.matchAll(/\{@(\w+)\./g)].map((m) => m[1]!) : []));
  return [...(s.per ? [s.per] : []), ...vals.flatMap((v) => (v && typeof v === 'object' && 'ref' in v ? [v.ref] : [])), ...inTemplates];
}

/** Entities with a recipe, each after the ones it refers to (then by name, for a stable order). */
export function recipeOrder(entities: Map<string, EntityDecl>): EntityDecl[] {
  const out: EntityDecl[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (e: EntityDecl, from: string[]) => {
    if (state.get(e.name) === 'done') return;
    if (state.get(e.name) === 'visiting') throw new Error(`seed recipes refer to each other in a cycle: ${[...from, e.name].join(' → ')}`);
    state.set(e.name, 'visiting');
    for (const ref of refsOf(e.seed!)) {
      if (ref === e.name) continue;
      const target = entities.get(ref);
      if (!target?.seed) throw new Error(`seed of ${e.name}: "${ref}" is not an entity with a seed recipe`);
      visit(target, [...from, e.name]);
    }
    state.set(e.name, 'done');
    out.push(e);
  };
  for (const e of [...entities.values()].filter((x) => x.seed).sort((a, b) => a.name.localeCompare(b.name))) visit(e, []);
  return out;
}

function fixedRows(e: EntityDecl, s: EntitySeed): Row[] {
  return (s.rows ?? []).map((r) => {
    if (!Array.isArray(r)) return { ...r };
    if (!s.columns) throw new Error(`seed of ${e.name}: rows written as arrays need "columns"`);
    return Object.fromEntries(s.columns.map((c, k) => [c, r[k] ?? null]));
  });
}

/** Rows of one entity given the rows of the entities generated before it. */
function generateEntity(e: EntityDecl, done: Map<string, Row[]>, entities: Map<string, EntityDecl>, lovValues: Map<string, string[]>): Row[] {
  const s = e.seed!;
  const r = rng(seedOf(e.name, s.version ?? 1));
  const tcol = tenantColumn(e);
  const values = Object.entries(s.values ?? {});
  const rowsIn = (entity: string, tenant: number): Row[] => {
    const d = entities.get(entity)!;
    const col = tenantColumn(d);
    const all = entity === e.name ? out : (done.get(entity) ?? []);
    return col ? all.filter((x) => Number(x[col]) === tenant) : all;
  };
  const out: Row[] = [];
  const fill = (row: Row, tenant: number, i: number, parent: Row | undefined, onlyMissing: boolean) => {
    const picked = new Map<string, Row | undefined>(s.per && parent ? [[s.per, parent]] : []);
    const refRow = (entity: string) => {
      if (!picked.has(entity)) {
        const pool = rowsIn(entity, tenant);
        picked.set(entity, pool.length ? r.pick(pool) : undefined);
      }
      return picked.get(entity);
    };
    const keyOf = (entity: string) => entities.get(entity)!.primaryKey;
    // A fixed row giving the key of a row it refers to (or none: null) names that row for its other fields of it.
    for (const [field, v] of values) {
      if (!onlyMissing || !(field in row) || !isRef(v) || v.field || picked.has(v.ref)) continue;
      const hit = row[field] === null ? undefined : rowsIn(v.ref, tenant).find((x) => x[keyOf(v.ref)] === row[field]);
      if (row[field] !== null && !hit) throw new Error(`${field} ${String(row[field])} is no seeded ${v.ref} of tenant ${tenant}`);
      picked.set(v.ref, hit);
    }
    for (const [field, v] of values) if (!onlyMissing || !(field in row)) row[field] = evalValue(v, { tenant, i, row, r, refRow, keyOf });
    if (tcol) row[tcol] = tenant;
  };

  const tenants = seedTenants(e);
  const counters = new Map<number, number>();
  const nextI = (t: number) => {
    const n = (counters.get(t) ?? 0) + 1;
    counters.set(t, n);
    return n;
  };
  for (const fixed of fixedRows(e, s)) {
    const own = tcol && fixed[tcol] !== undefined && fixed[tcol] !== null ? [Number(fixed[tcol])] : tenants;
    for (const t of own) {
      const row = { ...fixed };
      fill(row, t, nextI(t), undefined, true);
      out.push(row);
    }
  }
  for (const t of tenants) {
    const count = typeof s.count === 'number' ? s.count : (s.count?.[String(t)] ?? 0);
    const parents = s.per ? rowsIn(s.per, t) : [undefined];
    for (const parent of parents) {
      for (let k = 0; k < count; k++) {
        const i = nextI(t);
        const row = fakeRow(e, i - 1, r, lovValues, tcol ? t : undefined);
        if (!tcol) delete row.tenantId;
        fill(row, t, i, parent, false);
        out.push(row);
      }
    }
  }
  // Keys: the ones fixed rows give, the rest numbered after them.
  let next = Math.max(s.idFrom ?? 1, ...out.map((x) => (typeof x[e.primaryKey] === 'number' ? Number(x[e.primaryKey]) + 1 : 0)));
  for (const row of out) if (row[e.primaryKey] === undefined || row[e.primaryKey] === null) row[e.primaryKey] = next++;
  return out;
}

/**
 * Rows of every entity with a recipe, by entity name, in the order they must be inserted.
 * `lovValues` (value-set code → values) feeds fields with a value set the recipe leaves open.
 */
export function generateSeedRows(entities: Map<string, EntityDecl>, lovValues: Map<string, string[]>): Map<string, Row[]> {
  const done = new Map<string, Row[]>();
  for (const e of recipeOrder(entities)) {
    try {
      done.set(e.name, generateEntity(e, done, entities, lovValues));
    } catch (err) {
      throw new Error(`seed of ${e.name}: ${(err as Error).message}`, { cause: err });
    }
  }
  return done;
}
