import type { EntityDecl, EntityField } from '../entity.ts';
import { FIELD_TYPES } from '../types/field-types.ts';
import type { Rng } from './rng.ts';

/**
 * Plausible values for declared fields, for the fields a seed recipe leaves open
 * (recipe/generate.ts). No database and no Node-only imports: the stories run it too.
 */
export type { Rng };
type Row = Record<string, unknown>;

/** A plausible value for one field, deterministic for a given generator state (the field-type table says how per type). */
export function fakeValue(f: EntityField, i: number, r: Rng, lovValues: Map<string, string[]>): unknown {
  if (f.lov) {
    const vs = lovValues.get(f.lov) ?? [];
    return vs.length ? r.pick(vs) : null;
  }
  return FIELD_TYPES[f.type].fake(f, i, r);
}

/**
 * Row `i` of an entity: every declared field (but the key and private ones) gets its default half
 * of the time and a fake value otherwise; the status starts where its machine starts; tenant-scoped
 * rows get the tenant. Deterministic for a generator state.
 */
export function fakeRow(e: EntityDecl, i: number, r: Rng, lovValues: Map<string, string[]>, tenantId?: number): Row {
  const row: Row = {};
  for (const f of e.fields) {
    if (f.name === e.primaryKey || f.private) continue;
    row[f.name] = f.default !== undefined && r.next() < 0.5 ? f.default : fakeValue(f, i, r, lovValues);
  }
  if (e.status) row[e.status.field] = row[e.status.field] ?? e.status.initial;
  if (e.tenantScoped) {
    if (e.tenantField) row[e.tenantField] = tenantId ?? 0;
    else row.tenantId = tenantId ?? 0;
  }
  return row;
}
