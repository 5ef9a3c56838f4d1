import type { EntityDecl, EntityField } from '../../renderer/schema/entity.ts';
import { FIELD_TYPES } from '../../renderer/schema/types/field-types.ts';
import { columnOf, ident } from './naming.ts';

export function sqlType(f: EntityField): string {
  return FIELD_TYPES[f.type].sql(f);
}

/** The columns of an entity's table, in a stable order, as `name type` pairs. */
export function entityColumns(e: EntityDecl): Array<[string, string]> {
  const cols: Array<[string, string]> = [[columnOf(e.primaryKey), 'bigserial primary key']];
  if (e.tenantScoped && !e.tenantField) cols.push(['tenant_id', 'bigint not null']);
  for (const f of e.fields) {
    if (f.name === e.primaryKey || f.name === 'tenantId') continue;
    cols.push([columnOf(f.name), sqlType(f)]);
  }
  cols.push(
    ['object_version_number', 'integer not null default 1'],
    ['creation_date', 'timestamp(0) not null default now()'],
    ['created_by', 'bigint'],
    ['last_update_date', 'timestamp(0) not null default now()'],
    ['last_updated_by', 'bigint'],
  );
  return cols;
}

/** Marks the statements that need the pg_trgm extension (migrate.ts leaves them out where it is missing). */
export const TRIGRAM_OPS = 'gin_trgm_ops';

/** A GIN trigram index: `ilike '%fragment%'` on the column uses it instead of reading the table. */
const trigramIndex = (table: string, column: string) => `create index if not exists ${ident(`${table}_${column}_trgm`)} on ${ident(table)} using gin (${ident(column)} ${TRIGRAM_OPS})`;

/** CREATE TABLE plus indexes for one entity; additive ALTERs bring older tables up to date. */
export function entityDdl(e: EntityDecl): string[] {
  const t = ident(e.table);
  const cols = entityColumns(e);
  const stmts = [`create table if not exists ${t} (${cols.map(([n, ty]) => `${ident(n)} ${ty}`).join(', ')})`];
  for (const [n, ty] of cols.slice(1)) {
    stmts.push(`alter table ${t} add column if not exists ${ident(n)} ${ty.replace(' primary key', '')}`);
  }
  const tenantCol = tenantColumn(e);
  if (tenantCol) stmts.push(`create index if not exists ${ident(`${e.table}_tenant_idx`)} on ${t} (${ident(tenantCol)})`);
  for (const f of e.fields.filter((x) => x.unique)) {
    // Users' login names are unique platform-wide; other codes are unique within a tenant.
    const scope = tenantCol && !e.tenantField ? 'tenant_id, ' : '';
    stmts.push(`create unique index if not exists ${ident(`${e.table}_${columnOf(f.name)}_uk`)} on ${t} (${scope}${ident(columnOf(f.name))})`);
  }
  for (const cols of e.indexes ?? []) {
    // The key last: lists break sort ties by it (list-query.ts), so the index yields pages in order.
    const key = cols.includes(e.primaryKey) ? [] : [columnOf(e.primaryKey)];
    const named = [...cols.map(columnOf), ...key];
    const columns = [...(tenantCol ? [tenantCol] : []), ...named];
    stmts.push(`create index if not exists ${ident(`${e.table}_${named.join('_')}_idx`)} on ${t} (${columns.map(ident).join(', ')})`);
  }
  if (e.parent) stmts.push(`create index if not exists ${ident(`${e.table}_parent_idx`)} on ${t} (${ident(columnOf(e.parent.field))})`);
  for (const f of e.fields.filter((x) => x.search === 'trigram')) stmts.push(trigramIndex(e.table, columnOf(f.name)));
  return stmts;
}

/** The column that carries the tenant of a row, or undefined for platform-wide entities. */
export function tenantColumn(e: EntityDecl): string | undefined {
  if (!e.tenantScoped) return undefined;
  return e.tenantField ? columnOf(e.tenantField) : 'tenant_id';
}
