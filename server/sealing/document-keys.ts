import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/database.ts';
import { decrypt, encrypt } from './cipher.ts';
import type { KeyRing } from './key-ring.ts';

/** What a wrapped key belongs to: a wrapped key moved to another document does not unwrap. */
const wrapAad = (entity: string, id: number) => `seal-document-key|${entity}|${id}`;

function unwrap(ring: KeyRing, entity: string, id: number, keyId: string, wrapped: string): Buffer {
  const kek = ring.byId.get(keyId);
  if (!kek) throw new Error(`The sealed offers of ${entity} ${id} were sealed under server key ${keyId}, which this server is not given (SEAL_KEY / SEAL_KEYS_RETIRED)`);
  return decrypt(kek, wrapped, wrapAad(entity, id));
}

/**
 * The data key of a document's sealed offers; `create` makes one when there is none (the first
 * offer sealed). Two suppliers sealing at once agree on the key written first.
 */
export async function documentKey(tx: Queryable, ring: KeyRing, entity: string, id: number, tenantId: number, create: true): Promise<Buffer>;
export async function documentKey(tx: Queryable, ring: KeyRing, entity: string, id: number, tenantId: number, create: false): Promise<Buffer | undefined>;
export async function documentKey(tx: Queryable, ring: KeyRing, entity: string, id: number, tenantId: number, create: boolean): Promise<Buffer | undefined> {
  const read = async () => (await tx.query<{ k: string; w: string }>('select key_id as k, wrapped_key as w from seal_document_key where document_entity = $1 and document_id = $2', [entity, id])).rows[0];
  let row = await read();
  if (!row && create) {
    await tx.query(
      'insert into seal_document_key (document_entity, document_id, tenant_id, key_id, wrapped_key) values ($1, $2, $3, $4, $5) on conflict do nothing',
      [entity, id, tenantId, ring.current.id, encrypt(ring.current.key, randomBytes(32), wrapAad(entity, id))],
    );
    row = await read();
  }
  return row ? unwrap(ring, entity, id, row.k, row.w) : undefined;
}

/** Deletes a document's key once nothing sealed under it remains: copies of the database then hold nothing it could open. */
export async function destroyDocumentKey(tx: Queryable, entity: string, id: number): Promise<void> {
  await tx.query('delete from seal_document_key where document_entity = $1 and document_id = $2', [entity, id]);
}

/** Wraps every document key that a retired server key wrapped again under the current one (at start). */
export async function rewrapRetired(db: Queryable, ring: KeyRing): Promise<number> {
  const old = (await db.query<{ e: string; id: number; k: string; w: string }>('select document_entity as e, document_id::float8 as id, key_id as k, wrapped_key as w from seal_document_key where key_id <> $1', [ring.current.id])).rows;
  let n = 0;
  for (const r of old) {
    if (!ring.byId.has(r.k)) continue;
    const key = unwrap(ring, r.e, r.id, r.k, r.w);
    await db.query('update seal_document_key set key_id = $3, wrapped_key = $4 where document_entity = $1 and document_id = $2 and key_id = $5', [r.e, r.id, ring.current.id, encrypt(ring.current.key, key, wrapAad(r.e, r.id)), r.k]);
    n++;
  }
  return n;
}
