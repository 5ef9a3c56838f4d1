import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.ts';
import { afterCommit, type Queryable } from '../../db/database.ts';
import { BusinessError, forbidden, notFound } from '../../http/errors.ts';
import { registerHooks } from '../../resources/hooks.ts';
import { EntityRepository } from '../../resources/repository.ts';
import { sendMessages } from '../hmsg/message-store.ts';
import { refuse, time } from './rules.ts';
import { statusGroup } from '../../../renderer/schema/status/groups.ts';
import { defineRoute } from '../../http/module-route.ts';

type Row = Record<string, unknown>;
const params = { type: 'object', properties: { tenantId: { type: 'integer' }, id: { type: 'integer', minimum: 1 } } };
/**
 * Clarification (`/clarifyLetter/*`): a qualified supplier asks a question on a published tender
 * until its clarification end (else its bidding end); the buyer writes a letter on the tender and
 * releases it to every qualified applicant at once, answering the tender's open questions. A letter
 * is never addressed to one supplier: who asked is the buyer's to know, not the other bidders'.
 */
export async function clarifyRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const letter = ctx.entities.get('tenderClarifyLetter')!;
  const letters = new EntityRepository(letter, ctx);
  // The compose page of a tender (`doCreateRelease/:id`): the generic create with the tender from the path.
  defineRoute(app, ctx, {
    method: 'POST',
    url: '/ssrc/v1/:tenantId/bid/:id/clarify-letters',
    schema: { params, body: { type: 'object' } },
    by: 'buyer',
    byReason: 'Clarification letters are the buyer\'s',
    entity: 'tenderClarifyLetter',
    access: 'write',
  }, async (req, scope) => {
    return letters.create(scope, { ...(req.body as Row), tenderHeaderId: Number((req.params as Row).id) });
  });

  defineRoute(app, ctx, {
    method: 'POST',
    url: '/ssrc/v1/:tenantId/bid/:id/questions',
    by: 'supplier',
    byReason: 'Asking a clarification question is a supplier\'s act',
    schema: { params, body: { type: 'object', required: ['questionTitle', 'description'], additionalProperties: false, properties: {
      supplierId: { type: 'integer', minimum: 1 }, questionTitle: { type: 'string', minLength: 1, maxLength: 120 }, description: { type: 'string', minLength: 1, maxLength: 2000 } } } },
  }, async (req, scope) => {
    const ids = scope.auth.supplierIds!;
    const b = req.body as { supplierId?: number; questionTitle: string; description: string };
    if (b.supplierId !== undefined && !ids.includes(b.supplierId)) throw refuse('supplierId', `supplierId ${b.supplierId} is not a supplier you act for`);
    const id = Number((req.params as Row).id);
    return ctx.db.transaction(async (tx) => {
      const t = (await tx.query<{ num: string; status: string; until: Date }>(
        `select tender_num as num, tender_status as status, coalesce(clarify_end_time, quotation_end_date) as until from tender_header
          where tender_header_id = $1 and tenant_id = $2 and published_date is not null`, [id, scope.tenantId])).rows[0];
      if (!t) throw notFound(`Tender ${id} not found`);
      const signup = (await tx.query<{ supplierId: number; name: string }>(
        `select supplier_id::float8 as "supplierId", supplier_name as name from tender_supplier where tender_header_id = $1 and signup_status = 'QUALIFIED' and supplier_id = any($2::bigint[]) order by supplier_id`,
        [id, b.supplierId === undefined ? ids : [b.supplierId]])).rows[0];
      if (!signup) throw forbidden(`Only suppliers qualified for ${t.num} ask questions on it`);
      if (!statusGroup(ctx.entities.get('tenderHeader')!, 'clarifying').includes(t.status)) throw new BusinessError('tender.clarify.closed', `${t.num} is ${t.status}: questions are taken before opening`, 'warn');
      if (Date.now() >= time(t.until)) throw new BusinessError('tender.clarify.closed', `${t.num}: questions closed at ${new Date(t.until).toISOString()}`, 'warn');
      const r = await tx.query<{ id: number }>(
        `insert into tender_clarify_question (tenant_id, tender_header_id, tender_num, supplier_id, supplier_name, question_title, description, question_status, asked_date, created_by, last_updated_by)
         values ($1, $2, $3, $4, $5, $6, $7, 'OPEN', now(), $8, $8) returning question_id::float8 as id`,
        [scope.tenantId, id, t.num, signup.supplierId, signup.name, b.questionTitle, b.description, scope.auth.userId]);
      return { questionId: r.rows[0]!.id, tenderHeaderId: id, questionStatus: 'OPEN' };
    });
  });
}

/** A letter's new bidding end: later than the tender's current one and still ahead, never earlier. */
function laterEnd(num: string, end: Date, proposed: unknown): boolean {
  if (proposed === null || proposed === undefined || proposed === '') return false;
  if (!(time(proposed) > time(end))) throw refuse('newQuotationEndDate', `newQuotationEndDate must be later than the bidding end of ${num} (${new Date(end).toISOString()}); a letter never shortens it`);
  if (!(time(proposed) > Date.now())) throw refuse('newQuotationEndDate', 'newQuotationEndDate has passed');
  return true;
}

/**
 * A released letter that names a new bidding end moves it, and the opening time by as much (the
 * interval the buyer set between them stays); the letter records what the end was and where the
 * opening went. The sign-up and clarification ends stay: they are the buyer's to reopen.
 */
async function moveBiddingEnd(tx: Queryable, row: Row, t: { num: string; end: Date }): Promise<boolean> {
  if (!laterEnd(t.num, t.end, row.newQuotationEndDate)) return false;
  // In SQL on the stored (zone-less) timestamps, as every date of the tender is kept.
  const r = await tx.query<{ prev: string; open: string }>(
    `with old as (select quotation_end_date as e from tender_header where tender_header_id = $1)
     update tender_header h set bid_open_date = h.bid_open_date + ($2::timestamp - old.e), quotation_end_date = $2::timestamp,
            object_version_number = h.object_version_number + 1, last_update_date = now()
       from old where h.tender_header_id = $1 returning old.e::text as prev, h.bid_open_date::text as open`, [row.tenderHeaderId, String(row.newQuotationEndDate)]);
  await tx.query('update tender_clarify_letter set previous_quotation_end_date = $2::timestamp, new_bid_open_date = $3::timestamp where clarify_letter_id = $1', [row.clarifyLetterId, r.rows[0]!.prev, r.rows[0]!.open]);
  return true;
}

const esc = (v: string) => v.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

registerHooks('tenderClarifyLetter', {
  async beforeCreate(_values, { auth }) {
    if (auth.supplierIds) throw forbidden('Clarification letters are the buyer\'s');
  },
  async afterWrite(row, action, { tx, tenantId, auth, ctx }) {
    if (action === 'create' || action === 'update') {
      const t = (await tx.query<{ num: string; title: string; status: string; end: Date }>('select tender_num as num, tender_title as title, tender_status as status, quotation_end_date as end from tender_header where tender_header_id = $1 and tenant_id = $2', [row.tenderHeaderId, tenantId])).rows[0];
      if (!t) throw refuse('tenderHeaderId', `tenderHeaderId ${String(row.tenderHeaderId)} is not a tender of this tenant`);
      if (!statusGroup(ctx.entities.get('tenderHeader')!, 'clarifying').includes(t.status)) throw refuse('tenderHeaderId', `${t.num} is ${t.status}: clarification letters are written for a published tender before opening`);
      laterEnd(t.num, t.end, row.newQuotationEndDate);
      await tx.query('update tender_clarify_letter set tender_num = $2, tender_title = $3 where clarify_letter_id = $1', [row.clarifyLetterId, t.num, t.title]);
      return;
    }
    if (action !== 'release') return;
    // Locked for update: the bidding end may move, and no bid or opening may slip in meanwhile.
    const t = (await tx.query<{ num: string; status: string; end: Date }>('select tender_num as num, tender_status as status, quotation_end_date as end from tender_header where tender_header_id = $1 for update', [row.tenderHeaderId])).rows[0]!;
    if (!statusGroup(ctx.entities.get('tenderHeader')!, 'clarifying').includes(t.status)) throw refuse('tenderHeaderId', `${t.num} is ${t.status}: a clarification letter is released before opening`);
    await tx.query('update tender_clarify_letter set released_by = $2 where clarify_letter_id = $1', [row.clarifyLetterId, auth.loginName]);
    const moved = await moveBiddingEnd(tx, row, t);
    await tx.query("update tender_clarify_question set question_status = 'ANSWERED', clarify_letter_id = $2 where tender_header_id = $1 and question_status = 'OPEN'", [row.tenderHeaderId, row.clarifyLetterId]);
    const users = (await tx.query<{ id: number }>(
      `select distinct u.id::float8 as id from tender_supplier s join sslm_supplier_user su on su.supplier_id = s.supplier_id and su.tenant_id = s.tenant_id join iam_user u on u.id = su.user_id
        where s.tender_header_id = $1 and s.signup_status = 'QUALIFIED' and coalesce(su.enabled_flag, 1) = 1 and coalesce(u.enabled_flag, 1) = 1`, [row.tenderHeaderId])).rows.map((u) => u.id);
    if (!users.length) return;
    const link = `/clarifyLetter/queryClarify/showClarifyLetter/${String(row.clarifyLetterId)}`;
    const later = moved ? ` (bidding now ends ${String(row.newQuotationEndDate)})` : '';
    const m = { userIds: users, subject: `${t.num}: clarification ${String(row.clarifyNum)} — ${String(row.title)}${later}`.slice(0, 240), content: `<p><a href="${esc(link)}">${esc(String(row.title))}</a></p>`, typeCode: 'MSG', categoryCode: 'SYSTEM', fromUserId: auth.userId, fromUserName: auth.loginName };
    afterCommit(tx, () => sendMessages(ctx, tenantId, m));
  },
});
