import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { registerListFilter } from '../../resources/hooks.ts';
import { readThroughList, sealedList, type SealedRows } from '../../resources/sealed.ts';
import { ENVELOPE_FIELDS, OPENED_STATUSES } from './statuses.ts';

/**
 * A tender and its lots reach the supplier side once its notice was published: an open tender is
 * every supplier's to sign up for, so no invitation narrows it (sign-ups and bids carry their
 * supplier and are narrowed by `supplierField`).
 */
registerListFilter(async (e, scope) => {
  if (!scope.auth.supplierIds) return [];
  if (e.name !== 'tenderHeader' && e.name !== 'tenderSection') return [];
  // Published once is public for good (paused, opened, closed later); closed before its notice, never.
  return ['exists (select 1 from tender_header ph where ph.tender_header_id = t.tender_header_id and ph.published_date is not null)'];
});

/** Which tenders of `ids` still seal their bids: every one not yet opened. */
export async function sealedTenders(db: Queryable, ids: readonly number[]): Promise<Set<number>> {
  const r = await db.query<{ id: number }>('select tender_header_id::float8 as id from tender_header where tender_header_id = any($1::bigint[]) and not (tender_status = any($2::text[]))', [ids, OPENED_STATUSES]);
  return new Set(r.rows.map((x) => Number(x.id)));
}

/** What a bid seals, in the shared sealed-rows terms (server/resources/sealed.ts). */
export const SEALED_BIDS: SealedRows = { documentField: 'tenderHeaderId', supplierField: 'supplierId', fields: ENVELOPE_FIELDS, sealedDocuments: sealedTenders };

/**
 * Reads answered here before the generic paths: a tender or lot by id through the list query (so
 * the supplier side gets a draft by id no more than in a list), and bids masked until opening.
 */
export async function visibilityRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const idParams = { type: 'object', properties: { tenantId: { type: 'integer' }, id: { type: 'integer', minimum: 1 } } };
  const bid = ctx.entities.get('tenderBid')!;
  app.get('/ssrc/v1/:tenantId/bid/:id', { schema: { params: idParams } }, readThroughList(ctx, ctx.entities.get('tenderHeader')!));
  app.get('/ssrc/v1/:tenantId/bid/sections/:id', { schema: { params: idParams } }, readThroughList(ctx, ctx.entities.get('tenderSection')!));
  app.get('/ssrc/v1/:tenantId/bid-quotations/:id', { schema: { params: idParams } }, readThroughList(ctx, bid, SEALED_BIDS));
  app.get('/ssrc/v1/:tenantId/bid-quotations', sealedList(ctx, bid, SEALED_BIDS, 'bids', 'the opening record lists the bids once opened'));
}
