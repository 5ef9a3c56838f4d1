import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { afterCommit } from '../../db/database.ts';
import { BusinessError, forbidden } from '../../http/errors.ts';
import { registerHooks } from '../../resources/hooks.ts';
import { checkEntityAccess } from '../../resources/permissions.ts';
import { resolveScope } from '../../resources/scope.ts';
import { sendMessages } from '../hmsg/message-store.ts';
import { tiedBidder } from './committee.ts';
import { refuse, statusRefusal } from './rules.ts';

type Row = Record<string, unknown>;

/**
 * Each bid's weighted total, in decimal: per element the mean of the experts' submitted scores,
 * times the element's weight over 100, summed; then its rank within its lot (1 = best). An element
 * scored by a technical and a commercial expert alike counts once.
 */
export async function computeScores(tx: Queryable, tenderId: unknown): Promise<void> {
  await tx.query(
    `update tender_bid b set score_total = s.total
       from (select bid_id, round(sum(avg_score * weight / 100), 2) as total
               from (select bid_id, indicate_id, max(weight) as weight, avg(score) as avg_score from tender_score
                      where tender_header_id = $1 and score_status = 'SUBMITTED' group by bid_id, indicate_id) x group by bid_id) s
      where b.bid_id = s.bid_id`, [tenderId]);
  await tx.query(
    `update tender_bid b set rank_num = r.rk
       from (select bid_id, rank() over (partition by section_id, round_number order by score_total desc nulls last) as rk from tender_bid
              where tender_header_id = $1 and bid_status = 'SUBMITTED') r where b.bid_id = r.bid_id`, [tenderId]);
}

/** Every assigned expert's score sheet of the round: one row per bid and element their role covers (passed suppliers only when two-stage). */
export async function writeScoreSheets(tx: Queryable, tenderId: unknown, userId: number): Promise<void> {
  await tx.query(
    `insert into tender_score (tenant_id, tender_header_id, tender_num, tender_expert_id, expert_user_id, bid_id, round_number, section_name, supplier_name,
                               indicate_id, indicate_name, indicate_type, weight, min_score, max_score, score, score_status, created_by, last_updated_by)
     select h.tenant_id, h.tender_header_id, h.tender_num, e.tender_expert_id, e.user_id, b.bid_id, coalesce(b.round_number, 1), b.section_name, b.supplier_name,
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
  },
});

/** An expert submits their score sheet of the tenders named (rows selected on the grading page, or one tender). */
export async function scoringRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const score = ctx.entities.get('tenderScore')!;
  app.post('/ssrc/v1/:tenantId/bid/scores/submit', {
    schema: { body: { anyOf: [{ type: 'array', maxItems: 5000, items: { type: 'object', required: ['tenderHeaderId'], properties: { tenderHeaderId: { type: 'integer', minimum: 1 } } } },
      { type: 'object', required: ['tenderHeaderId'], properties: { tenderHeaderId: { type: 'integer', minimum: 1 } } }] } },
  }, async (req) => {
    const scope = resolveScope(req, 'tenant');
    await checkEntityAccess(ctx.db, score, scope.auth, 'write');
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
        await tx.query("update tender_score set score_status = 'SUBMITTED', object_version_number = object_version_number + 1, last_update_date = now() where tender_expert_id = $1 and score_status = 'PENDING'", [mine.id]);
        await tx.query("update tender_expert set score_status = 'SUBMITTED', submitted_date = now() where tender_expert_id = $1", [mine.id]);
        await computeScores(tx, id);
        out.push({ tenderHeaderId: id, scoreStatus: 'SUBMITTED' });
      }
      return out.length === 1 ? out[0] : out;
    });
  });
}
