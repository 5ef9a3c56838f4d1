import { createHash } from 'node:crypto';

/**
 * The bid log's entries and their hashes: pure, no database. Each document (an RFx, a tender) has
 * one chain; an entry's hash covers its own fields and the previous entry's hash, so changing,
 * removing or inserting an entry anywhere but after the tail breaks every later link.
 */

/** The documents that keep a bid log, by entity name. */
export const BID_LOG_DOCUMENTS = ['rfxHeader', 'tenderHeader'] as const;
export type BidLogDocument = (typeof BID_LOG_DOCUMENTS)[number];

export const BID_EVENTS = ['submit', 'revise', 'withdraw', 'open', 'hand-out', 'score', 'confirm', 'award'] as const;
export type BidEvent = (typeof BID_EVENTS)[number];

/** A supplier's own acts on its offer: the only entries naming a supplier, and the only ones written while bids are sealed. */
export const OFFER_EVENTS: readonly BidEvent[] = ['submit', 'revise', 'withdraw'];

/** The previous hash of a chain's first entry. */
export const GENESIS = '0'.repeat(64);

/** JSON values only: what a detail may hold (a jsonb column gives back exactly these). */
export type Json = string | number | boolean | null | Json[] | { [k: string]: Json };

/** What an entry's hash covers, in this order. */
export interface ChainFields {
  documentEntity: string;
  documentId: number;
  seq: number;
  event: string;
  actorUserId: number;
  supplierId: number | null;
  /** The instant as `Date.toISOString()` gives it (UTC, milliseconds). */
  occurredAt: string;
  detail: { [k: string]: Json };
  prevHash: string;
}

export interface ChainEntry extends ChainFields {
  hash: string;
}

/**
 * JSON with every object's keys sorted, at every depth: jsonb keeps its own key order, so the
 * text hashed on append and the text recomputed from a read must not depend on it.
 */
export function canonicalJson(v: unknown): string {
  if (v === null || typeof v !== 'object') {
    if (typeof v === 'number' && !Number.isFinite(v)) throw new Error('a bid log detail holds finite numbers only');
    return JSON.stringify(v ?? null);
  }
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`;
  const o = v as Record<string, unknown>;
  return `{${Object.keys(o)
    .filter((k) => o[k] !== undefined)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${canonicalJson(o[k])}`)
    .join(',')}}`;
}

export function entryHash(e: ChainFields): string {
  const fields = [e.documentEntity, e.documentId, e.seq, e.event, e.actorUserId, e.supplierId, e.occurredAt, e.detail, e.prevHash];
  return createHash('sha256').update(canonicalJson(fields)).digest('hex');
}

/** SHA-256 of a value's canonical JSON: the digest an `open` entry keeps of each opened bid. */
export function digestOf(v: unknown): string {
  return createHash('sha256').update(canonicalJson(v)).digest('hex');
}

export interface ChainCheck {
  verified: boolean;
  /** The seq of the first entry whose link does not hold; null when every link holds. */
  brokenAt: number | null;
  reason?: string;
}

/**
 * Recomputes every hash and checks every link of one document's entries (in seq order): the seqs
 * run 1, 2, 3 … without a gap, each prev hash is the previous entry's hash (the first's GENESIS),
 * and each stored hash is the hash of the entry's fields.
 */
export function checkChain(entries: readonly ChainEntry[]): ChainCheck {
  let prev = GENESIS;
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i]!;
    if (e.seq !== i + 1) return { verified: false, brokenAt: i + 1, reason: `seq ${i + 1} is missing (found ${e.seq})` };
    if (e.prevHash !== prev) return { verified: false, brokenAt: e.seq, reason: `seq ${e.seq} does not link to ${i === 0 ? 'the start of the chain' : `seq ${i}`}` };
    if (entryHash(e) !== e.hash) return { verified: false, brokenAt: e.seq, reason: `seq ${e.seq} does not match its hash` };
    prev = e.hash;
  }
  return { verified: true, brokenAt: null };
}
