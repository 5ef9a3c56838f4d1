import type { Queryable } from '../../db/database.ts';
import { notFound } from '../../http/errors.ts';

export interface BatchRow {
  batchId: number;
  batch: string;
  templateCode: string;
  fileName: string | null;
  status: string;
  totalCount: number;
  errorCount: number;
  importedCount: number;
  checkedCount: number;
}

const BATCH_COLUMNS = `batch_id::float8 as "batchId", batch, template_code as "templateCode", file_name as "fileName", status,
  total_count::float8 as "totalCount", error_count::float8 as "errorCount", imported_count::float8 as "importedCount", checked_count::float8 as "checkedCount"`;

/** A batch of the caller's own uploads in the tenant; another user's or tenant's batch is not found. */
export async function batchOf(db: Queryable, tenantId: number, userId: number, batch: string): Promise<BatchRow> {
  const r = await db.query<BatchRow>(`select ${BATCH_COLUMNS} from himp_import_batch where tenant_id = $1 and user_id = $2 and batch = $3`, [tenantId, userId, batch]);
  if (!r.rows[0]) throw notFound(`No import batch ${batch.slice(0, 40)} of yours`);
  return r.rows[0];
}

/** The caller's latest batches of a template, newest first: a reload finds its batch here. */
export async function recentBatches(db: Queryable, tenantId: number, userId: number, templateCode: string): Promise<BatchRow[]> {
  return (
    await db.query<BatchRow>(`select ${BATCH_COLUMNS} from himp_import_batch where tenant_id = $1 and user_id = $2 and template_code = $3 order by batch_id desc limit 10`, [tenantId, userId, templateCode])
  ).rows;
}

/** Recounts a batch's rows with errors and imported rows from its rows. */
export async function recount(db: Queryable, batchId: number): Promise<void> {
  await db.query(
    `update himp_import_batch b set
        error_count = (select count(*) from himp_import_data d where d.batch_id = b.batch_id and d.data_status in ('ERROR', 'VALID_FAILED', 'IMPORT_FAILED')),
        imported_count = (select count(*) from himp_import_data d where d.batch_id = b.batch_id and d.data_status = 'IMPORT_SUCCESS'),
        last_update_date = now()
      where b.batch_id = $1`,
    [batchId],
  );
}

export async function setStatus(db: Queryable, batchId: number, status: string): Promise<void> {
  await db.query('update himp_import_batch set status = $2, object_version_number = object_version_number + 1, last_update_date = now() where batch_id = $1', [batchId, status]);
}
