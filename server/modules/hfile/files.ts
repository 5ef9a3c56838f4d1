import fastifyMultipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { ServerContext } from '../../context.ts';
import { badRequest, HttpError, notFound } from '../../http/errors.ts';
import type { Scope } from '../../resources/scope.ts';
import { platformScope, scopeTenant } from '../../http/call-scope.ts';
import {
  attachmentDisposition,
  BUCKET_PATTERN,
  confinedPath,
  DIRECTORY_PATTERN,
  MAX_UPLOAD_BYTES,
  newFileUrl,
  refuseUnsafeUrl,
  safeFileName,
  targetPath,
} from './file-store.ts';

interface FileRow {
  fileId: number;
  fileName: string;
  fileUrl: string;
  fileType: string | null;
  fileSize: number;
  attachmentUuid: string | null;
  bucketName: string;
  creationDate: string;
  tenantId: number;
}

interface UploadedFile {
  filename: string;
  mimetype: string;
  data: Buffer;
}

const FILE_COLUMNS = `file_id::float8 as "fileId", file_name as "fileName", file_url as "fileUrl", file_type as "fileType",
  file_size::float8 as "fileSize", attachment_uuid as "attachmentUuid", bucket_name as "bucketName",
  to_char(creation_date, 'YYYY-MM-DD HH24:MI:SS') as "creationDate", tenant_id::float8 as "tenantId"`;

const UUID = { type: 'string', pattern: '^[A-Za-z0-9-]{1,64}$' };
const BUCKET = { type: 'string', pattern: BUCKET_PATTERN };
const URL_ITEM = { type: 'string', minLength: 1, maxLength: 480 };
const URL_LIST = { type: 'array', minItems: 1, maxItems: 1000, items: URL_ITEM };
const TENANT_PARAM = { type: 'object', properties: { tenantId: { type: 'integer' } } };

const PREFIXES = ['/hfle/v1', '/hfle/v1/:tenantId'];

/** The tenant condition of a file query; a site-level caller on the site path spans all tenants. */
function tenantCond(scope: Scope, params: unknown[]): string {
  if (scope.tenantId === null) return 'true';
  params.push(scope.tenantId);
  return `tenant_id = $${params.length}`;
}

/**
 * Files (`/hfle/v1/[{tenantId}/]files/...`), shaped as the original file service: an attachment
 * UUID groups the files of one record, bytes live under `storageDir`, metadata in `hfle_file`.
 * Every download and delete goes through the metadata row of the caller's tenant, so a URL of
 * another tenant is simply not found; the path is re-checked to stay inside the storage folder.
 */
export async function fileRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const { db } = ctx;

  for (const prefix of PREFIXES) {
    app.post(`${prefix}/files/uuid`, { schema: { params: TENANT_PARAM } }, async (req) => {
      platformScope(req);
      return { content: randomUUID().replace(/-/g, '') };
    });

    app.get(
      `${prefix}/files/:attachmentUUID/file`,
      {
        schema: {
          params: { type: 'object', required: ['attachmentUUID'], properties: { ...TENANT_PARAM.properties, attachmentUUID: UUID } },
          querystring: { type: 'object', properties: { bucketName: BUCKET } },
        },
      },
      async (req) => {
        const scope = platformScope(req);
        const params: unknown[] = [(req.params as { attachmentUUID: string }).attachmentUUID];
        const where = ['attachment_uuid = $1', tenantCond(scope, params)];
        const bucket = (req.query as { bucketName?: string }).bucketName;
        if (bucket) {
          params.push(bucket);
          where.push(`bucket_name = $${params.length}`);
        }
        const rows = (await db.query<FileRow>(`select ${FILE_COLUMNS} from hfle_file where ${where.join(' and ')} order by file_id`, params)).rows;
        return rows.map(({ tenantId: _t, ...r }) => r);
      },
    );
  }

  // Downloads: `access_token` may come in the query (links and hidden frames carry no header).
  for (const prefix of PREFIXES) {
    app.get(
      `${prefix}/files/download`,
      {
        schema: {
          params: TENANT_PARAM,
          querystring: {
            type: 'object',
            required: ['url'],
            // `directory` is sent by the original front end; the URL already names the folder, so it is only accepted.
            properties: { url: URL_ITEM, bucketName: BUCKET, directory: { type: 'string', maxLength: 120 }, access_token: { type: 'string', maxLength: 200 } },
          },
        },
      },
      async (req, reply) => {
        const scope = platformScope(req);
        const { url, bucketName } = req.query as { url: string; bucketName?: string };
        refuseUnsafeUrl(url);
        const params: unknown[] = [url];
        const where = ['file_url = $1', tenantCond(scope, params)];
        if (bucketName) {
          params.push(bucketName);
          where.push(`bucket_name = $${params.length}`);
        }
        const row = (await db.query<FileRow>(`select ${FILE_COLUMNS} from hfle_file where ${where.join(' and ')}`, params)).rows[0];
        if (!row) throw notFound('No such file');
        const abs = await confinedPath(ctx.config.storageDir, row.fileUrl);
        if (!abs) throw notFound('The file content is missing');
        const size = (await stat(abs)).size;
        return reply
          .header('content-type', row.fileType || 'application/octet-stream')
          .header('content-length', size)
          .header('content-disposition', attachmentDisposition(row.fileName))
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, no-store')
          .send(createReadStream(abs));
      },
    );
  }

  /** Deletes the rows of `urls` in scope, all or none, then their bytes. */
  const remove = async (scope: Scope, urls: string[], bucketName: string, attachmentUUID?: string) => {
    for (const u of urls) refuseUnsafeUrl(u);
    const wanted = [...new Set(urls)];
    const params: unknown[] = [wanted, bucketName];
    const where = ['file_url = any($1::text[])', 'bucket_name = $2', tenantCond(scope, params)];
    if (attachmentUUID) {
      params.push(attachmentUUID);
      where.push(`attachment_uuid = $${params.length}`);
    }
    const deleted = await db.transaction(async (tx) => {
      const r = await tx.query<{ file_url: string }>(`delete from hfle_file where ${where.join(' and ')} returning file_url`, params);
      if (r.rows.length < wanted.length) {
        const found = new Set(r.rows.map((x) => x.file_url));
        throw notFound(`No such file: ${wanted.find((u) => !found.has(u))}`);
      }
      return r.rows.map((x) => x.file_url);
    });
    for (const u of deleted) {
      const abs = await confinedPath(ctx.config.storageDir, u);
      if (abs) await unlink(abs).catch(() => undefined);
    }
    return {};
  };

  const deleteQuery = (uuidRequired: boolean) => ({
    type: 'object',
    required: uuidRequired ? ['bucketName', 'attachmentUUID'] : ['bucketName'],
    properties: { bucketName: BUCKET, attachmentUUID: UUID },
  });
  for (const prefix of PREFIXES) {
    app.post(`${prefix}/files/delete-by-url`, { schema: { params: TENANT_PARAM, querystring: deleteQuery(false), body: URL_LIST } }, async (req) =>
      remove(platformScope(req), req.body as string[], (req.query as { bucketName: string }).bucketName),
    );
    for (const [suffix, required] of [['delete-by-uuidurl', false], ['delete-by-uuidurl/not-null', true]] as const) {
      app.post(`${prefix}/files/${suffix}`, { schema: { params: TENANT_PARAM, querystring: deleteQuery(required), body: URL_LIST } }, async (req) => {
        const q = req.query as { bucketName: string; attachmentUUID?: string };
        return remove(platformScope(req), req.body as string[], q.bucketName, q.attachmentUUID);
      });
    }
  }

  // Multipart parsing is confined to the upload routes; elsewhere a multipart body stays unsupported.
  await app.register(async (uploads) => {
    await uploads.register(fastifyMultipart, {
      attachFieldsToBody: 'keyValues',
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, fieldSize: 4096, parts: 12, headerPairs: 100 },
      async onFile(part: MultipartFile) {
        let data: Buffer;
        try {
          data = await part.toBuffer();
        } catch (e) {
          if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
            throw new HttpError(413, 'hfle.error.file.tooLarge', `The file is larger than the upload limit of ${MAX_UPLOAD_BYTES / 1024 / 1024} MB`);
          }
          throw e;
        }
        (part as MultipartFile & { value: UploadedFile }).value = { filename: part.filename, mimetype: part.mimetype, data };
      },
    });

    const multipartOnly = async (req: FastifyRequest) => {
      if (!req.isMultipart()) throw new HttpError(415, 'error.unsupported_media_type', 'Upload the file as multipart/form-data');
    };
    const uploadBody = (uuidRequired: boolean) => ({
      type: 'object',
      required: uuidRequired ? ['bucketName', 'attachmentUUID', 'file'] : ['bucketName', 'file'],
      properties: {
        bucketName: BUCKET,
        directory: { type: 'string', pattern: DIRECTORY_PATTERN },
        attachmentUUID: UUID,
        fileName: { type: 'string', minLength: 1, maxLength: 240 },
        file: { type: 'object', required: ['filename', 'data'], properties: { filename: { type: 'string', maxLength: 1000 } } },
      },
    });

    for (const prefix of PREFIXES) {
      // `attachment/multipart` adds the file to an attachment UUID; `multipart` stores a lone file (e.g. an avatar).
      for (const [suffix, uuidRequired] of [['attachment/multipart', true], ['multipart', false]] as const) {
        uploads.post(`${prefix}/files/${suffix}`, { preValidation: multipartOnly, schema: { params: TENANT_PARAM, body: uploadBody(uuidRequired) } }, async (req, reply) => {
          const scope = platformScope(req);
          const tenantId = scopeTenant(scope);
          const body = req.body as { bucketName: string; directory?: string; attachmentUUID?: string; fileName?: string; file: UploadedFile };
          if (!Buffer.isBuffer(body.file.data)) throw badRequest('file must be an uploaded file');
          const fileName = safeFileName(body.fileName ?? body.file.filename ?? 'file');
          const directory = body.directory?.replace(/\/$/, '') || null;
          const fileUrl = newFileUrl(body.bucketName, tenantId, directory ?? undefined, fileName);
          const abs = await targetPath(ctx.config.storageDir, fileUrl);
          await mkdir(dirname(abs), { recursive: true });
          await writeFile(abs, body.file.data, { flag: 'wx' });
          try {
            await db.query(
              `insert into hfle_file (tenant_id, attachment_uuid, bucket_name, directory, file_name, file_url, file_type, file_size, created_by, last_updated_by)
               values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)`,
              [tenantId, body.attachmentUUID ?? null, body.bucketName, directory, fileName, fileUrl, body.file.mimetype || 'application/octet-stream', body.file.data.length, scope.auth.userId],
            );
          } catch (e) {
            await unlink(abs).catch(() => undefined);
            throw e;
          }
          return reply.type('text/plain; charset=utf-8').send(fileUrl);
        });
      }
    }
  });
}
