import type { FastifyInstance } from 'fastify';
import type { AuthContext, ServerContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { afterCommit } from '../../db/database.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { registerHooks } from '../../resources/hooks.ts';
import { checkEntityAccess } from '../../resources/permissions.ts';
import { EntityRepository } from '../../resources/repository.ts';
import { logTenderAward } from '../../bid-log/tender-events.ts';
import { sendMessages } from '../hmsg/message-store.ts';
import { refuse, statusRefusal } from './rules.ts';
import { createBranchConfirms, notifyBranchConfirms } from './stnd.ts';
import { defineRoute } from '../../http/module-route.ts';

type Row = Record<string, unknown>;
const params = { type: 'object', properties: { tenantId: { type: 'integer' }, id: { type: 'integer', minimum: 1 } } };

/** Where a tender is ready for its award decision: opened (lowest price) or with its scores confirmed (comprehensive score). */
const decidable = (status: string, method: string) => (method === 'COMPREHENSIVE' ? status === 'SCORED' : status === 'OPENED');

/**
 * The tender's decision: found, or prepared once the tender is ready for it (lowest price ranks the
 * bids by amount then). A tender has one decision, numbered as the tender is, so every tender page
 * and the decision's own (`decision/:id`, the workflow's `decisionWorkflow/:id`) name it alike.
 */
async function decisionOf(tx: Queryable, tenantId: number | null, tenderId: number, userId: number, prepare: boolean): Promise<number | undefined> {
  const found = (await tx.query<{ id: number }>('select decision_id::float8 as id from tender_decision where tender_header_id = $1 and tenant_id = $2', [tenderId, tenantId])).rows[0];
  if (found || !prepare) return found?.id;
  const t = (await tx.query<{ status: string; method: string; num: string }>('select tender_status as status, eval_method as method, tender_num as num from tender_header where tender_header_id = $1 and tenant_id = $2 for update', [tenderId, tenantId])).rows[0];
  if (!t) throw notFound(`Tender ${tenderId} not found`);
  if (!decidable(t.status, t.method)) return undefined;
  if (t.method !== 'COMPREHENSIVE') {
    await tx.query(
      `update tender_bid b set rank_num = r.rk from (select bid_id, rank() over (partition by section_id, round_number order by bid_amount asc) as rk from tender_bid
         where tender_header_id = $1 and bid_status = 'SUBMITTED') r where b.bid_id = r.bid_id`, [tenderId]);
  }
  const r = await tx.query<{ id: number }>(
    `insert into tender_decision (decision_id, tenant_id, tender_header_id, tender_num, tender_title, eval_method, round_number, decision_status, total_awarded, created_by, last_updated_by)
     select tender_header_id, tenant_id, tender_header_id, tender_num, tender_title, eval_method, coalesce(round_number, 1), 'NEW', 0, $2, $2 from tender_header where tender_header_id = $1
     returning decision_id::float8 as id`, [tenderId, userId]);
  return r.rows[0]!.id;
}

/**
 * The award decision (`/tender/tenderHall/decision/:id`): per lot one winning bid of the round
 * last opened, submitted for approval through the workflow (`TENDER_DECISION_APPROVAL`); once
 * approved the tender is awarded and each bidder is told their result (the winners what they
 * won, the others only that they did not) and each awarded lot naming a branch company waits for
 * that branch's confirmation. `resendMail` sends the result notices again.
 */
export async function decisionRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const decision = ctx.entities.get('tenderDecision')!;
  const repo = new EntityRepository(decision, ctx);

  const byBuyer = { by: 'buyer', byReason: 'The award decision is the buyer\'s', entity: 'tenderDecision' } as const;
  defineRoute(app, ctx, { method: 'GET', url: '/ssrc/v1/:tenantId/bid/:id/decision', schema: { params }, ...byBuyer, access: 'read' }, async (req, scope) => {
    const tenderId = Number((req.params as Row).id);
    // Prepared by its buyer's first look; an approver only reads one that exists.
    const buyer = await checkEntityAccess(ctx.db, decision, scope.auth, 'write').then(() => true, () => false);
    const id = await ctx.db.transaction((tx) => decisionOf(tx, scope.tenantId, tenderId, scope.auth.userId, buyer));
    if (id === undefined) throw notFound(`Tender ${tenderId} has no award decision yet: it is decided once opened (lowest price) or once its scores are confirmed`);
    return repo.get(scope, id);
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: '/ssrc/v1/:tenantId/bid/:id/awards',
    ...byBuyer,
    access: 'write',
    permission: { code: 'tender.tenderHall.list.button.submit', what: 'award a lot' },
    schema: { params, body: { type: 'object', required: ['bidId'], properties: { bidId: { type: 'integer', minimum: 1 }, awardedAmount: { anyOf: [{ type: 'number', minimum: 0 }, { type: 'string', pattern: '^\\d{1,15}(\\.\\d{1,2})?$' }, { type: 'null' }] } } } },
  }, async (req, scope) => {
    const tenderId = Number((req.params as Row).id);
    const b = req.body as { bidId: number; awardedAmount?: number | string | null };
    return ctx.db.transaction(async (tx) => {
      const id = await decisionOf(tx, scope.tenantId, tenderId, scope.auth.userId, true);
      if (id === undefined) throw statusRefusal(`Tender ${tenderId} is not ready for an award decision`);
      const d = (await tx.query<{ status: string }>('select decision_status as status from tender_decision where decision_id = $1 for update', [id])).rows[0]!;
      if (!(d.status in (ctx.entities.get('tenderDecision')!.status!.editable ?? {}))) throw statusRefusal(`The award decision is ${d.status}: it is changed while new or rejected`);
      const bid = (await tx.query<Row>(
        `select b.bid_id::float8 as "bidId", b.section_id::float8 as "sectionId", b.section_num::int as "sectionNum", b.section_name as "sectionName", b.supplier_id::float8 as "supplierId",
                b.supplier_name as "supplierName", b.bid_amount::text as amount, b.score_total::text as score, b.bid_status as status, case when b.veto_flag = 1 then coalesce(b.veto_reason, 'veto') end as veto,
                coalesce(b.round_number, 1) = coalesce(h.round_number, 1) as current, coalesce(h.commercial_round, 0) >= coalesce(b.round_number, 1) as opened,
                (coalesce(h.two_stage_flag, 0) = 0 or exists (select 1 from tender_supplier s where s.tender_header_id = b.tender_header_id and s.supplier_id = b.supplier_id and s.tech_pass_flag = 1)) as passed,
                h.tender_num as "tenderNum", h.tender_title as "tenderTitle"
           from tender_bid b join tender_header h on h.tender_header_id = b.tender_header_id where b.bid_id = $1 and b.tender_header_id = $2`, [b.bidId, tenderId])).rows[0];
      if (!bid) throw refuse('bidId', `bidId ${b.bidId} is not a bid on tender ${tenderId}`);
      if (bid.veto) throw refuse('bidId', `bidId ${b.bidId} failed a veto item (${String(bid.veto)}) and cannot be awarded`);
      if (bid.status !== 'SUBMITTED' || !bid.current || !bid.opened || !bid.passed) throw refuse('bidId', `bidId ${b.bidId} is not an opened bid of the last round${bid.passed ? '' : ' (its technical bid did not pass)'}`);
      const amount = b.awardedAmount === undefined || b.awardedAmount === null || b.awardedAmount === '' ? bid.amount : String(b.awardedAmount);
      await tx.query('delete from tender_award where decision_id = $1 and section_id = $2', [id, bid.sectionId]);
      await tx.query(
        `insert into tender_award (tenant_id, decision_id, tender_header_id, tender_num, tender_title, section_id, section_num, section_name, bid_id, supplier_id, supplier_name, awarded_amount, score_total, decision_status, created_by, last_updated_by)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12::numeric, $13::numeric, $14, $15, $15)`,
        [scope.tenantId, id, tenderId, bid.tenderNum, bid.tenderTitle, bid.sectionId, bid.sectionNum, bid.sectionName, bid.bidId, bid.supplierId, bid.supplierName, amount, bid.score, d.status, scope.auth.userId]);
      await tx.query('update tender_bid set award_flag = case when bid_id = $2 then 1 else 0 end where tender_header_id = $1 and section_id = $3', [tenderId, bid.bidId, bid.sectionId]);
      await tx.query('update tender_decision set total_awarded = (select coalesce(sum(awarded_amount), 0) from tender_award where decision_id = $1), object_version_number = object_version_number + 1, last_update_date = now() where decision_id = $1', [id]);
      return { decisionId: id, tenderHeaderId: tenderId, sectionId: bid.sectionId, bidId: bid.bidId, supplierId: bid.supplierId, awardedAmount: amount };
    });
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: '/ssrc/v1/:tenantId/bid/decisions/:id/notices',
    schema: { params },
    by: 'buyer',
    byReason: 'Result notices are the buyer\'s',
    entity: 'tenderDecision',
    access: 'read',
    permission: { code: 'tender.resendMail.button.send', what: 'send result notices' },
  }, async (req, scope) => {
    const id = Number((req.params as Row).id);
    return ctx.db.transaction(async (tx) => {
      const d = (await tx.query<Row>('select decision_id::float8 as "decisionId", tender_header_id::float8 as "tenderHeaderId", tender_num as "tenderNum", tender_title as "tenderTitle", decision_status as status from tender_decision where decision_id = $1 and tenant_id = $2', [id, scope.tenantId])).rows[0];
      if (!d) throw notFound(`tenderDecision ${id} not found`);
      if (d.status !== 'APPROVED') throw statusRefusal(`The decision on ${String(d.tenderNum)} is ${String(d.status)}: results are notified once it is approved`);
      const sent = await notifyResults(tx, ctx, Number(scope.tenantId), d, scope.auth);
      return { decisionId: id, recipients: sent };
    });
  });
}

/** Tells every bidder of the tender its result: a winner the lots it won, the others only that they did not win. */
async function notifyResults(tx: Queryable, ctx: ServerContext, tenantId: number, d: Row, auth: AuthContext): Promise<number> {
  const bidders = (await tx.query<{ supplierId: number; userId: number; lots: string | null }>(
    `select s.supplier_id::float8 as "supplierId", su.user_id::float8 as "userId",
            (select string_agg(a.section_name, ', ' order by a.section_num) from tender_award a where a.decision_id = $2 and a.supplier_id = s.supplier_id) as lots
       from tender_supplier s join sslm_supplier_user su on su.supplier_id = s.supplier_id and su.tenant_id = s.tenant_id
      where s.tender_header_id = $1 and s.signup_status = 'QUALIFIED' and coalesce(su.enabled_flag, 1) = 1`, [d.tenderHeaderId, d.decisionId])).rows;
  const num = String(d.tenderNum);
  for (const won of [true, false]) {
    const userIds = bidders.filter((x) => !!x.lots === won).map((x) => x.userId);
    if (!userIds.length) continue;
    for (const u of userIds) {
      const lots = bidders.find((x) => x.userId === u)?.lots;
      const m = { userIds: [u], subject: (won ? `${num}: you are awarded ${lots}` : `${num}: the tender was awarded to another bidder`).slice(0, 240), content: `<p>${num} · ${String(d.tenderTitle).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)}</p>`, typeCode: 'MSG', categoryCode: 'SYSTEM', fromUserId: auth.userId, fromUserName: auth.loginName };
      afterCommit(tx, () => sendMessages(ctx, tenantId, m));
    }
  }
  await tx.query('update tender_decision set notice_sent_date = now() where decision_id = $1', [d.decisionId]);
  return bidders.length;
}

registerHooks('tenderDecision', {
  async beforeWrite(current, action, { tx }) {
    if (action === 'delete') throw forbidden('An award decision is not deleted');
    if (action !== 'submit') return;
    const t = (await tx.query<{ status: string; method: string; num: string; round: number }>('select tender_status as status, eval_method as method, tender_num as num, coalesce(round_number, 1)::int as round from tender_header where tender_header_id = $1 for update', [current.tenderHeaderId])).rows[0]!;
    if (!decidable(t.status, t.method)) throw statusRefusal(`${t.num} is ${t.status}: its award is decided ${t.method === 'COMPREHENSIVE' ? 'once its scores are confirmed' : 'once it is opened'}`);
    if (t.round !== Number(current.roundNumber)) throw statusRefusal(`${t.num} went to round ${t.round} after this decision was prepared: award the bids of round ${t.round}`);
    const n = await tx.query<{ n: number }>('select count(*)::int as n from tender_award where decision_id = $1', [current.decisionId]);
    if (!n.rows[0]?.n) throw refuse('tenderAward', `${t.num}: award at least one lot before submitting the decision`);
  },
  async afterWrite(row, action, { tx, tenantId, auth, ctx }) {
    if (!['submit', 'approve', 'reject', 'recall'].includes(action)) return;
    await tx.query('update tender_award set decision_status = $2 where decision_id = $1', [row.decisionId, row.decisionStatus]);
    // The tender itself moves to AWARDED by the approve transition's declared effect (tender-decision.json).
    if (action !== 'approve') return;
    await logTenderAward(tx, Number(row.decisionId), Number(row.tenderHeaderId), auth.userId);
    await notifyResults(tx, ctx, tenantId, row, auth);
    // Each awarded lot that names a branch company waits for that branch's confirmation (stnd).
    await notifyBranchConfirms(tx, ctx, tenantId, await createBranchConfirms(tx, row.decisionId, auth.userId), auth);
  },
});
