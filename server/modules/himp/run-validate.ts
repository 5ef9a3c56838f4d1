import type { ServerContext } from '../../context.ts';
import { recount, setStatus } from './batches.ts';
import type { ImportTemplate } from './template.ts';
import { checkRow, type StagedCell, type ValueSet } from './validate-row.ts';

/** Rows checked per read and written back in one statement: 50,000 rows are 100 round trips, not 50,000. */
export const VALIDATE_CHUNK = 500;

/** Batches being validated by this server, so a second press does not start another run. */
const running = new Set<number>();

export const isValidating = (batchId: number) => running.has(batchId);

/**
 * Checks every row of a batch that is not imported, in chunks after the answer: each row becomes
 * VALID_SUCCESS or VALID_FAILED with its errors, and the batch's `checkedCount` grows per chunk so
 * the page shows progress (and finds it again after a reload). Rows are read in id order by keyset,
 * so a chunk costs the same at row 49,000 as at row 1.
 */
export async function runValidate(ctx: ServerContext, template: ImportTemplate, batchId: number, language: string, valueSets: Map<string, ValueSet>): Promise<void> {
  if (running.has(batchId)) return;
  running.add(batchId);
  try {
    await ctx.db.query('update himp_import_batch set checked_count = 0 where batch_id = $1', [batchId]);
    let after = 0;
    for (;;) {
      const rows = await ctx.db.query<{ id: number; sheetIndex: number; data: Record<string, StagedCell> }>(
        `select id::float8 as id, sheet_index::float8 as "sheetIndex", data from himp_import_data
          where batch_id = $1 and id > $2 and data_status <> 'IMPORT_SUCCESS' order by id limit $3`,
        [batchId, after, VALIDATE_CHUNK],
      );
      if (!rows.rows.length) break;
      const results = rows.rows.map((r) => {
        const sheet = template.sheets.find((s) => s.sheetIndex === r.sheetIndex);
        const errors = sheet ? checkRow(sheet.columns, r.data, valueSets, language).errors : ['the sheet is no longer in the template'];
        return { id: r.id, s: errors.length ? 'VALID_FAILED' : 'VALID_SUCCESS', m: errors.length ? errors.join('\n') : null };
      });
      await ctx.db.transaction(async (tx) => {
        await tx.query(
          `update himp_import_data d set data_status = x.s, error_msg = x.m, object_version_number = d.object_version_number + 1
             from jsonb_to_recordset($1::jsonb) as x(id bigint, s text, m text) where d.id = x.id`,
          [JSON.stringify(results)],
        );
        await tx.query('update himp_import_batch set checked_count = checked_count + $2, last_update_date = now() where batch_id = $1', [batchId, results.length]);
      });
      after = rows.rows[rows.rows.length - 1]!.id;
    }
    await recount(ctx.db, batchId);
    await setStatus(ctx.db, batchId, 'CHECKED');
  } catch (err) {
    // Rows keep what they had; validating again starts over.
    await setStatus(ctx.db, batchId, 'UPLOADED').catch(() => undefined);
    throw err;
  } finally {
    running.delete(batchId);
  }
}
