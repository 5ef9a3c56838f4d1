import { join } from 'node:path';
import type { LovViewDecl, ValueSetDecl } from '../../renderer/schema/lovs.ts';
import { readLovFiles } from '../../renderer/schema-files/lovs.ts';
import type { Queryable } from '../db/database.ts';
import { projectRoot } from '../paths.ts';
import { insertRows } from './insert.ts';

export type { LovViewDecl, ValueSetDecl };

const data = readLovFiles(join(projectRoot, 'schemas'));
export const VALUE_SETS: Record<string, ValueSetDecl> = data.valueSets;
export const LOV_VIEWS: LovViewDecl[] = data.views;

/**
 * Inserts the platform-level (tenant 0) value sets, values and views that are missing. Runs on
 * every start, so a code added to a file appears without reseeding, and never overwrites what an
 * administrator changed in the value-set screens.
 */
export async function syncLovs(db: Queryable): Promise<void> {
  const haveHeaders = new Set((await db.query<{ lov_code: string }>('select lov_code from hpfm_lov where tenant_id = 0')).rows.map((r) => r.lov_code));
  const haveValues = new Set((await db.query<{ k: string }>("select lov_code || '|' || value as k from hpfm_lov_value where tenant_id = 0")).rows.map((r) => r.k));
  const haveViews = new Set((await db.query<{ view_code: string }>('select view_code from hpfm_lov_view where tenant_id = 0')).rows.map((r) => r.view_code));
  const headers: Array<Record<string, unknown>> = [];
  for (const [code, set] of Object.entries(VALUE_SETS)) {
    if (!haveHeaders.has(code)) headers.push({ tenantId: 0, lovCode: code, lovName: set.name, lovTypeCode: 'IDP', sourceEntity: null, valueField: 'value', displayField: 'meaning', enabledFlag: 1 });
  }
  for (const v of LOV_VIEWS) {
    if (!haveHeaders.has(v.lovCode) && !headers.some((h) => h.lovCode === v.lovCode)) {
      headers.push({ tenantId: 0, lovCode: v.lovCode, lovName: v.viewName, lovTypeCode: 'SQL', sourceEntity: v.entity, valueField: v.valueField, displayField: v.displayField, enabledFlag: 1 });
    }
  }
  await insertRows(db, 'hpfm_lov', headers);
  const ids = new Map((await db.query<{ lov_code: string; lov_id: number }>('select lov_code, lov_id::float8 as lov_id from hpfm_lov where tenant_id = 0')).rows.map((r) => [r.lov_code, r.lov_id]));
  const values: Array<Record<string, unknown>> = [];
  for (const [code, set] of Object.entries(VALUE_SETS)) {
    set.values.forEach(([value, zh, en], i) => {
      if (!haveValues.has(`${code}|${value}`)) values.push({ tenantId: 0, lovId: ids.get(code), lovCode: code, value, meaning: zh, meaningEn: en, orderSeq: (i + 1) * 10, enabledFlag: 1 });
    });
  }
  await insertRows(db, 'hpfm_lov_value', values);
  await insertRows(
    db,
    'hpfm_lov_view',
    LOV_VIEWS.filter((v) => !haveViews.has(v.viewCode)).map(({ entity: _e, ...v }) => ({ ...v, tenantId: 0, enabledFlag: 1, queryFields: JSON.stringify(v.queryFields), tableFields: JSON.stringify(v.tableFields) })),
  );
}

/** First seed: the same as a sync on an empty database. */
export const seedLovs = syncLovs;
