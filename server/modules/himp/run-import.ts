import type { ServerContext } from '../../context.ts';
import { BusinessError, HttpError } from '../../http/errors.ts';
import { EntityRepository } from '../../resources/repository.ts';
import type { Scope } from '../../resources/scope.ts';
import { type BatchRow, recount, setStatus } from './batches.ts';
import type { ImportTemplate } from './template.ts';
import { checkRow, type StagedCell, type ValueSet } from './validate-row.ts';

/** Rows written per transaction: small enough that PGlite's single connection is never held long. */
export const IMPORT_CHUNK = 100;

/** Batches being imported by this server, so a second import request does not start another run. */
const running = new Set<number>();

/**
 * Imports the valid rows of a batch into each sheet's entity through the repository (the same
 * defaults, numbering, value-set and unique checks as a create). Rows go in chunks, each one
 * transaction with a savepoint per row: a refused row is marked IMPORT_FAILED with the reason and
 * the others of its chunk still commit. Progress is in the batch row, so a reload reads it.
 */
export async function runImport(ctx: ServerContext, scope: Scope, template: ImportTemplate, batch: BatchRow, valueSets: Map<string, ValueSet>): Promise<void> {
  if (running.has(batch.batchId)) return;
  running.add(batch.batchId);
  try {
    // Keyset by id (rows are staged in file order): a chunk costs the same at the end of the batch as at its start.
    let after = 0;
    for (;;) {
      const rows = await ctx.db.query<{ id: number; sheetIndex: number; data: Record<string, StagedCell> }>(
        `select id::float8 as id, sheet_index::float8 as "sheetIndex", data from himp_import_data where batch_id = $1 and id > $3 and data_status = 'VALID_SUCCESS' order by id limit $2`,
        [batch.batchId, IMPORT_CHUNK, after],
      );
      if (!rows.rows.length) break;
      after = rows.rows[rows.rows.length - 1]!.id;
      let ok = 0;
      let failed = 0;
      await ctx.db.transaction(async (tx) => {
        ok = 0;
        failed = 0;
        for (const r of rows.rows) {
          const sheet = template.sheets.find((s) => s.sheetIndex === r.sheetIndex);
          const entity = sheet ? ctx.entities.get(sheet.tableName) : undefined;
          const check = sheet ? checkRow(sheet.columns, r.data, valueSets, scope.auth.language) : { values: {}, errors: ['the sheet is no longer in the template'] };
          if (!entity || check.errors.length) {
            await tx.query(`update himp_import_data set data_status = 'IMPORT_FAILED', error_msg = $2 where id = $1`, [r.id, (check.errors.length ? check.errors : [`no entity ${sheet?.tableName ?? ''}`]).join('\n')]);
            failed++;
            continue;
          }
          await tx.query('savepoint himp_row');
          try {
            const created = await new EntityRepository(entity, ctx).create(scope, check.values, { tx, noReread: true });
            await tx.query('release savepoint himp_row');
            await tx.query(`update himp_import_data set data_status = 'IMPORT_SUCCESS', error_msg = null, record_id = $2 where id = $1`, [r.id, String(created[entity.primaryKey] ?? '')]);
            ok++;
          } catch (err) {
            await tx.query('rollback to savepoint himp_row');
            // A refusal of the row (duplicate, value set, rule) is the row's; anything else is the server's.
            if (!(err instanceof HttpError) && !(err instanceof BusinessError)) throw err;
            await tx.query(`update himp_import_data set data_status = 'IMPORT_FAILED', error_msg = $2 where id = $1`, [r.id, (err as Error).message]);
            failed++;
          }
        }
      });
      // Progress by the chunk's own counts: recounting the whole batch per chunk made a 50,000-row import quadratic.
      await ctx.db.query('update himp_import_batch set imported_count = imported_count + $2, error_count = error_count + $3, last_update_date = now() where batch_id = $1', [batch.batchId, ok, failed]);
    }
    await recount(ctx.db, batch.batchId);
    await setStatus(ctx.db, batch.batchId, 'IMPORTED');
  } catch (err) {
    // The rows stay as they were; the batch can be imported again.
    await setStatus(ctx.db, batch.batchId, 'CHECKED').catch(() => undefined);
    throw err;
  } finally {
    running.delete(batch.batchId);
  }
}
