import type { EntityDecl, EntityField } from '../../renderer/schema/entity.ts';
import type { Queryable } from '../db/database.ts';
import { cachedReads } from '../db/read-cache.ts';
import { tenantColumn } from './ddl.ts';
import { columnOf, ident } from './naming.ts';
import type { Scope } from './scope.ts';
import { meaningOf } from '../../renderer/schema/meaning.ts';

type Row = Record<string, unknown>;

interface ViewRow {
  view_code: string;
  value_field: string;
  display_field: string;
  source_entity: string | null;
}

const declared = (e: EntityDecl, name: string): EntityField | { name: string; type: 'integer' } | undefined =>
  e.fields.find((f) => f.name === name && !f.private) ?? (name === e.primaryKey ? { name, type: 'integer' } : undefined);

/**
 * Adds the display text (`meaningOf`: the view's display field, e.g. companyName for companyId) to rows for
 * every field bound to a LOV view, so lists show names rather than ids. One query for the views
 * and one per field for the page's distinct values, however many rows there are. The view's
 * fields are checked against the target entity's declaration before they reach SQL. Both reads
 * go through the read cache: asked on every page of every list, they change only when a view or
 * a named row does (the cache's own condition).
 */
export async function addLovViewMeanings(db: Queryable, entities: Map<string, EntityDecl>, rows: Row[], e: EntityDecl, scope: Scope): Promise<void> {
  const fields = e.fields.filter((f) => f.lovView && !f.lov && !f.private);
  if (!rows.length || !fields.length) return;
  const tenantId = scope.tenantId ?? scope.auth.tenantId;
  const reads = cachedReads(db);
  const views = new Map<string, ViewRow>();
  const r = await reads.query<ViewRow>(
    `select v.view_code, v.value_field, v.display_field, l.source_entity
       from hpfm_lov_view v join hpfm_lov l on l.lov_code = v.lov_code and l.tenant_id in (0, v.tenant_id)
      where v.view_code = any($1::text[]) and v.tenant_id in (0, $2) and v.enabled_flag = 1
      order by v.tenant_id asc, l.tenant_id asc`,
    [fields.map((f) => f.lovView), tenantId],
  );
  // Ordered so a tenant's own view (or value set) comes last and wins.
  for (const v of r.rows) views.set(v.view_code, v);
  for (const f of fields) {
    const view = views.get(f.lovView!);
    const target = view?.source_entity ? entities.get(view.source_entity) : undefined;
    if (!view || !target) continue;
    const valueField = declared(target, view.value_field);
    const displayField = declared(target, view.display_field);
    if (!valueField || !displayField || view.value_field === view.display_field) continue;
    const values = [...new Set(rows.map((row) => row[f.name]).filter((v) => v !== null && v !== undefined && v !== '').map(String))];
    if (!values.length) continue;
    const numeric = valueField.type === 'integer';
    if (numeric && values.some((v) => !/^-?\d{1,18}$/.test(v))) continue;
    const params: unknown[] = [values];
    const valueCol = `t.${ident(columnOf(valueField.name))}`;
    const where = [numeric ? `${valueCol} = any($1::bigint[])` : `${valueCol}::text = any($1::text[])`];
    const col = tenantColumn(target);
    // The caller's tenant and platform rows; a site call reads across tenants as its lists do.
    if (col && scope.tenantId !== null) {
      params.push(scope.tenantId);
      where.push(`t.${ident(col)} in ($2, 0)`);
    }
    const found = await reads.query<{ v: string; d: unknown }>(
      `select ${valueCol}::text as v, t.${ident(columnOf(displayField.name))} as d from ${ident(target.table)} t where ${where.join(' and ')}`,
      params,
    );
    const names = new Map(found.rows.map((x) => [x.v, x.d]));
    for (const row of rows) {
      const v = row[f.name];
      if (v === null || v === undefined || v === '') continue;
      const name = names.get(String(v));
      if (name !== undefined && name !== null) row[meaningOf(f.name)] = name;
    }
  }
}
