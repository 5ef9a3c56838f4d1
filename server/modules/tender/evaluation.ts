import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { afterCommit } from '../../db/database.ts';
import { BusinessError, forbidden, notFound } from '../../http/errors.ts';
import { registerHooks } from '../../resources/hooks.ts';
import { holdsAnyRoute } from '../../resources/permissions.ts';
import { EntityRepository } from '../../resources/repository.ts';
import { listQuerySchema } from '../../resources/route-schemas.ts';
import { statusMoves } from '../../resources/status-moves.ts';
import { appendBidEvent } from '../../bid-log/append.ts';
import { logTenderEvaluation } from '../../bid-log/tender-events.ts';
import { sendMessages } from '../hmsg/message-store.ts';
import { tiedBidder } from './committee.ts';
import { refuse, statusRefusal } from './rules.ts';
import { defineRoute } from '../../http/module-route.ts';

type Row = Record<string, unknown>;

/**
 * Each bid's weighted total, in decimal: per element the mean of the experts' submitted scores,
 * times the element's weight over 100, summed; then its rank within its lot (1 = best). An element
 * scored by a technical and a commercial expert alike counts once. A bid failed on a veto item by
 * any expert is ruled out: no rank, the items named (not who failed it: the buyer reads that in
 * the committee's scores).
 */
export async function computeScores(tx: Queryable, tenderId: unknown): Promise<void> {
  await tx.query(
    `update tender_bid b set score_total = s.total
       from (select bid_id, round(sum(avg_score * weight / 100), 2) as total
               from (select bid_id, indicate_id, max(weight) as weight, avg(score) as avg_score from tender_score
                      where tender_header_id = $1 and score_status = 'SUBMITTED' group by bid_id, indicate_id) x group by bid_id) s
      where b.bid_id = s.bid_id`, [tenderId]);
  // A veto item failed by any expert (a submitted 0) rules the bid out: it keeps its total, for the record, but no rank.
  await tx.query(
    `update tender_bid b set veto_flag = case when v.reason is null then 0 else 1 end, veto_reason = v.reason
       from (select b2.bid_id, (select string_agg(distinct s.indicate_name, '; ')
                                  from tender_score s join ssrc_score_indicate i on i.indicate_id = s.indicate_id and i.veto_flag = 1
                                 where s.bid_id = b2.bid_id and s.score_status = 'SUBMITTED' and s.score = 0) as reason
               from tender_bid b2 where b2.tender_header_id = $1) v
      where b.bid_id = v.bid_id`, [tenderId]);
  await tx.query(
    `update tender_bid b set rank_num = r.rk
       from (select bid_id, case when coalesce(veto_flag, 0) = 1 then null else rank() over (partition by section_id, round_number, coalesce(veto_flag, 0) order by score_total desc nulls last) end as rk
               from tender_bid where tender_header_id = $1 and bid_status = 'SUBMITTED') r where b.bid_id = r.bid_id`, [tenderId]);
}

/** Every assigned expert's score sheet of the round: one row per bid and element their role covers (passed suppliers only when two-stage). */
export async function writeScoreSheets(tx: Queryable, tenderId: unknown, userId: number): Promise<void> {
  await tx.query(
    `insert into tender_score (tenant_id, tender_header_id, tender_num, tender_expert_id, expert_user_id, expert_name, bid_id, round_number, section_name, supplier_name,
                               indicate_id, indicate_name, indicate_type, weight, min_score, max_score, score, score_status, created_by, last_updated_by)
     select h.tenant_id, h.tender_header_id, h.tender_num, e.tender_expert_id, e.user_id, e.expert_name, b.bid_id, coalesce(b.round_number, 1), b.section_name, b.supplier_name,
            i.indicate_id, i.indicate_name, i.indicate_type, i.weight, i.min_score, i.max_score, i.default_score, 'PENDING', $2, $2
       from tender_header h
       join tender_expert e on e.tender_header_id = h.tender_header_id
       join tender_bid b on b.tender_header_id = h.tender_header_id and b.bid_status = 'SUBMITTED' and coalesce(b.round_number, 1) = coalesce(h.round_number, 1)
       join ssrc_score_indicate i on i.template_id = h.score_template_id
      where h.tender_header_id = $1
        and (e.expert_role = 'ALL' or (e.expert_role = 'TECHNICAL' and i.indicate_type = 'TECHNOLOGY') or (e.expert_role = 'COMMERCIAL' and i.indicate_type <> 'TECHNOLOGY'))
        and (coalesce(h.two_stage_flag, 0) = 0 or exists (select 1 from tender_supplier s where s.tender_header_id = b.tender_header_id and s.supplier_id = b.supplier_id and s.tech_pass_flag = 1))
        and not exists (select 1 from tender_score o where o.tender_expert_id = e.tender_expert_id and o.bid_id = b.bid_id and o.indicate_id = i.indicate_id)
      order by e.tender_expert_id, b.section_num, b.supplier_name, i.order_seq`, [tenderId, userId]);
}

/**
 * Expert assignment, hand-out and scoring. Experts come from the expert library (ssrc experts with
 * a login), are assigned while the tender is opened, each with the envelope their role reads; the
 * hand-out writes every expert's score sheet (one row per bid of the round and element of the
 * grade template their role covers); an expert scores only their own rows, within the element's
 * range, and submits them; the buyer confirms the results once every expert has submitted.
 */
registerHooks('tenderExpert', {
  async afterWrite(row, action, { tx, tenantId }) {
    if (action !== 'create' && action !== 'update') return;
    const x = (await tx.query<{ name: string; userId: number | null; enabled: number }>(
      'select expert_name as name, user_id::float8 as "userId", coalesce(enabled_flag, 1)::int as enabled from ssrc_expert where expert_id = $1 and tenant_id = $2', [row.expertId, tenantId])).rows[0];
    if (!x) throw refuse('expertId', `expertId ${String(row.expertId)} is not an expert of this tenant's library`);
    if (x.enabled !== 1) throw refuse('expertId', `${x.name} is disabled in the expert library`);
    if (x.userId === null) throw refuse('expertId', `${x.name} has no login and cannot score online`);
    const twice = await tx.query('select 1 from tender_expert where tender_header_id = $1 and expert_id = $2 and tender_expert_id <> $3', [row.tenderHeaderId, row.expertId, row.tenderExpertId]);
    if (twice.rows.length) throw refuse('expertId', `${x.name} is already on this tender's committee`);
    const tie = await tiedBidder(tx, row.tenderHeaderId, row.expertId);
    if (tie) throw refuse('expertId', `${x.name} is tied to the bidder ${tie} and must be avoided`);
    await tx.query(
      `update tender_expert e set expert_name = $2, user_id = $3, tender_num = h.tender_num, tender_title = h.tender_title, score_status = coalesce(e.score_status, 'PENDING')
         from tender_header h where h.tender_header_id = e.tender_header_id and e.tender_expert_id = $1`, [row.tenderExpertId, x.name, x.userId]);
  },
});

registerHooks('tenderScore', {
  async afterWrite(row, action, { tx }) {
    if (action !== 'update') return;
    const s = (await tx.query<{ ok: boolean; min: string; max: string; status: string }>(
      `select (t.score is null or (t.score >= t.min_score and t.score <= t.max_score)) as ok, t.min_score::text as min, t.max_score::text as max, h.tender_status as status
         from tender_score t join tender_header h on h.tender_header_id = t.tender_header_id where t.score_id = $1`, [row.scoreId])).rows[0]!;
    if (s.status !== 'EVALUATING') throw statusRefusal(`The tender is ${s.status}: scores are entered while it is being evaluated`);
    if (!s.ok) throw refuse('score', `score must be between ${Number(s.min)} and ${Number(s.max)}`);
  },
});

registerHooks('tenderHeader', {
  async beforeWrite(current, action, { tx }) {
    const id = current.tenderHeaderId;
    const num = String(current.tenderNum);
    if (action === 'handout') {
      if (current.evalMethod !== 'COMPREHENSIVE') throw statusRefusal(`${num} is decided by lowest price: there is nothing for experts to score`);
      const n = await tx.query<{ n: number; nologin: number }>('select count(*)::int as n, count(*) filter (where user_id is null)::int as nologin from tender_expert where tender_header_id = $1', [id]);
      if (!n.rows[0]?.n) throw refuse('tenderExpert', `${num}: assign at least one expert before handing the tender out`);
      const ind = await tx.query<{ n: number }>('select count(*)::int as n from ssrc_score_indicate where template_id = $1', [current.scoreTemplateId]);
      if (!ind.rows[0]?.n) throw refuse('scoreTemplateId', `${num}: its grade template has no elements`);
    }
    if (action === 'confirmScoring') {
      const open = await tx.query<{ name: string }>("select expert_name as name from tender_expert where tender_header_id = $1 and coalesce(score_status, 'PENDING') <> 'SUBMITTED' order by expert_name", [id]);
      if (open.rows.length) throw statusRefusal(`${num}: ${open.rows.map((r) => r.name).join(', ')} ha${open.rows.length > 1 ? 've' : 's'} not submitted scores yet`);
    }
  },
  async afterWrite(row, action, { tx, tenantId, auth, ctx }) {
    const id = row.tenderHeaderId;
    if (action === 'handout') {
      await tx.query("update tender_expert set score_status = 'PENDING', submitted_date = null where tender_header_id = $1", [id]);
      await writeScoreSheets(tx, id, auth.userId);
      const users = (await tx.query<{ id: number }>('select distinct user_id::float8 as id from tender_expert where tender_header_id = $1 and user_id is not null', [id])).rows.map((r) => r.id);
      const m = { userIds: users, subject: `${String(row.tenderNum)}: you are asked to score the bids — ${String(row.tenderTitle)}`.slice(0, 240), content: '<p><a href="/tender/expertGrade/grade">/tender/expertGrade/grade</a></p>', typeCode: 'MSG', categoryCode: 'SYSTEM', fromUserId: auth.userId, fromUserName: auth.loginName };
      if (users.length) afterCommit(tx, () => sendMessages(ctx, tenantId, m));
    }
    if (action === 'confirmScoring') await computeScores(tx, id);
    await logTenderEvaluation(tx, row, action, auth.userId);
  },
});

/**
 * The outlier rule of the scoring summary (docs/decisions.md, tendering after the notice): an
 * expert's submitted score of a bid and element is an outlier when it lies more than `share` of the
 * element's score range (max − min) away from the median of the committee's submitted scores of
 * the same bid and element, judged once at least `minScores` scores are in (with two, neither can be
 * told from the other). The median, not the mean: one stray score of three moves a mean so far that
 * the two agreeing experts would be flagged with it. In SQL numeric: the median of an even count is
 * the two middle scores' exact half-sum.
 */
export const OUTLIER_RULE = { share: '0.20', minScores: 3 } as const;

/** The committee's submitted scores of the bid and element of the score row aliased `t`: how many (`n`) and their median. */
const committee = (t: string) =>
  `(select count(o.score) as n, (percentile_disc(0.5) within group (order by o.score) + percentile_disc(0.5) within group (order by o.score desc)) / 2 as median
      from tender_score o where o.bid_id = ${t}.bid_id and o.indicate_id = ${t}.indicate_id and o.score_status = 'SUBMITTED' and o.score is not null)`;

/** The rule over row `t` and its committee `x`; `share` and `min` are placeholders of OUTLIER_RULE's values. */
const isOutlier = (t: string, x: string, share: string, min: string) =>
  `(${x}.n >= ${min}::int and abs(${t}.score - ${x}.median) > ${share}::numeric * (${t}.max_score - ${t}.min_score))`;

/**
 * Each submitted score row with its deviation from the committee's median (rounded to 2 places,
 * shown once another expert scored the same bid and element) and whether the rule flags it; the
 * expert's name as the committee row has it now.
 */
async function withOutliers(db: Queryable, rows: Row[]): Promise<void> {
  if (!rows.length) return;
  const r = await db.query<{ id: number; expert: string | null; deviation: string | null; outlier: number }>(
    `select t.score_id::float8 as id, e.expert_name as expert,
            case when x.n >= 2 then round(t.score - x.median, 2)::text end as deviation,
            case when ${isOutlier('t', 'x', '$2', '$3')} then 1 else 0 end as outlier
       from tender_score t join tender_expert e on e.tender_expert_id = t.tender_expert_id cross join lateral ${committee('t')} x
      where t.score_id = any($1::bigint[])`,
    [rows.map((x) => x.scoreId), OUTLIER_RULE.share, OUTLIER_RULE.minScores],
  );
  const by = new Map(r.rows.map((x) => [Number(x.id), x]));
  for (const row of rows) {
    const x = by.get(Number(row.scoreId));
    row.expertName = x?.expert ?? row.expertName ?? null;
    row.scoreDeviation = x?.deviation ?? null;
    row.outlierFlag = x?.outlier ?? 0;
  }
}

/** Who reads the whole committee's scores: the tender hall (the buyer confirming them), never an expert nor a supplier. */
const HALL = ['/tender/tenderHall/list'];
/** The committee's scores grouped as they are compared: per lot, bid and element, then by expert. */
const REVIEW_SORT = ['sectionName,asc', 'supplierName,asc', 'bidId,asc', 'indicateId,asc', 'expertName,asc', 'scoreId,asc'];

/**
 * An expert submits their score sheet of the tenders named (rows selected on the grading page, or
 * one tender); the tender hall reads every expert's submitted scores of a tender with the outliers
 * flagged (`GET bid/{id}/scores`, `outlierFlag=1` for the outliers only). The generic score paths
 * stay each expert's own rows, where the outlier fields are always empty: they are computed here
 * for the buyer only, never stored, so no expert learns the others' scores through them.
 */
export async function scoringRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const score = ctx.entities.get('tenderScore')!;
  const everyExpert = new EntityRepository({ ...score, ownerField: undefined }, ctx);
  const listQuery = listQuerySchema(score, 'tenant') as { properties: Row };
  defineRoute(app, ctx, {
    method: 'GET',
    url: '/ssrc/v1/:tenantId/bid/:id/scores',
    by: 'buyer',
    byReason: 'The committee\'s scores are the buyer\'s',
    schema: {
      params: { type: 'object', properties: { tenantId: { type: 'integer' }, id: { type: 'integer', minimum: 1 } } },
      querystring: { type: 'object', properties: { ...listQuery.properties, outlierFlag: { type: 'integer', enum: [0, 1], description: '1: the outliers only; 0: the others' } } },
    },
  }, async (req, scope) => {
    if (scope.auth.roleLevel !== 'site' && !(await holdsAnyRoute(ctx.db, scope.auth.roleId, HALL))) throw forbidden('Only the tender hall reads the whole committee\'s scores; an expert reads their own');
    const id = Number((req.params as Row).id);
    const t = await ctx.db.query('select 1 from tender_header where tender_header_id = $1 and tenant_id = $2', [id, scope.tenantId]);
    if (!t.rows.length) throw notFound(`Tender ${id} not found`);
    const { outlierFlag, ...q } = req.query as Row;
    const only = outlierFlag === undefined ? undefined : (p: unknown[]) => {
      p.push(OUTLIER_RULE.share, OUTLIER_RULE.minScores);
      const flagged = `exists (select 1 from ${committee('t')} x where ${isOutlier('t', 'x', `$${p.length - 1}`, `$${p.length}`)})`;
      return [Number(outlierFlag) === 1 ? flagged : `not ${flagged}`];
    };
    const page = (await everyExpert.list(scope, { sort: REVIEW_SORT, ...q, tenderHeaderId: id, scoreStatus: 'SUBMITTED' }, only)) as { content: Row[] };
    await withOutliers(ctx.db, page.content);
    return page;
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: '/ssrc/v1/:tenantId/bid/scores/submit',
    entity: 'tenderScore',
    access: 'write',
    schema: { body: { anyOf: [{ type: 'array', maxItems: 5000, items: { type: 'object', required: ['tenderHeaderId'], properties: { tenderHeaderId: { type: 'integer', minimum: 1 } } } },
      { type: 'object', required: ['tenderHeaderId'], properties: { tenderHeaderId: { type: 'integer', minimum: 1 } } }] } },
  }, async (req, scope) => {
    const body = req.body as Row | Row[];
    const tenders = [...new Set((Array.isArray(body) ? body : [body]).map((r) => Number(r.tenderHeaderId)))];
    if (!tenders.length) throw refuse('tenderHeaderId', 'Select the score rows of the tender to submit');
    return ctx.db.transaction(async (tx) => {
      const out: Row[] = [];
      for (const id of tenders) {
        const t = (await tx.query<{ num: string; status: string }>('select tender_num as num, tender_status as status from tender_header where tender_header_id = $1 and tenant_id = $2 for share', [id, scope.tenantId])).rows[0];
        const mine = (await tx.query<{ id: number; missing: number; n: number }>(
          `select e.tender_expert_id::float8 as id, count(s.score_id) filter (where s.score is null)::int as missing, count(s.score_id)::int as n
             from tender_expert e left join tender_score s on s.tender_expert_id = e.tender_expert_id and s.score_status = 'PENDING'
            where e.tender_header_id = $1 and e.user_id = $2 group by e.tender_expert_id`, [id, scope.auth.userId])).rows[0];
        if (!t || !mine) throw forbidden(`You are not on the committee of tender ${id}`);
        if (t.status !== 'EVALUATING') throw statusRefusal(`${t.num} is ${t.status}: scores are submitted while it is being evaluated`);
        if (!mine.n) throw new BusinessError('tender.score.submitted', `Your scores of ${t.num} are already submitted`, 'warn');
        if (mine.missing) throw refuse('score', `${t.num}: ${mine.missing} element${mine.missing > 1 ? 's are' : ' is'} not scored yet`);
        await statusMoves({ ctx, auth: scope.auth, tenantId: scope.tenantId!, tx }).moveEvery('tenderScore', { tenderExpertId: mine.id }, 'submit');
        await tx.query("update tender_expert set score_status = 'SUBMITTED', submitted_date = now() where tender_expert_id = $1", [mine.id]);
        await computeScores(tx, id);
        await appendBidEvent(tx, { documentEntity: 'tenderHeader', documentId: id, event: 'score', actorUserId: scope.auth.userId, detail: { scores: mine.n } });
        out.push({ tenderHeaderId: id, scoreStatus: 'SUBMITTED' });
      }
      return out.length === 1 ? out[0] : out;
    });
  });
}
