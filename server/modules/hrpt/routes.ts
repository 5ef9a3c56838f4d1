import type { FastifyInstance } from 'fastify';
import type { RouteGroup } from '../../http/route-group.ts';
import type { ServerContext } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import { registerHooks } from '../../resources/hooks.ts';
import { checkEntityAccess } from '../../resources/permissions.ts';
import { resolveScope } from '../../resources/scope.ts';
import { captions } from './captions.ts';
import { checkGrant, grantedReports, loadReport, parseList, parseParamDefs, type ReportColumn, reportData, reportWorkbook } from './reports.ts';
import { queueRequest } from './requests.ts';
import { fieldError, runDataSet } from './run.ts';
import { parseReportSql, SqlRefused } from './sql-guard.ts';
import { createReportViews, reportViewColumns } from './views.ts';

type Row = Record<string, unknown>;

/** A data set is checked when saved: one SELECT the reader accepts, every `:name` declared. */
function checkDataSet(values: Row): void {
  if (values.sqlText === undefined && values.paramDefs === undefined) return;
  let params: string[] = [];
  if (values.sqlText !== undefined) {
    try {
      params = parseReportSql(String(values.sqlText ?? '')).params;
    } catch (e) {
      if (e instanceof SqlRefused) throw fieldError('sqlText', `sqlText: ${e.message}`);
      throw e;
    }
  }
  const defs = parseParamDefs(values.paramDefs);
  if (values.sqlText !== undefined && values.paramDefs !== undefined) {
    const missing = params.filter((p) => !defs.some((d) => d.name === p));
    if (missing.length) throw fieldError('paramDefs', `paramDefs: declare ${missing.map((m) => `:${m}`).join(', ')} (type, required)`);
  }
}

registerHooks('hrptDataset', {
  beforeCreate: async (values) => checkDataSet(values),
});

registerHooks('hrptReport', {
  beforeCreate: async (values) => void parseList<ReportColumn>(values.columnsDef, 'columnsDef'),
});

const tenantParams = { type: 'object', properties: { tenantId: { type: 'integer' }, reportId: { type: 'integer' }, requestId: { type: 'integer' } } };
const paramsBody = { type: 'object', properties: { params: { type: 'object' } } };

async function hrptRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  await createReportViews(ctx);
  await ctx.db.query('create table if not exists hrpt_request_file (request_id bigint primary key, tenant_id bigint not null, content bytea not null)');
  const datasets = ctx.entities.get('hrptDataset')!;
  const requests = ctx.entities.get('hrptRequest')!;

  // Updates go through the generic path too: checked on the way in.
  app.addHook('preHandler', async (req) => {
    if ((req.method === 'PUT' || req.method === 'PATCH' || req.method === 'POST') && /^\/hrpt\/v1\/(\d+\/)?datasets\/?(\d+)?$/.test(req.url.split('?')[0]!)) checkDataSet((req.body ?? {}) as Row);
  });

  app.get('/hrpt/v1/:tenantId/datasets/views', { schema: { params: tenantParams } }, async (req) => {
    const scope = resolveScope(req, 'tenant');
    await checkEntityAccess(ctx.db, datasets, scope.auth, 'write');
    return reportViewColumns(ctx);
  });

  app.post('/hrpt/v1/:tenantId/datasets/extract-param', { schema: { params: tenantParams, body: { type: 'object', required: ['sqlText'], properties: { sqlText: { type: 'string', maxLength: 20000 } } } } }, async (req) => {
    const scope = resolveScope(req, 'tenant');
    await checkEntityAccess(ctx.db, datasets, scope.auth, 'write');
    try {
      return parseReportSql((req.body as Row).sqlText as string).params.map((name, i) => ({ ordinal: i + 1, name, dataType: 'string' }));
    } catch (e) {
      if (e instanceof SqlRefused) throw fieldError('sqlText', `sqlText: ${e.message}`);
      throw e;
    }
  });

  app.post(
    '/hrpt/v1/:tenantId/datasets/preview-sql',
    { schema: { params: tenantParams, body: { type: 'object', required: ['sqlText'], properties: { sqlText: { type: 'string', maxLength: 20000 }, paramDefs: { type: ['string', 'null'], maxLength: 4000 }, params: { type: 'object' } } } } },
    async (req) => {
      const scope = resolveScope(req, 'tenant');
      await checkEntityAccess(ctx.db, datasets, scope.auth, 'write');
      const b = req.body as Row;
      return runDataSet(ctx.db, scope.tenantId!, String(b.sqlText), parseParamDefs(b.paramDefs), (b.params ?? {}) as Row, 100);
    },
  );

  app.get('/hrpt/v1/:tenantId/reports', { schema: { params: tenantParams } }, async (req) => {
    const scope = resolveScope(req, 'tenant');
    const rows = await grantedReports(ctx.db, scope.auth, scope.tenantId!);
    return { content: rows, totalElements: rows.length, number: 0, size: rows.length, totalPages: 1 };
  });

  app.get('/hrpt/v1/:tenantId/reports/:reportId', { schema: { params: tenantParams } }, async (req) => {
    const scope = resolveScope(req, 'tenant');
    const id = Number((req.params as Row).reportId);
    await checkGrant(ctx.db, scope.auth, scope.tenantId!, id);
    const { sqlText: _s, ...def } = await loadReport(ctx.db, scope.tenantId!, id);
    return def;
  });

  app.post('/hrpt/v1/:tenantId/reports/:reportId/data', { schema: { params: tenantParams, body: paramsBody } }, async (req) => {
    const scope = resolveScope(req, 'tenant');
    const id = Number((req.params as Row).reportId);
    await checkGrant(ctx.db, scope.auth, scope.tenantId!, id);
    const def = await loadReport(ctx.db, scope.tenantId!, id);
    return reportData(ctx, scope.tenantId!, def, ((req.body as Row | undefined)?.params ?? {}) as Row);
  });

  app.post('/hrpt/v1/:tenantId/reports/:reportId/export', { schema: { params: tenantParams, body: paramsBody } }, async (req, reply) => {
    const scope = resolveScope(req, 'tenant');
    const id = Number((req.params as Row).reportId);
    await checkGrant(ctx.db, scope.auth, scope.tenantId!, id);
    const def = await loadReport(ctx.db, scope.tenantId!, id);
    const data = await reportData(ctx, scope.tenantId!, def, ((req.body as Row | undefined)?.params ?? {}) as Row);
    const file = await reportWorkbook(def, data, await captions(ctx.db, scope.tenantId!, scope.auth.language, data.columns.map((c) => c.text ?? c.name)));
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="${def.reportCode}.xlsx"; filename*=UTF-8''${encodeURIComponent(`${def.reportName}.xlsx`)}`)
      .header('cache-control', 'no-store')
      .send(file);
  });

  app.post('/hrpt/v1/:tenantId/reports/:reportId/concurrent-request', { schema: { params: tenantParams, body: paramsBody } }, async (req) => {
    const scope = resolveScope(req, 'tenant');
    const id = Number((req.params as Row).reportId);
    await checkGrant(ctx.db, scope.auth, scope.tenantId!, id);
    const def = await loadReport(ctx.db, scope.tenantId!, id);
    const params = ((req.body as Row | undefined)?.params ?? {}) as Row;
    return ctx.db.transaction((tx) => queueRequest(ctx, tx, scope.auth, scope.tenantId!, id, def.reportName, params));
  });

  app.get('/hrpt/v1/:tenantId/report-requests/:requestId/file', { schema: { params: tenantParams } }, async (req, reply) => {
    const scope = resolveScope(req, 'tenant');
    await checkEntityAccess(ctx.db, requests, scope.auth, 'read');
    const id = Number((req.params as Row).requestId);
    // The caller's own requests only, as the list shows them.
    const r = (
      await ctx.db.query<{ content: Uint8Array; name: string }>(
        `select f.content, q.report_name as name from hrpt_request q join hrpt_request_file f on f.request_id = q.request_id
          where q.request_id = $1 and q.tenant_id = $2 and q.requested_by = $3`,
        [id, scope.tenantId, scope.auth.userId],
      )
    ).rows[0];
    if (!r) throw notFound(`Request ${id} has no result file`);
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="report-${id}.xlsx"; filename*=UTF-8''${encodeURIComponent(`${r.name}-${id}.xlsx`)}`)
      .header('cache-control', 'no-store')
      .send(Buffer.from(r.content));
  });
}

/** Reports: data sets over tenant views, report definitions, running, export and background requests. */
export const routes: RouteGroup[] = [hrptRoutes];
