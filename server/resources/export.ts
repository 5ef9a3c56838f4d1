import { checkEntityOperation } from '../auth/operation-guards.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { Readable } from 'node:stream';
import type { EntityDecl, EntityField } from '../../renderer/schema/entity.ts';
import type { ServerContext } from '../context.ts';
import type { Queryable } from '../db/database.ts';
import { badRequest } from '../http/errors.ts';
import { EntityRepository } from './crud-routes.ts';
import { filterMode } from './list-query.ts';
import { type Level, resolveScope, type Scope } from './scope.ts';
import { meaningOf } from '../../renderer/schema/meaning.ts';
import { xlsxStream, zoneOffsetMinutes } from './export-xlsx.ts';

/** Most rows one export writes; the response says when it stopped there (`x-export-truncated`). */
export const EXPORT_ROW_LIMIT = 100_000;
/** What one .xlsx sheet holds below its header row (1,048,576 rows in all). */
export const MAX_SHEET_ROWS = 1_048_575;
// Pages of 2,000 rows bound what one export holds in memory; each page is its own query, so a slow
// download never holds a transaction (with PGlite that would stall every other request).
const BATCH = 2_000;

/** Request keys of the export itself, never passed on as list filters. */
const EXPORT_KEYS = ['exportType', 'fillerType', 'columns', 'access_token', 'lang', 'page', 'size', 'format', 'ids', 'cursor'];

const PARAMS_SCHEMA = {
  type: 'object',
  required: ['exportType'],
  properties: {
    exportType: { type: 'string', enum: ['COLUMN', 'DATA'] },
    // The original also offers multi-sheet Excel; a CSV has one sheet, so anything else is refused.
    fillerType: { type: 'string', enum: ['single-sheet'] },
    columns: { type: 'string', maxLength: 4000, pattern: '^[A-Za-z0-9_]+(,[A-Za-z0-9_]+)*$' },
    // `xlsx`: typed cells (numbers, dates) in an Excel workbook; CSV otherwise.
    format: { type: 'string', enum: ['csv', 'xlsx'] },
    // The selected rows only: their keys, comma separated.
    ids: { type: 'string', maxLength: 20000, pattern: '^[A-Za-z0-9_.:-]+(,[A-Za-z0-9_.:-]+)*$' },
    lang: { type: 'string', pattern: '^[a-z]{2}_[A-Z]{2}$' },
    access_token: { type: 'string', maxLength: 200 },
  },
};

export interface ExportColumn {
  name: string;
  title: string;
}

/**
 * Columns a sheet can hold: declared, not private, and plain values (JSON, rich text and
 * attachments are left out: they do not read as cells).
 */
export function exportableFields(e: EntityDecl): EntityField[] {
  return e.fields.filter((f) => !f.private && !['json', 'richtext', 'attachment'].includes(f.type) && (f.label !== undefined || f.name === e.primaryKey));
}

/** Labels in a language from the prompt table; a tenant's own prompt wins over the platform's. */
async function titles(db: Queryable, fields: Array<Pick<EntityField, 'name' | 'label'>>, tenantId: number, lang: string): Promise<ExportColumn[]> {
  const keys = fields.map((f) => f.label).filter((l): l is string => typeof l === 'string');
  const r = await db.query<{ k: string; description: string }>(
    `select prompt_key || '.' || prompt_code as k, description from hpfm_prompt
      where lang = $1 and tenant_id in (0, $2) and prompt_key || '.' || prompt_code = any($3::text[]) order by tenant_id`,
    [lang, tenantId, keys],
  );
  const dict = new Map(r.rows.map((x) => [x.k, x.description]));
  return fields.map((f) => {
    const l = f.label;
    const title = l === undefined ? f.name : typeof l === 'string' ? (dict.get(l) ?? f.name) : (l[lang as 'zh_CN' | 'en_US'] ?? l.en_US);
    return { name: f.name, title };
  });
}

/** One CSV cell. Text that a spreadsheet would run as a formula gets a leading quote (CSV injection). */
function cell(v: unknown, textual: boolean): string {
  if (v === null || v === undefined) return '';
  let s = typeof v === 'object' ? JSON.stringify(v) : String(v);
  if (textual && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

const TEXTUAL = new Set(['string', 'text', 'yn', 'date', 'datetime', 'time']);

async function exportResponse(ctx: ServerContext, e: EntityDecl, scope: Scope, params: Record<string, unknown>, reply: FastifyReply): Promise<FastifyReply> {
  const lang = String(params.lang ?? scope.auth.language);
  const tenantId = scope.tenantId ?? scope.auth.tenantId;
  const all = exportableFields(e);
  let fields = all;
  if (params.columns) {
    const byName = new Map(all.map((f) => [f.name, f]));
    const names = String(params.columns).split(',');
    const unknown = names.filter((n) => !byName.has(n));
    if (unknown.length) throw badRequest(`Cannot export ${unknown.join(', ')}: not an exportable column of ${e.name}`);
    fields = names.map((n) => byName.get(n)!);
  }
  const columns = await titles(ctx.db, fields, tenantId, lang);
  if (params.exportType === 'COLUMN') return reply.send(columns);

  const filters: Record<string, unknown> = Object.fromEntries(Object.entries(params).filter(([k]) => !EXPORT_KEYS.includes(k)));
  // Selected rows: the list's own filters still apply, so a key outside them exports nothing.
  if (params.ids) {
    const key = e.fields.find((f) => f.name === e.primaryKey);
    if (!key || key.private || filterMode(key) === 'none') throw badRequest(`ids: the rows of ${e.name} cannot be chosen by key; export the filtered list instead`);
    filters[e.primaryKey] = String(params.ids).split(',');
  }
  const repo = new EntityRepository(e, ctx);
  // The first page also validates the filters, so a bad one is a 400 before any byte is sent.
  const first = await repo.list(scope, { ...filters, page: 0, size: BATCH });
  const limit = ctx.config.exportRowLimit ?? EXPORT_ROW_LIMIT;
  const total = Math.min(first.totalElements, limit);
  // The list may cap the page size below BATCH; paging by what it answered never skips rows.
  const pageSize = first.size;
  const shown = (f: EntityField, row: Record<string, unknown>) => (f.lov && row[meaningOf(f.name)] !== undefined ? row[meaningOf(f.name)] : row[f.name]);
  const totalElements = first.totalElements;
  const firstCursor = first.nextCursor;
  // Only the first page's rows, taken over by the pages below (no closure keeps `first`).
  let firstRows: Array<Record<string, unknown>> | undefined = first.content as Array<Record<string, unknown>>;
  async function* pages(): AsyncGenerator<Array<Record<string, unknown>>> {
    let sent = 0;
    let rows = firstRows!;
    firstRows = undefined;
    // Each page starts where the last ended (keyset) when the sort allows it, so the last page of a
    // big export costs what the first does; otherwise by offset.
    let cursor = firstCursor;
    for (let page = 1; rows.length && sent < total; page++) {
      const last = rows.length < pageSize || rows.length >= total - sent;
      const n = Math.min(rows.length, total - sent);
      sent += n;
      // Handed over, not kept: a page held here while the next one is read would outlive two
      // young-generation collections and be promoted, growing the old heap with every page.
      yield rows.splice(0, n);
      if (last) break;
      const next = await repo.list(scope, { ...filters, page, size: pageSize, ...(cursor ? { cursor } : {}) });
      rows = next.content as Array<Record<string, unknown>>;
      cursor = next.nextCursor;
    }
  }
  const [{ title }] = (await titles(ctx.db, [{ name: e.name, label: e.label }], tenantId, lang)) as [ExportColumn];
  const xlsx = params.format === 'xlsx';
  const ext = xlsx ? 'xlsx' : 'csv';
  reply
    .header('content-disposition', `attachment; filename="${e.name}.${ext}"; filename*=UTF-8''${encodeURIComponent(`${title}.${ext}`)}`)
    .header('cache-control', 'no-store')
    .header('x-export-total', String(totalElements))
    .header('x-export-limit', String(limit))
    .header('x-export-truncated', String(totalElements > limit));
  if (xlsx) {
    const zone = await ctx.db.query<{ tz: string | null }>('select time_zone as tz from iam_user where id = $1', [scope.auth.userId]);
    const sheetColumns = fields.map((f, i) => ({ name: f.name, title: columns[i]!.title, type: f.lov ? 'string' : f.type, precision: (f as { precision?: number }).precision }));
    const byName = new Map(fields.map((f) => [f.name, f]));
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .send(xlsxStream(String(title), sheetColumns, pages(), zoneOffsetMinutes(zone.rows[0]?.tz), { value: (c, r) => shown(byName.get(c.name)!, r) }));
  }
  const line = (row: Record<string, unknown>) => fields.map((f) => cell(shown(f, row), TEXTUAL.has(f.type) || !!f.lov)).join(',');
  async function* csv() {
    yield `\uFEFF${columns.map((c) => cell(c.title, true)).join(',')}\r\n`;
    for await (const batch of pages()) yield batch.map((r) => `${line(r)}\r\n`).join('');
  }
  return reply.header('content-type', 'text/csv; charset=utf-8').send(Readable.from(csv()));
}

/**
 * Export of every entity list (§7.3 "a given export request URL"): the list's own GET or POST URL
 * with `exportType=COLUMN` answers the exportable columns `[{name, title}]`, and with
 * `exportType=DATA` (`fillerType=single-sheet`, optional `columns=a,b`) streams the rows the same
 * filters list as a UTF-8 CSV with a BOM and a header of titles, at most EXPORT_ROW_LIMIT rows.
 *
 * The branch is added to the generic list routes as they are registered (an onRoute hook), before
 * their validation: the list query and the create body are not the shape of an export request.
 * The route's own access checks (tenant, menu permission) have run by then, so a GET export needs
 * read access and a POST export the write access of the create route it shares. For POST the
 * parameters may come in the query or in the (form) body, as the hidden export form sends them;
 * the token must then be in the query or the `access_token` cookie, since sign-in is checked
 * before a body is read.
 */
export async function exportRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const lists = new Map<string, { e: EntityDecl; level: Level }>();
  for (const e of ctx.entities.values()) {
    for (const level of ['site', 'tenant'] as Level[]) {
      const p = e.paths[level];
      if (p) for (const url of new Set([p, `${p}${e.api?.export ?? ''}`])) lists.set(url.replace(/\{(\w+)\}/g, ':$1'), { e, level });
    }
  }

  app.addHook('onRoute', (route: RouteOptions) => {
    const hit = lists.get(route.url ?? '');
    const methods = [route.method].flat();
    if (!hit || !(methods.includes('GET') || methods.includes('POST'))) return;
    const { e, level } = hit;
    const exportHook = async (req: FastifyRequest, reply: FastifyReply) => {
      const body = req.method === 'POST' && req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? (req.body as Record<string, unknown>) : {};
      const params = { ...(req.query as Record<string, unknown>), ...body };
      if (params.exportType === undefined) return;
      const scope = resolveScope(req, level);
      await checkEntityOperation(ctx.db, ctx.entities, e, scope.auth, 'export');
      const validate = req.compileValidationSchema(PARAMS_SCHEMA);
      if (!validate(params)) {
        const err = validate.errors?.[0];
        throw badRequest(`export ${err?.instancePath?.replace(/^\//, '') || ''} ${err?.message ?? 'is invalid'}`.replace(/\s+/g, ' '));
      }
      return exportResponse(ctx, e, scope, params, reply);
    };
    const existing = route.preValidation === undefined ? [] : [route.preValidation].flat();
    route.preValidation = [exportHook, ...existing] as RouteOptions['preValidation'];
  });
}
