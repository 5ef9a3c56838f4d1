import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { HistoryEntry } from '../../../renderer/schema/history.ts';
import type { ServerContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { notFound } from '../../http/errors.ts';
import { registerListFilter } from '../../resources/hooks.ts';
import { EntityRepository } from '../../resources/repository.ts';
import { registerRecordReader } from '../../resources/record-readers.ts';
import { readOneThroughList, refuseSealedQuery } from '../../resources/sealed.ts';
import type { Scope } from '../../resources/scope.ts';
import { expertSide, maskBids, SEALED_COMMERCIAL, SEALED_TECHNICAL } from './sealing.ts';
import { ENVELOPE_FIELDS } from './statuses.ts';
import { defineRoute } from '../../http/module-route.ts';

type Row = Record<string, unknown>;

/**
 * A tender and its lots reach the supplier side once its notice was published: an open tender is
 * every supplier's to sign up for, so no invitation narrows it (sign-ups and bids carry their
 * supplier and are narrowed by `supplierField`). Clarification letters reach a supplier once
 * released, for tenders it is qualified on; an award once its decision is approved. An expert
 * reaches the bids and tenders handed out to them only.
 */
registerListFilter(async (e, scope, params, db) => {
  if (e.name === 'auditLog') {
    // No audit entry of a bid shows before its commercial envelope is opened, whoever asks.
    return [`not (t.entity_name = 'tenderBid' and exists (select 1 from tender_bid sb join tender_header sh on sh.tender_header_id = sb.tender_header_id
      where sb.bid_id = t.record_id and coalesce(sb.round_number, 1) > coalesce(sh.commercial_round, 0)))`];
  }
  if (scope.auth.supplierIds) {
    if (e.name === 'tenderHeader' || e.name === 'tenderSection') {
      // Published once is public for good (paused, opened, closed later); closed before its notice, never.
      return ['exists (select 1 from tender_header ph where ph.tender_header_id = t.tender_header_id and ph.published_date is not null)'];
    }
    if (e.name === 'tenderClarifyLetter') {
      params.push(scope.auth.supplierIds);
      return [`t.clarify_status = 'RELEASED' and exists (select 1 from tender_supplier cs where cs.tender_header_id = t.tender_header_id and cs.signup_status = 'QUALIFIED' and cs.supplier_id = any($${params.length}::bigint[]))`];
    }
    if (e.name === 'tenderAward') return ["exists (select 1 from tender_decision ad where ad.decision_id = t.decision_id and ad.decision_status = 'APPROVED')"];
    return [];
  }
  if (e.name === 'tenderExpert' && (await expertSide(db, scope))) {
    params.push(scope.auth.userId);
    return [`t.user_id = $${params.length}`];
  }
  if ((e.name === 'tenderBid' || e.name === 'tenderHeader') && (await expertSide(db, scope))) {
    params.push(scope.auth.userId);
    return [`exists (select 1 from tender_expert xe join tender_header xh on xh.tender_header_id = xe.tender_header_id
      where xe.tender_header_id = t.tender_header_id and xe.user_id = $${params.length} and xh.tender_status in ('EVALUATING', 'SCORED', 'AWARDED'))`];
  }
  return [];
});

// A bid's attachments are seen as the bid is: sealed envelopes and an expert's other envelope stay closed (hfile asks).
registerRecordReader('tenderBid', { mask: maskBids });

/** Which tenders of `ids` still seal their bids: every one whose current round's commercial envelopes are not opened. */
export async function sealedTenders(db: Queryable, ids: readonly number[]): Promise<Set<number>> {
  const r = await db.query<{ id: number }>('select tender_header_id::float8 as id from tender_header where tender_header_id = any($1::bigint[]) and coalesce(commercial_round, 0) < coalesce(round_number, 1)', [ids]);
  return new Set(r.rows.map((x) => Number(x.id)));
}

/**
 * Reads answered here before the generic paths: a tender or lot by id through the list query (so
 * the supplier side gets a draft by id no more than in a list), bids masked until opening, and a
 * bid's change history masked the same way (the generic history path would show logged values).
 */
export async function visibilityRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const idParams = { type: 'object', properties: { tenantId: { type: 'integer' }, id: { type: 'integer', minimum: 1 } } };
  const bid = ctx.entities.get('tenderBid')!;
  const bids = new EntityRepository(bid, ctx);
  const byId = (url: string, entity: string) => defineRoute(app, ctx, { method: 'GET', url, schema: { params: idParams }, entity, access: 'read' }, readOneThroughList(ctx, ctx.entities.get(entity)!));
  byId('/ssrc/v1/:tenantId/bid/:id', 'tenderHeader');
  byId('/ssrc/v1/:tenantId/bid/sections/:id', 'tenderSection');
  // Released letters and approved awards reach the supplier side by id no more than in a list.
  byId('/ssrc/v1/:tenantId/bid/clarify-letters/:id', 'tenderClarifyLetter');
  byId('/ssrc/v1/:tenantId/bid/awards/:id', 'tenderAward');
  byId('/ssrc/v1/:tenantId/bid/experts/:id', 'tenderExpert');

  const bidRead = { method: 'GET', entity: 'tenderBid', access: 'read' } as const;
  const oneBid = async (req: FastifyRequest, scope: Scope) => {
    const id = Number((req.params as Row).id);
    const row = ((await bids.list(scope, { bidId: id, size: 1 })) as { content: Row[] }).content[0];
    if (!row) throw notFound(`tenderBid ${id} not found`);
    return { scope, row: (await maskBids(ctx.db, scope, [row], ctx.entities))[0]! };
  };
  defineRoute(app, ctx, { ...bidRead, url: '/ssrc/v1/:tenantId/bid-quotations/:id', schema: { params: idParams } }, async (req, scope) => (await oneBid(req, scope)).row);
  defineRoute(app, ctx, { ...bidRead, url: '/ssrc/v1/:tenantId/bid-quotations' }, async (req, scope) => {
    const q = req.query as Row;
    refuseSealedQuery(q, ENVELOPE_FIELDS, 'bids', 'the opening record lists the bids once opened');
    const page = (await bids.list(scope, q)) as { content: Row[] };
    await maskBids(ctx.db, scope, page.content, ctx.entities);
    return page;
  });
  defineRoute(app, ctx, { ...bidRead, url: '/ssrc/v1/:tenantId/bid-quotations/:id/history', schema: { params: idParams } }, async (req, scope): Promise<HistoryEntry[]> => {
    const { row } = await oneBid(req, scope);
    const entries = (await ctx.db.query<HistoryEntry>(
      `select audit_id::float8 as "auditId", action, login_name as "loginName", changes, to_char(audit_date, 'YYYY-MM-DD HH24:MI:SS') as "auditDate"
         from hpfm_audit_log where entity_name = 'tenderBid' and record_id = $1 and tenant_id = $2 order by audit_date desc, audit_id desc limit 50`,
      [row.bidId, scope.tenantId],
    )).rows;
    // The row as masked tells which envelopes are still sealed for this caller; a logged change of one says no more than the row.
    const sealed = [...SEALED_TECHNICAL.fields, ...SEALED_COMMERCIAL.fields].filter((f) => row[f] === null);
    for (const e of entries) {
      const changes = (typeof e.changes === 'string' ? JSON.parse(e.changes) : e.changes) as Row | null;
      if (!changes) continue;
      for (const f of sealed) if (f in changes) changes[f] = null;
      e.changes = changes as HistoryEntry['changes'];
    }
    return entries;
  });
}
