import type { ServerContext } from '../../context.ts';
import { BusinessError, notFound } from '../../http/errors.ts';
import type { Scope } from '../../resources/scope.ts';
import { callAndLog, checkHttpUrl, headersOf } from '../hitf/call.ts';
import { noticeFailures } from './monitor.ts';

type Row = Record<string, unknown>;

interface Definition {
  interfaceDefId: number;
  externalSystemId: number | null;
  interfaceCode: string;
  interfaceUrl: string;
  requestMethod: string;
  requestHeader: string | null;
  requestBody: string | null;
  status: string;
}

async function definition(ctx: ServerContext, tenantId: number, id: number): Promise<Definition> {
  const d = (
    await ctx.db.query<Definition>(
      `select interface_def_id::float8 as "interfaceDefId", external_system_id::float8 as "externalSystemId", interface_code as "interfaceCode", interface_url as "interfaceUrl",
              request_method as "requestMethod", request_header as "requestHeader", request_body as "requestBody", status
         from sitf_interface_def where interface_def_id = $1 and tenant_id = $2`,
      [id, tenantId],
    )
  ).rows[0];
  if (!d) throw notFound(`interface definition ${id} not found`);
  return d;
}

/**
 * One attempt of a batch: the interface is called for real through hitf's calling code (so the
 * attempt is in the interface log), the packet is recorded, the batch and its source data take the
 * outcome, and a failure is counted against the interface's monitoring rules.
 */
async function attempt(ctx: ServerContext, scope: Scope, batch: Row, def: Definition, clientIp: string): Promise<void> {
  const tenantId = scope.tenantId!;
  const payload = (
    await ctx.db.query<{ payload: string | null }>('select payload from sitf_source_data where batch_id = $1 and tenant_id = $2 order by source_data_id limit 1', [batch.batchId, tenantId])
  ).rows[0]?.payload;
  const r = await callAndLog(ctx.db, {
    tenantId,
    userId: scope.auth.userId,
    loginName: scope.auth.loginName,
    url: def.interfaceUrl,
    method: def.requestMethod || 'POST',
    headers: headersOf(def.requestHeader),
    body: payload ?? def.requestBody ?? undefined,
    serverCode: null,
    interfaceCode: def.interfaceCode,
  });
  const result = r.ok ? 'SUCCESS' : 'FAILED';
  await ctx.db.transaction(async (tx) => {
    await tx.query(
      `update sitf_batch set status = $3, finished_flag = $4, error_flag = $5, error_message = $6, data_execute_result = $3, attempt_count = coalesce(attempt_count, 0) + 1,
              response_status = $7, last_log_id = $8, last_run_date = now(), last_updated_by = $9, last_update_date = now(), object_version_number = object_version_number + 1
        where batch_id = $1 and tenant_id = $2`,
      [batch.batchId, tenantId, result, r.ok ? 1 : 0, r.ok ? 0 : 1, r.error, r.status, r.logId, scope.auth.userId],
    );
    await tx.query('update sitf_source_data set execute_result = $3, last_update_date = now() where batch_id = $1 and tenant_id = $2', [batch.batchId, tenantId, result]);
    await tx.query(
      `insert into sitf_request_record (tenant_id, batch_num, request_uri, request_method, request_body, response_status, response_body, request_date, client_ip, created_by, last_updated_by)
       values ($1, $2, $3, $4, $5, $6, $7, now(), $8, $9, $9)`,
      [tenantId, batch.batchNum, def.interfaceUrl.slice(0, 960), def.requestMethod, payload ?? def.requestBody ?? null, r.status, r.response ?? r.error, clientIp.slice(0, 60), scope.auth.userId],
    );
  });
  if (!r.ok) await noticeFailures(ctx, tenantId, def.interfaceDefId, def.interfaceCode);
}

async function batchRow(ctx: ServerContext, tenantId: number, batchId: number): Promise<Row | undefined> {
  return (
    await ctx.db.query<Row>(
      `select batch_id::float8 as "batchId", batch_num as "batchNum", interface_def_id::float8 as "interfaceDefId", status from sitf_batch where batch_id = $1 and tenant_id = $2`,
      [batchId, tenantId],
    )
  ).rows[0];
}

/** A new batch of an interface (its sample body as the source data), run once at once. */
export async function runInterface(ctx: ServerContext, scope: Scope, interfaceDefId: number, clientIp: string, docNum?: string, body?: string): Promise<number> {
  const tenantId = scope.tenantId!;
  const def = await definition(ctx, tenantId, interfaceDefId);
  if (def.status === 'DISABLED') throw new BusinessError('sitf.error.disabled', `Interface ${def.interfaceCode} is disabled`, 'warn');
  checkHttpUrl(def.interfaceUrl, 'interfaceUrl');
  const batchId = await ctx.db.transaction(async (tx) => {
    const id = (
      await tx.query<{ id: number }>(
        `insert into sitf_batch (tenant_id, interface_def_id, interface_code, external_system_id, doc_num, status, finished_flag, error_flag, data_execute_result, attempt_count, created_by, last_updated_by)
         values ($1, $2, $3, $4, $5, 'RUNNING', 0, 0, 'UNEXECUTE', 0, $6, $6) returning batch_id::float8 as id`,
        [tenantId, def.interfaceDefId, def.interfaceCode, def.externalSystemId, docNum ?? null, scope.auth.userId],
      )
    ).rows[0]!.id;
    const num = `B${new Date().toISOString().slice(0, 10).replace(/-/g, '')}${String(id).padStart(6, '0')}`;
    await tx.query('update sitf_batch set batch_num = $2, doc_num = coalesce(doc_num, $2) where batch_id = $1', [id, num]);
    await tx.query(
      `insert into sitf_source_data (tenant_id, batch_id, batch_num, interface_code, doc_num, payload, execute_result, created_by, last_updated_by)
       values ($1, $2, $3, $4, $5, $6, 'UNEXECUTE', $7, $7)`,
      [tenantId, id, num, def.interfaceCode, docNum ?? num, body ?? def.requestBody, scope.auth.userId],
    );
    return id;
  });
  await attempt(ctx, scope, (await batchRow(ctx, tenantId, batchId))!, def, clientIp);
  return batchId;
}

/** A failed batch called again with its own source data, against the interface as defined now. */
export async function rerunBatch(ctx: ServerContext, scope: Scope, batchId: number, clientIp: string): Promise<void> {
  const tenantId = scope.tenantId!;
  const batch = await batchRow(ctx, tenantId, batchId);
  if (!batch) throw notFound(`batch ${batchId} not found`);
  if (batch.status !== 'FAILED') throw new BusinessError('sitf.error.notFailed', `Batch ${String(batch.batchNum)} did not fail; only failed batches are run again`, 'warn');
  const def = await definition(ctx, tenantId, Number(batch.interfaceDefId));
  checkHttpUrl(def.interfaceUrl, 'interfaceUrl');
  await ctx.db.query(`update sitf_batch set status = 'RUNNING' where batch_id = $1 and tenant_id = $2`, [batchId, tenantId]);
  await attempt(ctx, scope, batch, def, clientIp);
}
