import type { Queryable } from '../db/database.ts';

/** Value-set values by code as the database holds them: the seed generator picks codes from them. */
export async function lovValueMap(db: Queryable): Promise<Map<string, string[]>> {
  const r = await db.query<{ lov_code: string; value: string }>('select lov_code, value from hpfm_lov_value where tenant_id = 0 and enabled_flag = 1');
  const m = new Map<string, string[]>();
  for (const row of r.rows) m.set(row.lov_code, [...(m.get(row.lov_code) ?? []), row.value]);
  return m;
}
