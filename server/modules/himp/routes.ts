import fastifyMultipart, { type MultipartFile } from '@fastify/multipart';
import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.ts';
import { badRequest, HttpError } from '../../http/errors.ts';
import type { RouteGroup } from '../../http/route-group.ts';
import { checkEntityAccess } from '../../resources/permissions.ts';
import type { Scope } from '../../resources/scope.ts';
import { defineRoute } from '../../http/module-route.ts';
import { lovValues } from '../../resources/lov-values.ts';
import { batchOf, recentBatches, recount, setStatus } from './batches.ts';
import { readUpload } from './read-file.ts';
import { runImport } from './run-import.ts';
import { isValidating, runValidate } from './run-validate.ts';
import { headerOf, type ImportTemplate, loadTemplate } from './template.ts';
import { templateWorkbook } from './template-excel.ts';
import { checkRow, type StagedCell, type ValueSet } from './validate-row.ts';

/** Largest upload accepted. */
export const HIMP_MAX_BYTES = 5 * 1024 * 1024;

const BASE = '/himp/v1/:tenantId';
const tenantParams = { type: 'object', required: ['tenantId'], properties: { tenantId: { type: 'integer' } } };
const codeQuery = { type: 'object', required: ['templateCode'], properties: { templateCode: { type: 'string', maxLength: 60 }, batch: { type: 'string', maxLength: 40 } } };
const batchQuery = { type: 'object', required: ['batch'], properties: { templateCode: { type: 'string', maxLength: 60 }, batch: { type: 'string', maxLength: 40 } } };

/** The value sets a template names, each as accepted text → code (codes, and meanings in both languages). */
async function valueSetsOf(ctx: ServerContext, t: ImportTemplate, tenantId: number): Promise<Map<string, ValueSet>> {
  const out = new Map<string, ValueSet>();
  for (const code of new Set(t.sheets.flatMap((s) => s.columns.map((c) => c.validateSet)).filter((x): x is string => !!x))) {
    const set: ValueSet = new Map();
    for (const lang of ['en_US', 'zh_CN']) {
      for (const v of await lovValues(ctx.db, code, tenantId, lang)) {
        for (const text of [v.value, v.meaning]) {
          set.set(text, v.value);
          set.set(text.toLowerCase(), v.value);
        }
      }
    }
    out.set(code, set);
  }
  return out;
}

interface Caller {
  scope: Scope;
  tenantId: number;
  template: ImportTemplate;
}

/** The template of the request, for a caller who may write every entity its sheets import into. */
async function callerOf(ctx: ServerContext, scope: Scope, code: string): Promise<Caller> {
  const tenantId = scope.tenantId!;
  const template = await loadTemplate(ctx.db, tenantId, code);
  for (const s of template.sheets) {
    const e = ctx.entities.get(s.tableName);
    if (!e) throw badRequest(`Template ${code} imports into ${s.tableName}, which is not an entity`);
    await checkEntityAccess(ctx.db, e, scope.auth, 'write');
  }
  return { scope, tenantId, template };
}

/**
 * The import runtime (HZERO `TemplateManagerController` and the import data calls, under
 * `/himp/v1/{tenantId}` whatever the template's `prefixPatch`): template info and its `.xlsx`;
 * upload (`.xlsx`/`.csv`) staging rows as a batch; rows listed and edited in place (each edit
 * re-checks the row); validate; import in the background; batch status; a file of the rows with
 * errors. Every call is the caller's own batch, and needs write access to the target entities.
 */
async function importRuntime(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  defineRoute(app, ctx, { method: 'GET', url: `${BASE}/template/:code/info`, schema: { params: { ...tenantParams, properties: { ...tenantParams.properties, code: { type: 'string', maxLength: 60 } } } } }, async (req, scope) => {
    const c = await callerOf(ctx, scope, (req.params as { code: string }).code);
    const lang = c.scope.auth.language;
    return { ...c.template, sheets: c.template.sheets.map((s) => ({ ...s, columns: s.columns.map((col) => ({ ...col, header: headerOf(col, lang) })) })) };
  });

  defineRoute(app, ctx, { method: 'GET', url: `${BASE}/template/:code/excel`, schema: { params: { ...tenantParams, properties: { ...tenantParams.properties, code: { type: 'string', maxLength: 60 } } } } }, async (req, scope, reply) => {
    const c = await callerOf(ctx, scope, (req.params as { code: string }).code);
    const lang = c.scope.auth.language;
    const sets = new Map<string, Array<{ value: string; meaning: string }>>();
    for (const code of new Set(c.template.sheets.flatMap((s) => s.columns.map((x) => x.validateSet)).filter((x): x is string => !!x))) sets.set(code, await lovValues(ctx.db, code, c.tenantId, lang));
    const body = await templateWorkbook(c.template, lang, sets);
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="${c.template.templateCode}.xlsx"; filename*=UTF-8''${encodeURIComponent(`${c.template.templateName}.xlsx`)}`)
      .header('cache-control', 'no-store')
      .send(body);
  });

  await app.register(async (uploads) => {
    await uploads.register(fastifyMultipart, {
      attachFieldsToBody: 'keyValues',
      limits: { fileSize: HIMP_MAX_BYTES, files: 1, fields: 5, parts: 6 },
      async onFile(part: MultipartFile) {
        let data: Buffer;
        try {
          data = await part.toBuffer();
        } catch (err) {
          if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, 'error.import.tooLarge', `The file is larger than ${HIMP_MAX_BYTES / 1024 / 1024} MB`);
          throw err;
        }
        (part as MultipartFile & { value: unknown }).value = { filename: part.filename, data };
      },
    });
    defineRoute(
      uploads,
      ctx,
      {
        method: 'POST',
        url: `${BASE}/import/data/data-upload`,
        preValidation: async (req) => {
          if (!req.isMultipart()) throw new HttpError(415, 'error.unsupported_media_type', 'Upload the file as multipart/form-data with the field "file"');
        },
        schema: { params: tenantParams, querystring: codeQuery, body: { type: 'object', required: ['file'], properties: { file: { type: 'object', required: ['data'] } } } },
      },
      async (req, scope) => {
        const c = await callerOf(ctx, scope, (req.query as { templateCode: string }).templateCode);
        const file = (req.body as { file: { filename?: string; data: unknown } }).file;
        if (!Buffer.isBuffer(file.data)) throw badRequest('file must be an uploaded file');
        const name = String(file.filename ?? 'upload').slice(0, 200);
        const rows = await readUpload(c.template, name, file.data);
        if (!rows.count) throw badRequest(`${name} has no data rows below the header`);
        const batch = randomUUID();
        const batchId = await ctx.db.transaction(async (tx) => {
          const b = await tx.query<{ id: number }>(
            `insert into himp_import_batch (tenant_id, batch, template_code, file_name, status, total_count, error_count, imported_count, user_id, created_by, last_updated_by)
             values ($1, $2, $3, $4, 'UPLOADED', $5, 0, 0, $6, $6, $6) returning batch_id::float8 as id`,
            [c.tenantId, batch, c.template.templateCode, name, rows.count, c.scope.auth.userId],
          );
          const id = b.rows[0]!.id;
          // Multi-row inserts: a 50,000-row file is 50 statements, not 50,000 (the rows come as JSON chunks of 1,000).
          for (const chunk of rows.chunks) {
            await tx.query(
              `insert into himp_import_data (tenant_id, batch_id, sheet_index, row_number, data, data_status, created_by, last_updated_by)
               select $1, $2, x.s, x.n, x.d, 'NEW', $3, $3 from jsonb_to_recordset($4::jsonb) as x(s int, n int, d jsonb)`,
              [c.tenantId, id, c.scope.auth.userId, chunk],
            );
          }
          return id;
        });
        return batchOf(ctx.db, c.tenantId, c.scope.auth.userId, batch).then((b) => ({ ...b, batchId }));
      },
    );
  });

  defineRoute(app, ctx, { method: 'GET', url: `${BASE}/import/batches`, schema: { params: tenantParams, querystring: codeQuery } }, async (req, scope) => {
    const c = await callerOf(ctx, scope, (req.query as { templateCode: string }).templateCode);
    return recentBatches(ctx.db, c.tenantId, c.scope.auth.userId, c.template.templateCode);
  });

  defineRoute(app, ctx, { method: 'GET', url: `${BASE}/import/data/status`, schema: { params: tenantParams, querystring: batchQuery } }, async (req, scope) => {
    return batchOf(ctx.db, scope.tenantId!, scope.auth.userId, (req.query as { batch: string }).batch);
  });

  defineRoute(
    app,
    ctx,
    {
      method: 'GET',
      url: `${BASE}/import/data`,
      schema: {
        params: tenantParams,
        querystring: {
          type: 'object',
          required: ['batch'],
          properties: { batch: { type: 'string', maxLength: 40 }, templateCode: { type: 'string', maxLength: 60 }, dataStatus: { type: 'string', maxLength: 200 }, page: { type: 'integer', minimum: 0 }, size: { type: 'integer', minimum: 1, maximum: 1000 } },
        },
      },
    },
    async (req, scope) => {
      const q = req.query as { batch: string; dataStatus?: string; page?: number; size?: number };
      const b = await batchOf(ctx.db, scope.tenantId!, scope.auth.userId, q.batch);
      const statuses = q.dataStatus ? q.dataStatus.split(',') : null;
      const size = q.size ?? 20;
      const page = q.page ?? 0;
      const where = 'batch_id = $1 and ($2::text[] is null or data_status = any($2::text[]))';
      const total = await ctx.db.query<{ n: number }>(`select count(*)::float8 as n from himp_import_data where ${where}`, [b.batchId, statuses]);
      const rows = await ctx.db.query(
        `select id::float8 as id, sheet_index::float8 as "sheetIndex", row_number::float8 as "rowNumber", data, data_status as "dataStatus", error_msg as "errorMsg", record_id as "recordId", object_version_number::float8 as "objectVersionNumber"
           from himp_import_data where ${where} order by sheet_index, row_number limit $3 offset $4`,
        [b.batchId, statuses, size, page * size],
      );
      return { content: rows.rows, totalElements: total.rows[0]!.n, number: page, size };
    },
  );

  defineRoute(
    app,
    ctx,
    {
      method: 'PUT',
      url: `${BASE}/import/data/:id`,
      schema: {
        params: { type: 'object', required: ['tenantId', 'id'], properties: { tenantId: { type: 'integer' }, id: { type: 'integer' } } },
        body: {
          type: 'object',
          required: ['data', 'objectVersionNumber'],
          properties: { data: { type: 'object', additionalProperties: { type: ['string', 'number', 'null'], maxLength: 4000 } }, objectVersionNumber: { type: 'integer' } },
        },
      },
    },
    async (req, scope) => {
      const { id } = req.params as { id: number };
      const body = req.body as { data: Record<string, StagedCell>; objectVersionNumber: number };
      const row = (
        await ctx.db.query<{ batch: string; templateCode: string; sheetIndex: number; data: Record<string, StagedCell>; dataStatus: string; ovn: number }>(
          `select b.batch, b.template_code as "templateCode", d.sheet_index::float8 as "sheetIndex", d.data, d.data_status as "dataStatus", d.object_version_number::float8 as ovn
             from himp_import_data d join himp_import_batch b on b.batch_id = d.batch_id
            where d.id = $1 and d.tenant_id = $2 and b.user_id = $3`,
          [id, scope.tenantId, scope.auth.userId],
        )
      ).rows[0];
      if (!row) throw new HttpError(404, 'error.not_found', `No import row ${id} of yours`);
      if (row.dataStatus === 'IMPORT_SUCCESS') throw badRequest('This row is already imported');
      if (row.ovn !== body.objectVersionNumber) throw new HttpError(409, 'error.optimistic_lock', 'Someone changed this row since you opened it: reload it');
      const c = await callerOf(ctx, scope, row.templateCode);
      const sheet = c.template.sheets.find((s) => s.sheetIndex === row.sheetIndex);
      if (!sheet) throw badRequest('The sheet of this row is no longer in the template');
      const unknown = Object.keys(body.data).filter((k) => !sheet.columns.some((col) => col.columnCode === k));
      if (unknown.length) throw badRequest(`data: ${unknown.join(', ')} is not a column of sheet ${sheet.sheetName}`);
      const data = { ...row.data, ...body.data };
      const errors = checkRow(sheet.columns, data, await valueSetsOf(ctx, c.template, c.tenantId), scope.auth.language).errors;
      const updated = await ctx.db.query(
        `update himp_import_data set data = $2::jsonb, data_status = $3, error_msg = $4, object_version_number = object_version_number + 1, last_update_date = now(), last_updated_by = $5
          where id = $1 and object_version_number = $6
          returning id::float8 as id, sheet_index::float8 as "sheetIndex", row_number::float8 as "rowNumber", data, data_status as "dataStatus", error_msg as "errorMsg", object_version_number::float8 as "objectVersionNumber"`,
        [id, JSON.stringify(data), errors.length ? 'VALID_FAILED' : 'VALID_SUCCESS', errors.length ? errors.join('\n') : null, scope.auth.userId, body.objectVersionNumber],
      );
      if (!updated.rows[0]) throw new HttpError(409, 'error.optimistic_lock', 'Someone changed this row since you opened it: reload it');
      const b = await batchOf(ctx.db, c.tenantId, scope.auth.userId, row.batch);
      await recount(ctx.db, b.batchId);
      // Any edit after validation leaves the batch checked: the edited row was checked just now.
      if (b.status === 'IMPORTED') await setStatus(ctx.db, b.batchId, 'CHECKED');
      return updated.rows[0];
    },
  );

  defineRoute(app, ctx, { method: 'POST', url: `${BASE}/import/data/data-validate`, schema: { params: tenantParams, querystring: { ...codeQuery, required: ['templateCode', 'batch'] } } }, async (req, scope) => {
    const q = req.query as { templateCode: string; batch: string };
    const c = await callerOf(ctx, scope, q.templateCode);
    const b = await batchOf(ctx.db, c.tenantId, c.scope.auth.userId, q.batch);
    if (b.templateCode !== c.template.templateCode) throw badRequest(`Batch ${q.batch} is not an upload of ${q.templateCode}`);
    if (b.status === 'IMPORTING') throw badRequest('The batch is being imported; validate it when that ends');
    if (isValidating(b.batchId)) return b;
    await setStatus(ctx.db, b.batchId, 'CHECKING');
    const sets = await valueSetsOf(ctx, c.template, c.tenantId);
    // The check goes on after the answer; its progress is the batch's checkedCount (GET …/import/data/status).
    void runValidate(ctx, c.template, b.batchId, c.scope.auth.language, sets).catch((err: unknown) => req.log.error(err, 'validating batch failed'));
    return { ...b, status: 'CHECKING', checkedCount: 0 };
  });

  defineRoute(app, ctx, { method: 'POST', url: `${BASE}/import/data/data-import`, schema: { params: tenantParams, querystring: { ...codeQuery, required: ['templateCode', 'batch'] } } }, async (req, scope) => {
    const q = req.query as { templateCode: string; batch: string };
    const c = await callerOf(ctx, scope, q.templateCode);
    const b = await batchOf(ctx.db, c.tenantId, c.scope.auth.userId, q.batch);
    if (b.templateCode !== c.template.templateCode) throw badRequest(`Batch ${q.batch} is not an upload of ${q.templateCode}`);
    if (b.status !== 'CHECKED' && b.status !== 'IMPORTED') throw badRequest(`Validate the batch before importing it (its status is ${b.status})`);
    await setStatus(ctx.db, b.batchId, 'IMPORTING');
    const sets = await valueSetsOf(ctx, c.template, c.tenantId);
    // The run goes on after the answer; its progress is in the batch row (GET …/import/data/status).
    void runImport(ctx, c.scope, c.template, { ...b, status: 'IMPORTING' }, sets).catch((err: unknown) => req.log.error(err, 'import batch failed'));
    return { ...b, status: 'IMPORTING' };
  });

  defineRoute(app, ctx, { method: 'GET', url: `${BASE}/import/data/error-file`, schema: { params: tenantParams, querystring: { ...codeQuery, required: ['templateCode', 'batch'] } } }, async (req, scope, reply) => {
    const q = req.query as { templateCode: string; batch: string };
    const c = await callerOf(ctx, scope, q.templateCode);
    const b = await batchOf(ctx.db, c.tenantId, c.scope.auth.userId, q.batch);
    const rows = await ctx.db.query<{ sheetIndex: number; rowNumber: number; data: Record<string, StagedCell>; errorMsg: string | null }>(
      `select sheet_index::float8 as "sheetIndex", row_number::float8 as "rowNumber", data, error_msg as "errorMsg" from himp_import_data
        where batch_id = $1 and data_status in ('ERROR', 'VALID_FAILED', 'IMPORT_FAILED') order by sheet_index, row_number`,
      [b.batchId],
    );
    const lang = c.scope.auth.language;
    const wb = new ExcelJS.Workbook();
    for (const sheet of c.template.sheets) {
      const ws = wb.addWorksheet(sheet.sheetName.slice(0, 31));
      ws.addRow([lang === 'en_US' ? 'Line' : '行号', ...sheet.columns.map((col) => headerOf(col, lang)), lang === 'en_US' ? 'Errors' : '错误信息']).font = { bold: true };
      for (const r of rows.rows.filter((x) => x.sheetIndex === sheet.sheetIndex)) {
        ws.addRow([r.rowNumber, ...sheet.columns.map((col) => {
          const v = r.data[col.columnCode];
          return v !== null && typeof v === 'object' ? `=${v.formula}`.replace(/^=/, "'=") : (v ?? null);
        }), r.errorMsg]);
      }
    }
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="${c.template.templateCode}-errors.xlsx"`)
      .header('cache-control', 'no-store')
      .send(Buffer.from(await wb.xlsx.writeBuffer()));
  });
}

export const routes: RouteGroup[] = [importRuntime];
