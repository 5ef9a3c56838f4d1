import type { Queryable } from '../../db/database.ts';
import { badRequest } from '../../http/errors.ts';

/** The age of a clean-up: whole days, at least one; without it nothing is removed. */
export function cleanDaysOf(v: unknown): number {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  if (n === null || n === undefined || n === '') throw Object.assign(badRequest('cleanDays is required: how many days old the records must be to be removed'), { field: 'cleanDays' });
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > 3650) throw Object.assign(badRequest('cleanDays must be a whole number of days from 1 to 3650'), { field: 'cleanDays' });
  return n;
}

/**
 * Removes the tenant's batches (by their last run), their source data and the packets older than
 * `days`, and writes the counts on the clean-up record; one transaction, so a clean-up is whole.
 */
export async function cleanOlderThan(tx: Queryable, tenantId: number, days: number, cleanRecordId: number): Promise<void> {
  const count = async (sql: string) => (await tx.query<{ n: number }>(`with d as (${sql} returning 1) select count(*)::int as n from d`, [tenantId, days])).rows[0]!.n;
  const cutoff = `now() - make_interval(days => $2::int)`;
  const sourceData = await count(
    `delete from sitf_source_data s where s.tenant_id = $1 and (s.creation_date < ${cutoff}
       and (s.batch_id is null or exists (select 1 from sitf_batch b where b.batch_id = s.batch_id and coalesce(b.last_run_date, b.creation_date) < ${cutoff})))`,
  );
  const batches = await count(`delete from sitf_batch where tenant_id = $1 and coalesce(last_run_date, creation_date) < ${cutoff}`);
  const requests = await count(`delete from sitf_request_record where tenant_id = $1 and coalesce(request_date, creation_date) < ${cutoff}`);
  await tx.query('update sitf_clean_record set cleaned_batches = $2, cleaned_source_data = $3, cleaned_requests = $4 where clean_record_id = $1', [cleanRecordId, batches, sourceData, requests]);
}
