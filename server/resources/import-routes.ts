import fastifyMultipart, { type MultipartFile } from '@fastify/multipart';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import type { FastifyInstance } from 'fastify';
import type { EntityDecl, EntityField } from '../../renderer/schema/entity.ts';
import type { ServerContext } from '../context.ts';
import type { Queryable } from '../db/database.ts';
import { badRequest, BusinessError, HttpError } from '../http/errors.ts';
import { bodySchema, writableFields } from './body-schema.ts';
import { decimalRefusal } from './decimal-check.ts';
import { parseCsv } from './import-csv.ts';
import { checkEntityAccess } from './permissions.ts';
import { EntityRepository } from './repository.ts';
import { type Level, resolveScope } from './scope.ts';

type Row = Record<string, unknown>;

/** Largest CSV accepted and most data rows in one import: the report lists every row. */
export const IMPORT_MAX_BYTES = 2 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 5000;

export interface ImportRowReport {
  /** Line of the file the row starts on (the header is line 1). */
  line: number;
  ok: boolean;
  /** Key of the created record. */
  id?: unknown;
  errors?: string[];
}

export interface ImportReport {
  total: number;
  imported: number;
  failed: number;
  /** Header cells that name no writable field; their values are ignored. */
  ignoredColumns: string[];
  rows: ImportRowReport[];
}

const ajv = new Ajv({ allErrors: true, allowUnionTypes: true, strict: false, coerceTypes: true });
const validators = new WeakMap<EntityDecl, Map<Level, ValidateFunction>>();

function validatorOf(e: EntityDecl, level: Level): ValidateFunction {
  let byLevel = validators.get(e);
  if (!byLevel) validators.set(e, (byLevel = new Map()));
  let v = byLevel.get(level);
  if (!v) byLevel.set(level, (v = ajv.compile(bodySchema(e, 'create', level))));
  return v;
}

const errorText = (err: ErrorObject) => {
  const field = err.instancePath.replace(/^\//, '') || (err.params as { missingProperty?: string }).missingProperty || '';
  return `${field} ${err.keyword === 'required' ? 'is required' : (err.message ?? 'is invalid')}`.trim();
};

/**
 * Header cell → field: the field's name, or its label in either language (what the export
 * writes as the header), so an exported file can be edited and imported back.
 */
async function headerMap(db: Queryable, fields: EntityField[], tenantId: number): Promise<Map<string, EntityField>> {
  const out = new Map<string, EntityField>();
  const keys = fields.map((f) => f.label).filter((l): l is string => typeof l === 'string');
  const r = await db.query<{ k: string; description: string }>(
    `select prompt_key || '.' || prompt_code as k, description from hpfm_prompt where tenant_id in (0, $1) and prompt_key || '.' || prompt_code = any($2::text[])`,
    [tenantId, keys],
  );
  for (const f of fields) {
    const l = f.label;
    if (typeof l === 'string') for (const p of r.rows) if (p.k === l) out.set(p.description.trim().toLowerCase(), f);
    if (l && typeof l === 'object') for (const text of Object.values(l)) if (text) out.set(String(text).trim().toLowerCase(), f);
  }
  for (const f of fields) out.set(f.name.toLowerCase(), f);
  return out;
}

/** A cell as the field takes it: blanks left out (so defaults apply), the export's formula guard undone, JSON parsed. */
function cellValue(f: EntityField, raw: string): unknown {
  const s = /^'[=+\-@\t\r]/.test(raw) ? raw.slice(1) : raw;
  if (s.trim() === '') return undefined;
  if (f.type === 'json') {
    try {
      return JSON.parse(s);
    } catch {
      return s;
    }
  }
  return f.type === 'string' || f.type === 'text' || f.type === 'richtext' ? s : s.trim();
}

/**
 * Imports the rows of a CSV into an entity: each row is checked with the entity's create rules
 * (the same JSON Schema as a POST), then created through the repository like a POST (defaults,
 * numbering, value sets, hooks, audit), each in its own transaction. Valid rows are kept even
 * when others fail; the answer reports every row.
 */
export async function importCsv(ctx: ServerContext, e: EntityDecl, level: Level, scope: Parameters<EntityRepository['create']>[0], text: string): Promise<ImportReport> {
  const [header, ...data] = parseCsv(text);
  if (!header) throw badRequest('The file is empty');
  if (data.length > IMPORT_MAX_ROWS) throw badRequest(`At most ${IMPORT_MAX_ROWS} rows can be imported at once`);
  const fields = writableFields(e, level);
  const byHeader = await headerMap(ctx.db, fields, scope.tenantId ?? scope.auth.tenantId);
  const columns = header.cells.map((h) => byHeader.get(h.trim().toLowerCase()));
  if (!columns.some(Boolean)) throw badRequest(`No column of the header names a field of ${e.name}`);
  const validate = validatorOf(e, level);
  const repo = new EntityRepository(e, ctx);
  const report: ImportReport = { total: data.length, imported: 0, failed: 0, ignoredColumns: header.cells.filter((_, i) => !columns[i]), rows: [] };
  for (const { line, cells } of data) {
    const body: Row = {};
    columns.forEach((f, i) => {
      const v = f ? cellValue(f, cells[i] ?? '') : undefined;
      if (f && v !== undefined) body[f.name] = v;
    });
    const valid = validate(body);
    const digits = valid ? decimalRefusal(e, level, body) : undefined;
    if (!valid || digits) {
      report.rows.push({ line, ok: false, errors: digits ? [digits.message] : (validate.errors ?? []).map(errorText) });
      report.failed++;
      continue;
    }
    try {
      const created = await repo.create(scope, body);
      report.rows.push({ line, ok: true, id: created[e.primaryKey] });
      report.imported++;
    } catch (err) {
      // Business refusals (duplicates, value sets, parents) are the row's problem; anything else is the server's.
      if (!(err instanceof HttpError) && !(err instanceof BusinessError)) throw err;
      report.rows.push({ line, ok: false, errors: [(err as Error).message] });
      report.failed++;
    }
  }
  return report;
}

const toRoute = (p: string) => p.replace(/\{(\w+)\}/g, ':$1');

/**
 * `POST <entity path>/import` (multipart, `file` = a CSV whose header names fields) for every
 * entity, with the same write permission as a create. Answers the per-row report.
 */
export async function importRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  // Multipart parsing stays inside this plugin, as the upload routes keep theirs.
  await app.register(async (imports) => {
    await imports.register(fastifyMultipart, {
      attachFieldsToBody: 'keyValues',
      limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 5, parts: 6 },
      async onFile(part: MultipartFile) {
        let data: Buffer;
        try {
          data = await part.toBuffer();
        } catch (err) {
          if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, 'error.import.tooLarge', `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB`);
          throw err;
        }
        (part as MultipartFile & { value: unknown }).value = { filename: part.filename, data };
      },
    });
    for (const e of ctx.entities.values()) {
      for (const level of ['site', 'tenant'] as Level[]) {
        const base = e.paths[level];
        if (!base) continue;
        imports.post(
          `${toRoute(base)}/import`,
          {
            // Tenant and permission checks come before the body is read: an outsider learns nothing from a 400.
            onRequest: async (req) => {
              await checkEntityAccess(ctx.db, e, resolveScope(req, level).auth, 'write');
            },
            preValidation: async (req) => {
              if (!req.isMultipart()) throw new HttpError(415, 'error.unsupported_media_type', 'Upload the CSV as multipart/form-data with the field "file"');
            },
            schema: {
              tags: [e.name],
              summary: `Import ${e.name} records from a CSV (${level})`,
              params: { type: 'object', properties: level === 'tenant' ? { tenantId: { type: 'integer' } } : {} },
              body: { type: 'object', required: ['file'], properties: { file: { type: 'object', required: ['data'] } } },
            },
          },
          async (req) => {
            const scope = resolveScope(req, level);
            const file = (req.body as { file: { data: unknown } }).file;
            if (!Buffer.isBuffer(file.data)) throw badRequest('file must be an uploaded file');
            return importCsv(ctx, e, level, scope, file.data.toString('utf8'));
          },
        );
      }
    }
  });
}
