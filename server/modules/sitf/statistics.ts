import type { Queryable } from '../../db/database.ts';

export interface BatchStatistic {
  interfaceCode: string;
  total: number;
  succeeded: number;
  failed: number;
  running: number;
}

/** Batches per interface in a period (by last run, else creation): totals and outcomes, for the statistics chart. */
export async function batchStatistics(db: Queryable, tenantId: number, from?: string, to?: string): Promise<BatchStatistic[]> {
  const params: unknown[] = [tenantId];
  const where = ['tenant_id = $1'];
  if (from) {
    params.push(from);
    where.push(`coalesce(last_run_date, creation_date) >= $${params.length}::date`);
  }
  if (to) {
    params.push(to);
    where.push(`coalesce(last_run_date, creation_date) < $${params.length}::date + 1`);
  }
  const r = await db.query<BatchStatistic>(
    `select interface_code as "interfaceCode", count(*)::int as total,
            count(*) filter (where status = 'SUCCESS')::int as succeeded,
            count(*) filter (where status = 'FAILED')::int as failed,
            count(*) filter (where status not in ('SUCCESS', 'FAILED'))::int as running
       from sitf_batch where ${where.join(' and ')} group by interface_code order by interface_code`,
    params,
  );
  return r.rows;
}
