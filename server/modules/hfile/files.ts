import fastifyMultipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { mkdir, open, readFile, unlink, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { ServerContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { badRequest, forbidden, HttpError, notFound } from '../../http/errors.ts';
import type { Scope } from '../../resources/scope.ts';
import { scopeTenant } from '../../http/call-scope.ts';
import { defineRoute } from '../../http/module-route.ts';
import { plainFileBytes } from '../../sealing/sealed-files.ts';
import { checkContent, contentHash, tampered } from './content-hash.ts';
import { type FileAccess, fileAccessOf, mayWriteOwner, visibleFiles } from './file-access.ts';
import { unattached } from './attachment-slots.ts';
import { isSealedFile } from '../../sealing/sealed-files.ts';
import {
  attachmentDisposition,
  BUCKET_PATTERN,
  DIRECTORY_PATTERN,
  MAX_UPLOAD_BYTES,
  newFileUrl,
  refuseUnsafeUrl,
  safeFileName,
} from './file-store.ts';
import { confinedPath, targetPath } from '../../files/storage.ts';

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
  createdBy: number | null;
  contentHash: string | null;
}

interface UploadedFile {
  filename: string;
  mimetype: string;
  data: Buffer;
}

const FILE_COLUMNS = `t.file_id::float8 as "fileId", t.file_name as "fileName", t.file_url as "fileUrl", t.file_type as "fileType",
  t.file_size::float8 as "fileSize", t.attachment_uuid as "attachmentUuid", t.bucket_name as "bucketName",
  to_char(t.creation_date, 'YYYY-MM-DD HH24:MI:SS') as "creationDate", t.tenant_id::float8 as "tenantId",
  t.created_by::float8 as "createdBy", t.content_hash as "contentHash"`;

const UUID = { type: 'string', pattern: '^[A-Za-z0-9-]{1,64}$' };
const BUCKET = { type: 'string', pattern: BUCKET_PATTERN };
const URL_ITEM = { type: 'string', minLength: 1, maxLength: 480 };
const URL_LIST = { type: 'array', minItems: 1, maxItems: 1000, items: URL_ITEM };
const TENANT_PARAM = { type: 'object', properties: { tenantId: { type: 'integer' } } };

const PREFIXES = ['/hfle/v1', '/hfle/v1/:tenantId'];

/** The tenant condition of a file query (alias `t`); a site-level caller on the site path spans all tenants. */
function tenantCond(scope: Scope, params: unknown[]): string {
  if (scope.tenantId === null) return 'true';
  params.push(scope.tenantId);
  return `t.tenant_id = $${params.length}`;
}

/** The first bytes of a stored file: enough to tell a sealed one. */
async function head(abs: string): Promise<Buffer> {
  const fh = await open(abs, 'r');
  try {
    const { buffer, bytesRead } = await fh.read(Buffer.alloc(64), 0, 64, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

/** What a file list answers: the metadata of the original service, without the server's own columns. */
const publicFile = ({ tenantId: _t, createdBy: _c, contentHash: _h, ...r }: FileRow) => r;

/**
 * The bytes of `row` as they were uploaded, read whole (uploads are capped at 20 MB): a file sealed
 * with an offer (server/sealing/) is opened, and the hash kept at upload checked, before a byte is
 * sent. Files stored before hashes were kept have none and are served as stored.
 */
async function uploadedBytes(ctx: ServerContext, row: FileRow, abs: string): Promise<Buffer> {
  let plain: Buffer;
  try {
    plain = await plainFileBytes(ctx.db, ctx.sealKeys, row.tenantId, row.fileUrl, await readFile(abs));
  } catch (err) {
    // Only a sealed file that does not open is refused as altered; a database or disk failure stays what it is.
    const code = (err as { code?: unknown }).code;
    if (err instanceof HttpError || (typeof code === 'string' && !code.startsWith('ERR_CRYPTO'))) throw err;
    throw tampered('The stored file is sealed with an offer but does not open (altered, or moved from another offer), so it is not served');
  }
  return row.contentHash ? checkContent(plain, row.contentHash) : plain;
}

/** Whether the caller may see the file `row` (file-access.ts); asked once its row is found in the caller's tenant. */
async function visible(access: FileAccess, db: Queryable, scope: Scope, row: FileRow): Promise<boolean> {
  const params: unknown[] = [row.fileId];
  const cond = await visibleFiles(access, scope, params, db, { uuids: row.attachmentUuid ? [row.attachmentUuid] : [] });
  return (await db.query(`select 1 from hfle_file t where t.file_id = $1 and ${cond}`, params)).rows.length > 0;
}

/**
 * Files (`/hfle/v1/[{tenantId}/]files/...`), shaped as the original file service: an attachment
 * UUID groups the files of one record, bytes live under `storageDir`, metadata in `hfle_file`.
 * Every download and delete goes through the metadata row of the caller's tenant, so a URL of
 * another tenant is simply not found; the path is re-checked to stay inside the storage folder.
 * Each file is seen only by those who may see it (file-access.ts): to anyone else it does not exist.
 */
export async function fileRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const { db } = ctx;
  const access = fileAccessOf(ctx);

  for (const prefix of PREFIXES) {
    defineRoute(app, ctx, { method: 'POST', url: `${prefix}/files/uuid`, level: 'platform', schema: { params: TENANT_PARAM } }, async () => {
      return { content: randomUUID().replace(/-/g, '') };
    });

    defineRoute(
      app,
      ctx,
      {
        method: 'GET',
        url: `${prefix}/files/:attachmentUUID/file`,
        level: 'platform',
        schema: {
          params: { type: 'object', required: ['attachmentUUID'], properties: { ...TENANT_PARAM.properties, attachmentUUID: UUID } },
          querystring: { type: 'object', properties: { bucketName: BUCKET } },
        },
      },
      async (req, scope) => {
        const uuid = (req.params as { attachmentUUID: string }).attachmentUUID;
        const params: unknown[] = [uuid];
        const where = ['t.attachment_uuid = $1', tenantCond(scope, params)];
        const bucket = (req.query as { bucketName?: string }).bucketName;
        if (bucket) {
          params.push(bucket);
          where.push(`t.bucket_name = $${params.length}`);
        }
        where.push(await visibleFiles(access, scope, params, db, { uuids: [uuid] }));
        const rows = (await db.query<FileRow>(`select ${FILE_COLUMNS} from hfle_file t where ${where.join(' and ')} order by t.file_id`, params)).rows;
        return rows.map(publicFile);
      },
    );
  }

  // Downloads: `access_token` may come in the query (links and hidden frames carry no header).
  for (const prefix of PREFIXES) {
    defineRoute(
      app,
      ctx,
      {
        method: 'GET',
        url: `${prefix}/files/download`,
        level: 'platform',
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
      async (req, scope, reply) => {
        const { url, bucketName } = req.query as { url: string; bucketName?: string };
        refuseUnsafeUrl(url);
        const params: unknown[] = [url];
        const where = ['t.file_url = $1', tenantCond(scope, params)];
        if (bucketName) {
          params.push(bucketName);
          where.push(`t.bucket_name = $${params.length}`);
        }
        const row = (await db.query<FileRow>(`select ${FILE_COLUMNS} from hfle_file t where ${where.join(' and ')}`, params)).rows[0];
        // A file the caller may not see is answered as one that does not exist.
        if (!row || !(await visible(access, db, scope, row))) throw notFound('No such file');
        const abs = await confinedPath(ctx.config.storageDir, row.fileUrl);
        if (!abs) throw notFound('The file content is missing');
        const body = await uploadedBytes(ctx, row, abs);
        return reply
          .header('content-type', row.fileType || 'application/octet-stream')
          .header('content-length', body.length)
          .header('content-disposition', attachmentDisposition(row.fileName))
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, no-store')
          .send(body);
      },
    );
  }

  /**
   * Deletes the rows of `urls` in scope, all or none, then their bytes: files the caller may see,
   * uploaded by the caller or attached to a record the caller may change.
   */
  const held = async (tx: Queryable, row: FileRow) =>
    row.attachmentUuid !== null && (await tx.query(`select 1 from hfle_file t where t.file_id = $1 and not (${unattached(access.owners)})`, [row.fileId])).rows.length > 0;
  const remove = async (scope: Scope, urls: string[], bucketName: string, attachmentUUID?: string) => {
    for (const u of urls) refuseUnsafeUrl(u);
    const wanted = [...new Set(urls)];
    const params: unknown[] = [wanted, bucketName];
    const where = ['t.file_url = any($1::text[])', 't.bucket_name = $2', tenantCond(scope, params)];
    if (attachmentUUID) {
      params.push(attachmentUUID);
      where.push(`t.attachment_uuid = $${params.length}`);
    }
    const deleted = await db.transaction(async (tx) => {
      const rows = (await tx.query<FileRow>(`select ${FILE_COLUMNS} from hfle_file t where ${where.join(' and ')} for update`, params)).rows;
      const seen: FileRow[] = [];
      for (const row of rows) if (await visible(access, tx, scope, row)) seen.push(row);
      const missing = wanted.find((u) => !seen.some((x) => x.fileUrl === u));
      if (missing) throw notFound(`No such file: ${missing}`);
      for (const row of seen) {
        // A file sealed with an offer is part of the bid until opening: nobody takes it back, its supplier included.
        const abs = await confinedPath(ctx.config.storageDir, row.fileUrl);
        if (abs && isSealedFile(await head(abs))) throw forbidden(`${row.fileName} is sealed with an offer until it is opened and cannot be deleted`);
        // Its uploader deletes a file no record holds yet; once held, the record's writers decide (a locked record keeps it).
        if (row.createdBy === scope.auth.userId && (await held(tx, row)) === false) continue;
        if (row.attachmentUuid && (await mayWriteOwner(access, scope, tx, row.tenantId, row.attachmentUuid))) continue;
        throw forbidden(`Only who uploaded ${row.fileName} before it was attached, or may change the record it is attached to, deletes it`);
      }
      await tx.query('delete from hfle_file where file_id = any($1::bigint[])', [seen.map((x) => x.fileId)]);
      return seen.map((x) => x.fileUrl);
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
    defineRoute(
      app,
      ctx,
      { method: 'POST', url: `${prefix}/files/delete-by-url`, level: 'platform', schema: { params: TENANT_PARAM, querystring: deleteQuery(false), body: URL_LIST } },
      async (req, scope) => remove(scope, req.body as string[], (req.query as { bucketName: string }).bucketName),
    );
    for (const [suffix, required] of [['delete-by-uuidurl', false], ['delete-by-uuidurl/not-null', true]] as const) {
      defineRoute(
        app,
        ctx,
        { method: 'POST', url: `${prefix}/files/${suffix}`, level: 'platform', schema: { params: TENANT_PARAM, querystring: deleteQuery(required), body: URL_LIST } },
        async (req, scope) => {
          const q = req.query as { bucketName: string; attachmentUUID?: string };
          return remove(scope, req.body as string[], q.bucketName, q.attachmentUUID);
        },
      );
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
        const upload = { method: 'POST', url: `${prefix}/files/${suffix}`, level: 'platform', preValidation: multipartOnly, schema: { params: TENANT_PARAM, body: uploadBody(uuidRequired) } } as const;
        defineRoute(uploads, ctx, upload, async (req, scope, reply) => {
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
              `insert into hfle_file (tenant_id, attachment_uuid, bucket_name, directory, file_name, file_url, file_type, file_size, content_hash, created_by, last_updated_by)
               values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10)`,
              [tenantId, body.attachmentUUID ?? null, body.bucketName, directory, fileName, fileUrl, body.file.mimetype || 'application/octet-stream', body.file.data.length, contentHash(body.file.data), scope.auth.userId],
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
