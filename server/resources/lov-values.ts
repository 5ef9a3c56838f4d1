// Value sets are part of the schema language (a field's `lov`): the generic reads (meanings) and
// checks use them, so reading their values is core, not the hpfm module's.
import type { Queryable } from '../db/database.ts';
import { cachedReads } from '../db/read-cache.ts';
import { meaningOf } from '../../renderer/schema/meaning.ts';

export interface LovValueDto {
  value: string;
  meaning: string;
  description?: string | null;
  tag?: string | null;
  parentValue?: string | null;
  orderSeq?: number | null;
}

/**
 * The values of a value set in a language. A tenant's own values of the same code replace the
 * platform's (tenant 0), so a tenant can customise a list without touching others.
 */
export async function lovValues(db: Queryable, lovCode: string, tenantId: number, lang: string): Promise<LovValueDto[]> {
  return (await valueRows(db, lovCode, tenantId, lang)).map(({ tenant_id: _t, ...rest }) => rest);
}

type ValueRow = LovValueDto & { tenant_id: number };

function valueRows(db: Queryable, lovCode: string, tenantId: number, lang: string): Promise<readonly ValueRow[]> {
  return cachedReads(db).query<ValueRow>(
    `select v.value, case when $3 = 'en_US' and coalesce(v.meaning_en, '') <> '' then v.meaning_en else v.meaning end as meaning,
            v.tag, v.parent_value as "parentValue", v.order_seq::float8 as "orderSeq", v.tenant_id::float8 as tenant_id
       from hpfm_lov_value v
      where v.lov_code = $1 and v.enabled_flag = 1 and v.tenant_id in (0, $2)
        and (v.tenant_id = $2 or not exists (select 1 from hpfm_lov_value w where w.lov_code = $1 and w.tenant_id = $2 and $2 <> 0))
      order by v.order_seq nulls last, v.value`,
    [lovCode, tenantId, lang],
  ).then((r) => r.rows);
}

/** value → meaning, built once per answer of the read cache (the same rows come back while the values are unchanged). */
const meaningMaps = new WeakMap<readonly ValueRow[], Map<string, string>>();
async function meaningsOf(db: Queryable, lovCode: string, tenantId: number, lang: string): Promise<Map<string, string>> {
  const rows = await valueRows(db, lovCode, tenantId, lang);
  let map = meaningMaps.get(rows);
  if (!map) meaningMaps.set(rows, (map = new Map(rows.map((v) => [v.value, v.meaning]))));
  return map;
}

/** Adds the display text (`meaningOf`: `statusCode` → `statusMeaning`) to rows for every field bound to a value set. */
export async function addMeanings(
  db: Queryable,
  rows: Record<string, unknown>[],
  fields: Array<{ name: string; lov?: string }>,
  tenantId: number,
  lang: string,
): Promise<void> {
  for (const f of fields) {
    if (!f.lov || rows.length === 0) continue;
    const map = await meaningsOf(db, f.lov, tenantId, lang);
    for (const row of rows) {
      const v = row[f.name];
      if (v !== null && v !== undefined) row[meaningOf(f.name)] = map.get(String(v)) ?? String(v);
    }
  }
}
