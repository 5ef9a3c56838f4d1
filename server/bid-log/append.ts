import type { Queryable } from '../db/database.ts';
import { type BidEvent, type BidLogDocument, type ChainEntry, entryHash, GENESIS, type Json } from './chain.ts';

/** Where each document keeps its tenant: the entry's tenant is the document's, never the caller's word. */
const DOCUMENT_TABLES: Record<BidLogDocument, { table: string; key: string }> = {
  rfxHeader: { table: 'ssrc_rfx_header', key: 'rfx_header_id' },
  tenderHeader: { table: 'tender_header', key: 'tender_header_id' },
};

export interface BidLogAppend {
  documentEntity: BidLogDocument;
  documentId: number;
  event: BidEvent;
  actorUserId: number;
  /** The supplier whose offer the event is about (submit, revise, withdraw); null for the document's own events. */
  supplierId?: number | null;
  /**
   * Metadata only while bids are sealed: lot, round, revision, counts — never a price, an amount,
   * a rate, a text or an attachment of an offer (the log is readable before opening).
   */
  detail?: { [k: string]: Json };
}

/**
 * Serialises the appends to one document's chain until the caller's transaction ends: the next
 * seq and prev hash are read after it, so two appends never both link to the same tail. Advisory
 * locks are re-entrant, so a caller may take it first and append after.
 */
export async function lockChain(tx: Queryable, documentEntity: BidLogDocument, documentId: number): Promise<void> {
  await tx.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [`bid-log|${documentEntity}|${documentId}`]);
}

/** Appends one event to its document's chain, inside the caller's transaction (the change and its entry commit or roll back together). */
export async function appendBidEvent(tx: Queryable, entry: BidLogAppend): Promise<ChainEntry> {
  await lockChain(tx, entry.documentEntity, entry.documentId);
  const doc = DOCUMENT_TABLES[entry.documentEntity];
  const tenant = (await tx.query<{ t: number }>(`select tenant_id::float8 as t from ${doc.table} where ${doc.key} = $1`, [entry.documentId])).rows[0];
  if (!tenant) throw new Error(`bid log: ${entry.documentEntity} ${entry.documentId} does not exist`);
  const tail = (await tx.query<{ seq: number; hash: string }>('select seq, hash from ssrc_bid_log where document_entity = $1 and document_id = $2 order by seq desc limit 1', [entry.documentEntity, entry.documentId])).rows[0];
  const e: Omit<ChainEntry, 'hash'> = {
    documentEntity: entry.documentEntity,
    documentId: entry.documentId,
    seq: (tail?.seq ?? 0) + 1,
    event: entry.event,
    actorUserId: entry.actorUserId,
    supplierId: entry.supplierId ?? null,
    occurredAt: new Date().toISOString(),
    // Through JSON once, so what is hashed is exactly what the jsonb column gives back (no undefined, no Date).
    detail: JSON.parse(JSON.stringify(entry.detail ?? {})) as ChainEntry['detail'],
    prevHash: tail?.hash ?? GENESIS,
  };
  const out = { ...e, hash: entryHash(e) };
  await tx.query(
    `insert into ssrc_bid_log (tenant_id, document_entity, document_id, seq, event, actor_user_id, supplier_id, detail, occurred_at, prev_hash, hash)
     values ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9::timestamptz, $10, $11)`,
    [tenant.t, out.documentEntity, out.documentId, out.seq, out.event, out.actorUserId, out.supplierId, JSON.stringify(out.detail), out.occurredAt, out.prevHash, out.hash],
  );
  return out;
}

/**
 * A supplier's offer sent: `submit` when it has no live offer of that round (and lot) in the
 * chain — none yet, or the last one withdrawn — else `revise`; the revision counts its offers of
 * that round and lot. Read from the chain under its lock, so it needs no state of the caller's.
 */
export async function appendOffer(tx: Queryable, o: Omit<BidLogAppend, 'event' | 'detail'> & { supplierId: number; detail: { round: number; sectionId?: number } & { [k: string]: Json } }): Promise<ChainEntry> {
  await lockChain(tx, o.documentEntity, o.documentId);
  const same = (await tx.query<{ event: string }>(
    `select event from ssrc_bid_log where document_entity = $1 and document_id = $2 and supplier_id = $3 and event in ('submit', 'revise', 'withdraw')
        and detail->>'round' = $4 and coalesce(detail->>'sectionId', '') = $5 order by seq`,
    [o.documentEntity, o.documentId, o.supplierId, String(o.detail.round), o.detail.sectionId === undefined ? '' : String(o.detail.sectionId)],
  )).rows.map((r) => r.event);
  const live = same.length > 0 && same[same.length - 1] !== 'withdraw';
  const revision = same.filter((x) => x !== 'withdraw').length + 1;
  return appendBidEvent(tx, { ...o, event: live ? 'revise' : 'submit', detail: { ...o.detail, revision } });
}
