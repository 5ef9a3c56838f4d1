import type { EntityDecl } from '../../renderer/schema/entity.ts';
import type { Queryable } from '../db/database.ts';
import { fakeRow, type Rng } from './fake-row.ts';
import { insertRows } from './insert.ts';
import { rng as makeRng } from './rng.ts';

type Row = Record<string, unknown>;

// The value maker is pure (no database) and shared with the Storybook data source.
export { fakeValue } from './fake-row.ts';

/** Value-set values by code, for picking realistic codes. */
export async function lovValueMap(db: Queryable): Promise<Map<string, string[]>> {
  const r = await db.query<{ lov_code: string; value: string }>('select lov_code, value from hpfm_lov_value where tenant_id = 0 and enabled_flag = 1');
  const m = new Map<string, string[]>();
  for (const row of r.rows) m.set(row.lov_code, [...(m.get(row.lov_code) ?? []), row.value]);
  return m;
}

/**
 * Inserts `count` generated rows of an entity for a tenant: every declared field gets a plausible
 * value (codes numbered, LOV fields from their value set), then `overrides(i)` adjusts it.
 * Deterministic for a seed, so every machine gets the same demo data.
 */
export async function seedEntityRows(
  db: Queryable,
  e: EntityDecl,
  opts: { count: number; tenantId?: number; seed: number; overrides?: (i: number, r: Rng) => Row; lovValues?: Map<string, string[]> },
): Promise<void> {
  const r = makeRng(opts.seed);
  const lovs = opts.lovValues ?? (await lovValueMap(db));
  const rows: Row[] = [];
  for (let i = 0; i < opts.count; i++) {
    const row = fakeRow(e, i, r, lovs, opts.tenantId);
    Object.assign(row, opts.overrides?.(i, r));
    rows.push(row);
  }
  await insertRows(db, e.table, rows);
}
