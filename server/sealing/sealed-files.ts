import { readFile, rename, writeFile } from 'node:fs/promises';
import type { EntityDecl } from '../../renderer/schema/entity.ts';
import type { Queryable } from '../db/database.ts';
import { confinedPath } from '../files/storage.ts';
import { decrypt, encrypt } from './cipher.ts';
import { documentKey } from './document-keys.ts';
import type { KeyRing } from './key-ring.ts';

/**
 * The files of a sealed offer (an envelope's attachment fields) are sealed with it: their bytes
 * are rewritten encrypted under the document's key, so the storage folder and its backups hold
 * ciphertext until opening. A sealed file names in its first line which document's key opens it
 * (not secret), so it can be read back without a lookup, and an unfinished write (a bid refused
 * after its files were sealed) leaves nothing that reads as plain.
 */
const MAGIC = 'LCB-SEALED-FILE 1 ';

interface Header {
  entity: string;
  document: number;
}

const aadOf = (h: Header, fileUrl: string) => `sealed-file|${h.entity}|${h.document}|${fileUrl}`;

function headerOf(bytes: Buffer): { header: Header; body: string } | undefined {
  if (!bytes.subarray(0, MAGIC.length).equals(Buffer.from(MAGIC))) return undefined;
  const text = bytes.toString('utf8');
  const nl = text.indexOf('\n');
  return { header: JSON.parse(text.slice(MAGIC.length, nl)) as Header, body: text.slice(nl + 1) };
}

/** Whether stored bytes are a sealed file. */
export const isSealedFile = (bytes: Buffer): boolean => headerOf(bytes) !== undefined;

/** The file rows of a tenant with these attachment UUIDs, and where their bytes are. */
async function filesOf(tx: Queryable, storageDir: string, tenantId: number, uuids: string[]): Promise<Array<{ url: string; abs: string }>> {
  if (!uuids.length) return [];
  const rows = (await tx.query<{ url: string }>('select file_url as url from hfle_file where tenant_id = $1 and attachment_uuid = any($2::text[]) order by file_id', [tenantId, uuids])).rows;
  const out: Array<{ url: string; abs: string }> = [];
  for (const r of rows) {
    const abs = await confinedPath(storageDir, r.url);
    if (abs) out.push({ url: r.url, abs });
  }
  return out;
}

/** Replaces a file's bytes at once (a reader sees the old bytes or the new, never half). */
async function replace(abs: string, bytes: Buffer | string): Promise<void> {
  const tmp = `${abs}.${process.pid}.sealing`;
  await writeFile(tmp, bytes);
  await rename(tmp, abs);
}

/** Seals the files attached under `uuids` to a document's sealed offer (those not sealed already). */
export async function sealFiles(tx: Queryable, ring: KeyRing, storageDir: string, e: EntityDecl, document: number, tenantId: number, uuids: string[]): Promise<void> {
  const files = await filesOf(tx, storageDir, tenantId, uuids);
  if (!files.length) return;
  const key = await documentKey(tx, ring, e.name, document, tenantId, true);
  const header: Header = { entity: e.name, document };
  for (const f of files) {
    const bytes = await readFile(f.abs);
    if (isSealedFile(bytes)) continue;
    await replace(f.abs, `${MAGIC}${JSON.stringify(header)}\n${encrypt(key, bytes, aadOf(header, f.url))}`);
  }
}

/** A stored file's plain bytes: a sealed file is opened with its document's key (for its uploader before opening). */
export async function plainFileBytes(db: Queryable, ring: KeyRing, tenantId: number, fileUrl: string, bytes: Buffer): Promise<Buffer> {
  const sealed = headerOf(bytes);
  if (!sealed) return bytes;
  const key = await documentKey(db, ring, sealed.header.entity, sealed.header.document, tenantId, false);
  if (!key) throw new Error(`${fileUrl} is sealed under a key that no longer exists`);
  return decrypt(key, sealed.body, aadOf(sealed.header, fileUrl));
}

/** Opening: the files attached under `uuids` are written plain again, before the document's key may go. */
export async function openFiles(tx: Queryable, ring: KeyRing, storageDir: string, tenantId: number, uuids: string[]): Promise<void> {
  for (const f of await filesOf(tx, storageDir, tenantId, uuids)) {
    const bytes = await readFile(f.abs);
    if (isSealedFile(bytes)) await replace(f.abs, await plainFileBytes(tx, ring, tenantId, f.url, bytes));
  }
}
