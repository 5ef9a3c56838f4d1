import type { AuthContext, ServerContext } from '../../context.ts';
import { afterCommit, type Queryable } from '../../db/database.ts';
import { registerJobHandler } from '../hsdr/handlers.ts';
import { captions } from './captions.ts';
import { loadReport, reportData, reportWorkbook } from './reports.ts';
import { ensureReportViews } from './views.ts';

type Row = Record<string, unknown>;

/** The row limit of a background run: larger than a screen shows, still one workbook in memory. */
const BACKGROUND_LIMIT = 50_000;

/**
 * Runs one queued request: the report with its stored parameters, the workbook kept beside the
 * request, the status F (done) or E (error, with the reason). Also the scheduler's handler
 * `hrpt.reportRequest` (parameter `requestId`), so an administrator may re-run a request as a job.
 */
export async function runRequest(ctx: ServerContext, tenantId: number, requestId: number): Promise<string> {
  await ensureReportViews(ctx);
  const req = (await ctx.db.query<Row>('select report_id as "reportId", request_param as "requestParam", requested_by as "by" from hrpt_request where request_id = $1 and tenant_id = $2', [requestId, tenantId])).rows[0];
  if (!req) throw new Error(`request ${requestId} does not exist in tenant ${tenantId}`);
  // Claimed once: another server resuming the same queue, or a second run while one runs, leaves it alone.
  const claimed = await ctx.db.query(`update hrpt_request set request_status = 'R', start_date = now() where request_id = $1 and request_status <> 'R' returning request_id`, [requestId]);
  if (!claimed.rows.length) return 'already running';
  try {
    const def = await loadReport(ctx.db, tenantId, Number(req.reportId));
    const params = JSON.parse(String(req.requestParam ?? '{}')) as Row;
    const data = await reportData(ctx, tenantId, def, params, BACKGROUND_LIMIT);
    const lang = (await ctx.db.query<{ lang: string | null }>('select language as lang from iam_user where id = $1', [req.by]).catch(() => ({ rows: [] as Array<{ lang: string | null }> }))).rows[0]?.lang ?? 'zh_CN';
    const file = await reportWorkbook(def, data, await captions(ctx.db, tenantId, lang, [...data.columns.map((c) => c.text ?? c.name), 'hrpt.viewer.total']));
    await ctx.db.transaction(async (tx) => {
      await tx.query('delete from hrpt_request_file where request_id = $1', [requestId]);
      await tx.query('insert into hrpt_request_file (request_id, tenant_id, content) values ($1, $2, $3)', [requestId, tenantId, file]);
      await tx.query(`update hrpt_request set request_status = 'F', end_date = now(), row_count = $2, message = null where request_id = $1`, [requestId, data.rows.length]);
    });
    return `${data.rows.length} rows`;
  } catch (e) {
    await ctx.db.query(`update hrpt_request set request_status = 'E', end_date = now(), message = $2 where request_id = $1`, [requestId, String((e as Error).message).slice(0, 1000)]);
    throw e;
  }
}

registerJobHandler('hrpt.reportRequest', {
  checkParams: (p) => (Number.isInteger(Number(p.requestId)) ? null : 'requestId (a report request id) is required'),
  run: async (run) => runRequest(run.ctx, run.tenantId, Number(run.params.requestId)),
});

/** Queues a request (status P) and starts it once the queueing has committed; the caller polls the list. */
export async function queueRequest(ctx: ServerContext, tx: Queryable, auth: AuthContext, tenantId: number, reportId: number, reportName: string, params: Row): Promise<Row> {
  const row = (
    await tx.query<Row>(
      `insert into hrpt_request (tenant_id, report_id, report_name, request_param, request_status, requested_by, created_by, last_updated_by)
       values ($1, $2, $3, $4, 'P', $5, $5, $5) returning request_id as "requestId", request_status as "requestStatus"`,
      [tenantId, reportId, reportName, JSON.stringify(params), auth.userId],
    )
  ).rows[0]!;
  afterCommit(tx, () => {
    setImmediate(() => void runRequest(ctx, tenantId, Number(row.requestId)).catch((e: unknown) => console.error(`report request ${String(row.requestId)} failed: ${(e as Error).message}`)));
  });
  return row;
}
