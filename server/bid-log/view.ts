import type { Queryable } from '../db/database.ts';
import { type ChainEntry, type Json, OFFER_EVENTS } from './chain.ts';
import { verifyChain } from './verify.ts';

/** The document's own events a supplier is shown: what was opened and what was awarded. */
const SUPPLIER_DOCUMENT_EVENTS = ['open', 'award'];

export interface BidLogAnswer {
  /** Names for people reading it, looked up now: not part of what the hashes cover. */
  entries: Array<ChainEntry & { actorName: string | null; supplierName: string | null; lotName: string | null }>;
  verified: boolean;
  brokenAt: number | null;
  reason?: string;
}

const isOwn = (v: Json, own: Set<number>) => typeof v !== 'object' || v === null || Array.isArray(v) || !('supplierId' in v) || own.has(Number(v.supplierId));

/** A document-wide entry as a supplier sees it: of its per-supplier lists (bids opened, awards) only its own items. */
function narrowed(e: ChainEntry, own: Set<number>): ChainEntry {
  const detail: ChainEntry['detail'] = {};
  for (const [k, v] of Object.entries(e.detail)) detail[k] = Array.isArray(v) ? v.filter((x) => isOwn(x, own)) : v;
  return { ...e, detail };
}

/**
 * A document's bid log as the caller may read it: the buyer side every entry; a supplier-side
 * caller (`supplierIds`) its own suppliers' offer entries and the openings and awards, each naming
 * its own bids only. Whether the chain holds is always judged on every entry, as stored.
 */
export async function bidLogAnswer(db: Queryable, documentEntity: string, documentId: number, supplierIds: number[] | null | undefined): Promise<BidLogAnswer> {
  const chain = await verifyChain(db, documentEntity, documentId);
  let entries = chain.entries;
  if (supplierIds) {
    const own = new Set(supplierIds);
    entries = entries
      .filter((e) => (e.supplierId !== null ? own.has(e.supplierId) && OFFER_EVENTS.includes(e.event as never) : SUPPLIER_DOCUMENT_EVENTS.includes(e.event)))
      .map((e) => (e.supplierId === null ? narrowed(e, own) : e));
  }
  const users = [...new Set(entries.map((e) => e.actorUserId))];
  const suppliers = [...new Set(entries.map((e) => e.supplierId).filter((x): x is number => x !== null))];
  const userNames = new Map((await db.query<{ id: number; name: string }>('select id::float8 as id, real_name as name from iam_user where id = any($1::bigint[])', [users])).rows.map((r) => [Number(r.id), r.name]));
  const lots = [...new Set(entries.map((e) => e.detail.sectionId).filter((x): x is number => typeof x === 'number'))];
  const lotNames = new Map((await db.query<{ id: number; name: string }>("select section_id::float8 as id, section_num || ' ' || section_name as name from tender_section where section_id = any($1::bigint[])", [lots])).rows.map((r) => [Number(r.id), r.name]));
  const supplierNames = new Map((await db.query<{ id: number; name: string }>('select supplier_id::float8 as id, supplier_name as name from sslm_supplier where supplier_id = any($1::bigint[])', [suppliers])).rows.map((r) => [Number(r.id), r.name]));
  return {
    entries: entries.map((e) => ({ ...e, actorName: userNames.get(e.actorUserId) ?? null, supplierName: e.supplierId === null ? null : (supplierNames.get(e.supplierId) ?? null), lotName: lotNames.get(Number(e.detail.sectionId)) ?? null })),
    verified: chain.verified,
    brokenAt: chain.brokenAt,
    ...(chain.reason ? { reason: chain.reason } : {}),
  };
}
