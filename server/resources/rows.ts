import type { EntityDecl, EntityField } from '../../renderer/schema/entity.ts';
import { decimalOf, FIELD_TYPES } from '../../renderer/schema/types/field-types.ts';
import { alias, columnOf, ident } from './naming.ts';

/**
 * The select list of an entity: dates formatted as the platform's strings, fixed-point numerics
 * as decimal text and other numerics as numbers in SQL, so PGlite and node-pg return the same JSON.
 */
export function selectList(e: EntityDecl, t = 't'): string {
  const out: string[] = [];
  for (const f of e.fields) if (!f.private) out.push(selectField(f, t));
  if (!e.fields.some((f) => f.name === e.primaryKey)) out.push(`${t}.${ident(columnOf(e.primaryKey))}::float8 as ${alias(e.primaryKey)}`);
  if (e.tenantScoped && !e.tenantField) out.push(`${t}.tenant_id::float8 as "tenantId"`);
  out.push(
    `${t}.object_version_number as "objectVersionNumber"`,
    `to_char(${t}.creation_date, 'YYYY-MM-DD HH24:MI:SS') as "creationDate"`,
    `${t}.created_by::float8 as "createdBy"`,
    `to_char(${t}.last_update_date, 'YYYY-MM-DD HH24:MI:SS') as "lastUpdateDate"`,
    `${t}.last_updated_by::float8 as "lastUpdatedBy"`,
  );
  return out.join(', ');
}

/** One field of the select list, as the lists answer it (also for values the server holds elsewhere: sealed offers). */
export function selectField(f: EntityField, t = 't'): string {
  const c = `${t}.${ident(columnOf(f.name))}`;
  const as = alias(f.name);
  const sel = FIELD_TYPES[f.type].select;
  if (sel.as === 'text') return `to_char(${c}, '${sel.pattern}') as ${as}`;
  // numeric's text keeps the column's scale ("1234.50") on PGlite and node-pg alike; float8 would drift.
  if (sel.as === 'decimal' && decimalOf(f)) return `${c}::text as ${as}`;
  if (sel.as === 'number' || sel.as === 'decimal') return `${c}::float8 as ${as}`;
  return `${c} as ${as}`;
}

/** Converts a request value to what the column accepts (JSON for json columns, null for ''). */
export function toColumnValue(f: EntityField, v: unknown): unknown {
  if (v === '' || v === undefined) return null;
  if (f.type === 'json') return v === null ? null : JSON.stringify(v);
  return v;
}
