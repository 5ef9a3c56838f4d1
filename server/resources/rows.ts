import type { EntityDecl, EntityField } from '../../renderer/schema/entity.ts';
import { FIELD_TYPES } from '../../renderer/schema/types/field-types.ts';
import { alias, columnOf, ident } from './naming.ts';

/**
 * The select list of an entity: dates formatted as the platform's strings and numerics
 * as numbers in SQL, so PGlite and node-pg return the same JSON.
 */
export function selectList(e: EntityDecl, t = 't'): string {
  const out: string[] = [];
  const col = (f: EntityField) => `${t}.${ident(columnOf(f.name))}`;
  for (const f of e.fields) {
    if (f.private) continue;
    const c = col(f);
    const as = alias(f.name);
    const sel = FIELD_TYPES[f.type].select;
    if (sel.as === 'text') out.push(`to_char(${c}, '${sel.pattern}') as ${as}`);
    else if (sel.as === 'number') out.push(`${c}::float8 as ${as}`);
    else out.push(`${c} as ${as}`);
  }
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

/** Converts a request value to what the column accepts (JSON for json columns, null for ''). */
export function toColumnValue(f: EntityField, v: unknown): unknown {
  if (v === '' || v === undefined) return null;
  if (f.type === 'json') return v === null ? null : JSON.stringify(v);
  return v;
}
