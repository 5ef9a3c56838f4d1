import type { EntityDecl, EntitySealed } from '../../renderer/schema/entity.ts';
import type { Queryable } from '../db/database.ts';
import { HttpError } from '../http/errors.ts';
import { sqlType } from '../resources/ddl.ts';
import { columnOf, ident } from '../resources/naming.ts';
import { selectField } from '../resources/rows.ts';
import type { Scope } from '../resources/scope.ts';
import { decrypt, encrypt } from './cipher.ts';
import { destroyDocumentKey, documentKey } from './document-keys.ts';
import type { KeyRing } from './key-ring.ts';
import { openFiles, sealFiles } from './sealed-files.ts';

type Row = Record<string, unknown>;

/**
 * Sealed offers at rest (the entity's `sealed` declaration): what a supplier offers on a sealed
 * document is written encrypted, its plain columns empty, so every way rows leave the database
 * (lists, reports and their views, the SQL console, exports, a dump, a backup) finds nothing to
 * show until the opening writes the values plain. This module is the only one that reads or
 * writes an envelope.
 */

function sealedOf(e: EntityDecl): EntitySealed {
  if (!e.sealed || !e.supplierField) throw new Error(`${e.name} declares no sealed offer`);
  return e.sealed;
}

/** What one envelope's ciphertext belongs to: the entity, the envelope, the document, the supplier and the bound fields. */
function aadOf(e: EntityDecl, envelope: string, row: Row): string {
  const s = sealedOf(e);
  return [e.name, envelope, ...[s.document, e.supplierField!, ...s.bind].map((f) => `${f}=${String(row[f] ?? '')}`)].join('|');
}

/** Values travel inside an envelope as the database's own text, so they come back exactly (no float on the way). */
const asText = (v: unknown): string | null => (v === null || v === undefined || v === '' ? null : typeof v === 'object' ? JSON.stringify(v) : String(v));

/**
 * The values to write for a row of a sealed document instead of `values`: each envelope's fields
 * empty and its private field the ciphertext of them (null when the offer leaves them all empty).
 * `values` must name the document, the supplier and the bound fields.
 */
export async function sealValues(tx: Queryable, ring: KeyRing, e: EntityDecl, tenantId: number, values: Row, storageDir?: string): Promise<Row> {
  const s = sealedOf(e);
  const key = await documentKey(tx, ring, e.name, Number(values[s.document]), tenantId, true);
  if (storageDir) await sealFiles(tx, ring, storageDir, e, Number(values[s.document]), tenantId, attachmentsOf(e, values, Object.keys(s.envelopes)));
  const out: Row = { ...values };
  for (const [name, env] of Object.entries(s.envelopes)) {
    const plain: Record<string, string | null> = {};
    for (const f of env.fields) {
      plain[f] = asText(values[f]);
      out[f] = null;
    }
    out[env.field] = Object.values(plain).every((v) => v === null) ? null : encrypt(key, Buffer.from(JSON.stringify(plain), 'utf8'), aadOf(e, name, values));
  }
  return out;
}

/** The attachment UUIDs an offer's envelopes name (their files are sealed and opened with them). */
function attachmentsOf(e: EntityDecl, values: Row, envelopes: string[]): string[] {
  const fields = new Set(envelopes.flatMap((n) => sealedOf(e).envelopes[n]!.fields));
  return e.fields.filter((f) => f.type === 'attachment' && fields.has(f.name) && typeof values[f.name] === 'string' && values[f.name] !== '').map((f) => String(values[f.name]));
}

/** The envelopes' plain values of one stored row (document key given), by field. */
function openRow(e: EntityDecl, key: Buffer, row: Row, envelopes: string[]): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  for (const name of envelopes) {
    const env = sealedOf(e).envelopes[name]!;
    const text = row[env.field];
    if (typeof text === 'string') Object.assign(out, JSON.parse(decrypt(key, text, aadOf(e, name, row)).toString('utf8')));
  }
  return out;
}

/** The stored rows of `where` with their envelopes and what binds them, as the envelopes were sealed. */
async function storedRows(tx: Queryable, e: EntityDecl, where: string, params: unknown[]): Promise<Row[]> {
  const s = sealedOf(e);
  const envs = Object.values(s.envelopes).map((x) => x.field);
  const cols = [e.primaryKey, s.document, e.supplierField!, ...s.bind, ...envs];
  const sql = `select ${[...new Set(cols)].map((f) => `${ident(columnOf(f))}::text as "${f}"`).join(', ')}, tenant_id::float8 as "tenantId"
                 from ${ident(e.table)} where (${envs.map((c) => `${ident(columnOf(c))} is not null`).join(' or ')}) and ${where}`;
  return (await tx.query<Row>(sql, params)).rows;
}

/** Plain values as a list answers them (types and formats of the entity's select list). */
async function asListed(db: Queryable, e: EntityDecl, plain: Record<string, string | null>): Promise<Row> {
  const fields = e.fields.filter((f) => f.name in plain);
  if (!fields.length) return {};
  const inner = fields.map((f, i) => `$${i + 1}::${sqlType(f).replace(/\s.*$/, '')} as ${ident(columnOf(f.name))}`).join(', ');
  return (await db.query<Row>(`select ${fields.map((f) => selectField(f)).join(', ')} from (select ${inner}) t`, fields.map((f) => plain[f.name]))).rows[0]!;
}

/**
 * A supplier reads back its own sealed offer (to revise it before the deadline): rows of `rows`
 * that the caller's suppliers offered get their envelopes' values; everyone else's stay empty.
 */
export async function revealOwnSealed(db: Queryable, ring: KeyRing, e: EntityDecl, scope: Scope, rows: Row[]): Promise<void> {
  const own = new Set(scope.auth.supplierIds ?? []);
  if (!e.sealed || !own.size) return;
  const mine = rows.filter((r) => own.has(Number(r[e.supplierField!])));
  if (!mine.length) return;
  const stored = await storedRows(db, e, `${ident(columnOf(e.primaryKey))} = any($1::bigint[])`, [mine.map((r) => r[e.primaryKey])]);
  const keys = new Map<string, Buffer | undefined>();
  for (const s of stored) {
    const doc = String(s[e.sealed.document]);
    if (!keys.has(doc)) keys.set(doc, await documentKey(db, ring, e.name, Number(doc), Number(s.tenantId), false));
    const key = keys.get(doc);
    if (!key) continue;
    let plain: Record<string, string | null>;
    try {
      plain = openRow(e, key, s, Object.keys(e.sealed.envelopes));
    } catch {
      continue; // altered in the database: shown empty; the opening says so
    }
    const values = await asListed(db, e, plain);
    Object.assign(mine.find((r) => String(r[e.primaryKey]) === String(s[e.primaryKey]))!, values);
  }
}

/**
 * Opens the envelopes `envelopes` of a document's rows (those of `where` too, when given: a round,
 * the suppliers whose technical bid passed): their values are written plain, the envelopes emptied,
 * and once no envelope of the document remains sealed its key is destroyed. Runs in the opening's
 * transaction, so an opening that fails leaves everything sealed.
 */
export async function openEnvelopes(tx: Queryable, ring: KeyRing, e: EntityDecl, documentId: number, envelopes: string[], where?: { sql: string; params: unknown[] }, storageDir?: string): Promise<number> {
  const s = sealedOf(e);
  const docCol = ident(columnOf(s.document));
  const params: unknown[] = [documentId, ...(where?.params ?? [])];
  const rows = await storedRows(tx, e, `${docCol} = $1${where ? ` and (${where.sql})` : ''}`, params);
  let count = 0;
  if (rows.length) {
    const key = await documentKey(tx, ring, e.name, documentId, Number(rows[0]!.tenantId), false);
    if (!key) throw new Error(`${e.name} of document ${documentId}: sealed offers whose key is gone`);
    // Every envelope is opened before anything is written: one altered envelope leaves all sealed.
    const opened = rows.map((row) => {
      try {
        return { row, plain: openRow(e, key, row, envelopes) };
      } catch {
        // Moved, altered or sealed elsewhere: the opening stops and says which.
        throw new HttpError(409, 'seal.error.tampered', `The sealed offer ${e.name} ${String(row[e.primaryKey])} of supplier ${String(row[e.supplierField!])} does not open: it was altered in the database`);
      }
    });
    if (storageDir) await openFiles(tx, ring, storageDir, Number(rows[0]!.tenantId), opened.flatMap((o) => attachmentsOf(e, o.plain, envelopes)));
    for (const { row, plain } of opened) {
      const sets = Object.keys(plain).map((f, i) => `${ident(columnOf(f))} = $${i + 2}`);
      const clear = envelopes.map((n) => `${ident(columnOf(s.envelopes[n]!.field))} = null`);
      await tx.query(`update ${ident(e.table)} set ${[...sets, ...clear].join(', ')} where ${ident(columnOf(e.primaryKey))} = $1`, [row[e.primaryKey], ...Object.values(plain)]);
      count++;
    }
  }
  const envs = Object.values(s.envelopes).map((x) => `${ident(columnOf(x.field))} is not null`);
  const left = await tx.query(`select 1 from ${ident(e.table)} where ${docCol} = $1 and (${envs.join(' or ')}) limit 1`, [documentId]);
  if (!left.rows.length) await destroyDocumentKey(tx, e.name, documentId);
  return count;
}

/**
 * Seals rows already written plain (demo data, databases from before sealing at rest): the rows of
 * the document matching `where` whose envelopes are still empty.
 */
export async function sealStoredRows(tx: Queryable, ring: KeyRing, e: EntityDecl, documentId: number, where = 'true', params: unknown[] = []): Promise<number> {
  const s = sealedOf(e);
  const plainCols = Object.values(s.envelopes).flatMap((x) => x.fields);
  const cols = [e.primaryKey, s.document, e.supplierField!, ...s.bind, ...plainCols];
  const envEmpty = Object.values(s.envelopes).map((x) => `${ident(columnOf(x.field))} is null`).join(' and ');
  const rows = (await tx.query<Row>(
    `select ${[...new Set(cols)].map((f) => `${ident(columnOf(f))}::text as "${f}"`).join(', ')}, tenant_id::float8 as "tenantId" from ${ident(e.table)}
      where ${ident(columnOf(s.document))} = $1 and ${envEmpty} and (${where})`,
    [documentId, ...params],
  )).rows;
  for (const row of rows) {
    const sealed = await sealValues(tx, ring, e, Number(row.tenantId), row);
    const write = [...plainCols, ...Object.values(s.envelopes).map((x) => x.field)];
    await tx.query(`update ${ident(e.table)} set ${write.map((f, i) => `${ident(columnOf(f))} = $${i + 2}`).join(', ')} where ${ident(columnOf(e.primaryKey))} = $1`, [row[e.primaryKey], ...write.map((f) => sealed[f])]);
  }
  return rows.length;
}
