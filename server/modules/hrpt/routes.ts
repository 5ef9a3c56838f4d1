import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RouteGroup } from '../../http/route-group.ts';
import type { AuthContext, ServerContext } from '../../context.ts';
import { platformScope, scopeTenant } from '../../http/call-scope.ts';
import { notFound } from '../../http/errors.ts';
import { registerHooks } from '../../resources/hooks.ts';
import { checkEntityAccess } from '../../resources/permissions.ts';
import { captions } from './captions.ts';
import { checkGrant, grantedReports, loadReport, parseList, parseParamDefs, type ReportColumn, reportData, type ReportDef, reportWorkbook } from './reports.ts';
import { toPage } from '../../../renderer/schema/wire/page.ts';
import { pageParams } from '../../resources/list-query.ts';
import { queueRequest } from './requests.ts';
import { printTemplates, templateMarkup } from './templates.ts';
import { fieldError, runDataSet } from './run.ts';
import { parseReportSql, SqlRefused } from './sql-guard.ts';
import { ensureReportViews, reportViewColumns } from './views.ts';

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

/**
 * `tenantId` is a form field only for a platform administrator choosing the tenant of a new row (the
 * generic create reads it from the body); the row's tenant column is written by the create itself.
 */
const dropTenant = (values: Row) => {
  delete values.tenantId;
};

registerHooks('hrptDataset', {
  beforeCreate: async (values) => {
    dropTenant(values);
    checkDataSet(values);
  },
});

registerHooks('hrptReport', {
  async beforeCreate(values, { tx, tenantId }) {
    dropTenant(values);
    parseList<ReportColumn>(values.columnsDef, 'columnsDef');
    // A report reads a data set of its own tenant (the run joins them by tenant).
    const ok = await tx.query('select 1 from hrpt_dataset where dataset_id = $1 and tenant_id = $2', [values.datasetId, tenantId]);
    if (!ok.rows.length) throw fieldError('datasetId', `datasetId ${String(values.datasetId)} is not a data set of tenant ${tenantId}`);
  },
});

/** The parameters of a GET export: a JSON object in the `params` query field. */
function queryParams(text: unknown): Row {
  if (text === undefined || text === '') return {};
  try {
    const v = JSON.parse(String(text)) as unknown;
    if (v && typeof v === 'object' && !Array.isArray(v)) return v as Row;
  } catch {
    // answered below
  }
  throw fieldError('params', 'params: must be a JSON object of parameter values');
}

const tenantParams = { type: 'object', properties: { tenantId: { type: 'integer' }, reportId: { type: 'integer' }, requestId: { type: 'integer' }, templateId: { type: 'integer' } } };
const paramsBody = { type: 'object', properties: { params: { type: 'object' } } };

async function hrptRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const datasets = ctx.entities.get('hrptDataset')!;
  const requests = ctx.entities.get('hrptRequest')!;

  // Updates go through the generic path too: checked on the way in.
  app.addHook('preHandler', async (req) => {
    if (req.url.startsWith('/hrpt/')) await ensureReportViews(ctx);
    if ((req.method === 'PUT' || req.method === 'PATCH' || req.method === 'POST') && /^\/hrpt\/v1\/(\d+\/)?datasets\/?(\d+)?$/.test(req.url.split('?')[0]!)) checkDataSet((req.body ?? {}) as Row);
    const path = req.url.split('?')[0]!;
    if ((req.method === 'PUT' || req.method === 'PATCH') && /^\/hrpt\/v1\/(\d+\/)?(datasets|reports\/designer)\/?(\d+)?$/.test(path) && req.body && typeof req.body === 'object') {
      // A row never moves to another tenant by an update.
      dropTenant(req.body as Row);
      if (path.includes('/reports/designer')) parseList<ReportColumn>((req.body as Row).columnsDef, 'columnsDef');
    }
  });

  /** Each call at `/hrpt/v1/{tenantId}/…` and, as the original offers in site mode, at `/hrpt/v1/…`. */
  const both = (method: 'get' | 'post', suffix: string, opts: { schema: Row }, handler: (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>) => {
    app[method](`/hrpt/v1/${suffix}`, opts, handler);
    app[method](`/hrpt/v1/:tenantId/${suffix}`, opts, handler);
  };

  /**
   * The tenant a report call runs in: the path's (one of the caller's), or on a site path the
   * report's own tenant for a site role and the caller's tenant for anyone else.
   */
  const reportScope = async (req: FastifyRequest) => {
    const scope = platformScope(req);
    const id = Number((req.params as Row).reportId);
    let tenantId = scope.tenantId;
    if (tenantId === null) tenantId = Number((await ctx.db.query<{ t: number }>('select tenant_id::float8 as t from hrpt_report where report_id = $1', [id])).rows[0]?.t ?? -1);
    await checkGrant(ctx.db, scope.auth, tenantId, id);
    return { auth: scope.auth, tenantId, def: await loadReport(ctx.db, tenantId, id) };
  };
  const named = async (auth: AuthContext, tenantId: number, def: ReportDef) => ({ ...def, reportName: (await captions(ctx.db, tenantId, auth.language, [def.reportName]))(def.reportName) });
  const given = (req: FastifyRequest): Row => (req.method === 'GET' ? queryParams((req.query as Row).params) : (((req.body as Row | undefined)?.params ?? {}) as Row));

  both('get', 'datasets/views', { schema: { params: tenantParams } }, async (req) => {
    await checkEntityAccess(ctx.db, datasets, platformScope(req).auth, 'write');
    return reportViewColumns(ctx);
  });

  both('post', 'datasets/extract-param', { schema: { params: tenantParams, body: { type: 'object', required: ['sqlText'], properties: { sqlText: { type: 'string', maxLength: 20000 } } } } }, async (req) => {
    await checkEntityAccess(ctx.db, datasets, platformScope(req).auth, 'write');
    try {
      return parseReportSql((req.body as Row).sqlText as string).params.map((name, i) => ({ ordinal: i + 1, name, dataType: 'string' }));
    } catch (e) {
      if (e instanceof SqlRefused) throw fieldError('sqlText', `sqlText: ${e.message}`);
      throw e;
    }
  });

  both(
    'post',
    'datasets/preview-sql',
    { schema: { params: tenantParams, body: { type: 'object', required: ['sqlText'], properties: { sqlText: { type: 'string', maxLength: 20000 }, paramDefs: { type: ['string', 'null'], maxLength: 4000 }, params: { type: 'object' }, tenantId: { type: ['integer', 'null'] } } } } },
    async (req) => {
      const scope = platformScope(req);
      await checkEntityAccess(ctx.db, datasets, scope.auth, 'write');
      const b = req.body as Row;
      // A site role previews a data set in the tenant it belongs to (named in the body).
      const tenantId = scope.tenantId ?? (scope.auth.roleLevel === 'site' && b.tenantId != null ? Number(b.tenantId) : scopeTenant(scope));
      return runDataSet(ctx.db, tenantId, String(b.sqlText), parseParamDefs(b.paramDefs), (b.params ?? {}) as Row, 100);
    },
  );

  const reportSearch = { type: 'object', properties: { reportCode: { type: 'string', maxLength: 60 }, reportName: { type: 'string', maxLength: 120 }, reportTypeCode: { type: 'string', maxLength: 10 }, page: { type: 'integer', minimum: 0 }, size: { type: 'integer', minimum: 1 } } };
  both('get', 'reports', { schema: { params: tenantParams, querystring: reportSearch } }, async (req) => {
    const scope = platformScope(req);
    const rows = await grantedReports(ctx.db, scope.auth, scope.tenantId);
    const tr = await captions(ctx.db, scopeTenant(scope), scope.auth.language, rows.map((r) => String(r.reportName)));
    // Searched on what the person reads (the caption in their language) and on the code; paged like any list.
    const q = req.query as Row;
    const has = (v: unknown, part: unknown) => !part || String(v ?? '').toLowerCase().includes(String(part).toLowerCase());
    const found = rows.map((r): Row => ({ ...r, reportName: tr(String(r.reportName)) })).filter((r) => has(r.reportCode, q.reportCode) && has(r.reportName, q.reportName) && (!q.reportTypeCode || r.reportTypeCode === q.reportTypeCode));
    const { page, size } = pageParams(q);
    return toPage(found.slice(page * size, page * size + size), page, size, found.length);
  });

  both('get', 'reports/:reportId', { schema: { params: tenantParams } }, async (req) => {
    const { auth, tenantId, def } = await reportScope(req);
    const { sqlText: _s, ...shown } = await named(auth, tenantId, def);
    return shown;
  });

  both('post', 'reports/:reportId/data', { schema: { params: tenantParams, body: paramsBody } }, async (req) => {
    const { tenantId, def } = await reportScope(req);
    return reportData(ctx, tenantId, def, given(req));
  });

  // GET too: the browser downloads with a hidden form (the token and the parameters as query fields).
  const exportHandler = async (req: FastifyRequest, reply: FastifyReply) => {
    const { auth, tenantId, def: raw } = await reportScope(req);
    const def = await named(auth, tenantId, raw);
    const data = await reportData(ctx, tenantId, def, given(req));
    const file = await reportWorkbook(def, data, await captions(ctx.db, tenantId, auth.language, [...data.columns.map((c) => c.text ?? c.name), 'hrpt.viewer.total']));
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="${def.reportCode}.xlsx"; filename*=UTF-8''${encodeURIComponent(`${def.reportName}.xlsx`)}`)
      .header('cache-control', 'no-store')
      .send(file);
  };
  both('post', 'reports/:reportId/export', { schema: { params: tenantParams, body: paramsBody } }, exportHandler);
  both('get', 'reports/:reportId/export', { schema: { params: tenantParams, querystring: { type: 'object', properties: { params: { type: 'string', maxLength: 4000 } } } } }, exportHandler);

  // Print layouts: whoever may run the report may print it with them (the markup is filled in the browser).
  both('get', 'reports/:reportId/print-templates', { schema: { params: tenantParams } }, async (req) => {
    const { auth, tenantId, def } = await reportScope(req);
    return printTemplates(ctx.db, tenantId, def.reportId, auth.language);
  });
  both('get', 'reports/:reportId/print-templates/:templateId', { schema: { params: tenantParams } }, async (req, reply) => {
    const { tenantId, def } = await reportScope(req);
    const markup = await templateMarkup(ctx.db, ctx.config.storageDir, tenantId, def.reportId, Number((req.params as Row).templateId));
    // Text, never a page of this origin: the viewer sanitises it and shows it in a sandboxed frame.
    return reply.type('text/plain; charset=utf-8').header('cache-control', 'no-store').header('x-content-type-options', 'nosniff').send(markup);
  });

  both('post', 'reports/:reportId/concurrent-request', { schema: { params: tenantParams, body: paramsBody } }, async (req) => {
    const { auth, tenantId, def } = await reportScope(req);
    const { reportName } = await named(auth, tenantId, def);
    return ctx.db.transaction((tx) => queueRequest(ctx, tx, auth, tenantId, def.reportId, reportName, given(req)));
  });

  both('get', 'report-requests/:requestId/file', { schema: { params: tenantParams } }, async (req, reply) => {
    const scope = platformScope(req);
    await checkEntityAccess(ctx.db, requests, scope.auth, 'read');
    const id = Number((req.params as Row).requestId);
    // The caller's own requests only, as the list shows them (requestedBy is the owner field).
    const r = (
      await ctx.db.query<{ content: Uint8Array; name: string }>(
        `select f.content, q.report_name as name from hrpt_request q join hrpt_request_file f on f.request_id = q.request_id
          where q.request_id = $1 and ($2::bigint is null or q.tenant_id = $2) and q.requested_by = $3`,
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
