import type { Queryable } from '../db/database.ts';
import { type ChainCheck, type ChainEntry, checkChain } from './chain.ts';

/** The stored entry as hashed: ids as numbers, the instant exactly as `toISOString` wrote it. */
const ENTRY_COLUMNS = `document_entity as "documentEntity", document_id::float8 as "documentId", seq, event, actor_user_id::float8 as "actorUserId",
  supplier_id::float8 as "supplierId", detail, to_char(occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "occurredAt",
  prev_hash as "prevHash", hash`;

const parsed = (rows: ChainEntry[]): ChainEntry[] => rows.map((r) => ({ ...r, detail: typeof r.detail === 'string' ? JSON.parse(r.detail) : r.detail }));

/** A document's entries in seq order. */
export async function readChain(db: Queryable, documentEntity: string, documentId: number): Promise<ChainEntry[]> {
  return parsed((await db.query<ChainEntry>(`select ${ENTRY_COLUMNS} from ssrc_bid_log where document_entity = $1 and document_id = $2 order by seq`, [documentEntity, documentId])).rows);
}

export interface ChainReport extends ChainCheck {
  entries: ChainEntry[];
}

/** A document's entries and the first link that does not hold, every hash recomputed. */
export async function verifyChain(db: Queryable, documentEntity: string, documentId: number): Promise<ChainReport> {
  const entries = await readChain(db, documentEntity, documentId);
  return { entries, ...checkChain(entries) };
}

export interface BrokenChain {
  documentEntity: string;
  documentId: number;
  brokenAt: number;
  reason: string;
}

export interface VerifyAllReport {
  chains: number;
  entries: number;
  broken: BrokenChain[];
}

/** Every chain of the database (all tenants), read one document at a time so a big log is never held at once. */
export async function verifyAll(db: Queryable): Promise<VerifyAllReport> {
  const exists = (await db.query<{ t: string | null }>("select to_regclass('ssrc_bid_log')::text as t")).rows[0]?.t;
  const out: VerifyAllReport = { chains: 0, entries: 0, broken: [] };
  if (!exists) return out;
  const docs = (await db.query<{ e: string; id: number }>('select distinct document_entity as e, document_id::float8 as id from ssrc_bid_log order by 1, 2')).rows;
  for (const d of docs) {
    const r = await verifyChain(db, d.e, d.id);
    out.chains++;
    out.entries += r.entries.length;
    if (!r.verified) out.broken.push({ documentEntity: d.e, documentId: d.id, brokenAt: r.brokenAt!, reason: r.reason ?? 'broken' });
  }
  return out;
}

/** What `npm run verify:bids` prints, and its exit code (1 when any chain is broken). */
export async function verifyBidsReport(db: Queryable): Promise<{ lines: string[]; exitCode: number }> {
  const r = await verifyAll(db);
  const lines = [`bid log: ${r.chains} chain${r.chains === 1 ? '' : 's'} checked, ${r.entries} entr${r.entries === 1 ? 'y' : 'ies'}, ${r.broken.length} broken`];
  for (const b of r.broken) lines.push(`  broken: ${b.documentEntity} ${b.documentId} at seq ${b.brokenAt}: ${b.reason}`);
  return { lines, exitCode: r.broken.length ? 1 : 0 };
}
