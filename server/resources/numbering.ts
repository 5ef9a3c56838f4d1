import type { EntityDecl } from '../../renderer/schema/entity.ts';
import type { Queryable } from '../db/database.ts';

export const NUMBER_DIGITS = 8;

export const formatNumber = (prefix: string | undefined, n: number) => `${prefix ?? ''}${String(n).padStart(NUMBER_DIGITS, '0')}`;

/**
 * Reserves `count` numbers of a rule for a tenant and returns the first. The upsert locks the
 * counter row until the caller's transaction ends, so concurrent creates never share a number.
 */
export async function reserveNumbers(tx: Queryable, rule: string, tenantId: number, count = 1): Promise<number> {
  const r = await tx.query<{ last: number }>(
    `insert into sys_number_counter (rule_code, tenant_id, last_value) values ($1, $2, $3)
     on conflict (rule_code, tenant_id) do update set last_value = sys_number_counter.last_value + $3
     returning last_value::float8 as last`,
    [rule, tenantId, count],
  );
  return r.rows[0]!.last - count + 1;
}

/** The generated number of a new row when the entity declares `numbering` and nothing set it. */
export async function fillNumber(tx: Queryable, e: EntityDecl, values: Record<string, unknown>, tenantId: number): Promise<void> {
  const n = e.numbering;
  if (!n || (values[n.field] !== undefined && values[n.field] !== null && values[n.field] !== '')) return;
  values[n.field] = formatNumber(n.prefix, await reserveNumbers(tx, n.rule, tenantId));
}
