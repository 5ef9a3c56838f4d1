import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.ts';
import { afterCommit } from '../../db/database.ts';
import { BusinessError, forbidden, notFound } from '../../http/errors.ts';
import { registerHooks } from '../../resources/hooks.ts';
import { checkEntityAccess } from '../../resources/permissions.ts';
import { EntityRepository } from '../../resources/repository.ts';
import { resolveScope } from '../../resources/scope.ts';
import { sendMessages } from '../hmsg/message-store.ts';
import { refuse, time } from './rules.ts';

type Row = Record<string, unknown>;
const params = { type: 'object', properties: { tenantId: { type: 'integer' }, id: { type: 'integer', minimum: 1 } } };
/** The statuses in which a tender still takes questions and clarification letters: published, before opening. */
const CLARIFYING = ['PUBLISHED', 'PAUSED'];

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
  app.post('/ssrc/v1/:tenantId/bid/:id/clarify-letters', { schema: { params, body: { type: 'object' } } }, async (req) => {
    const scope = resolveScope(req, 'tenant');
    if (scope.auth.supplierIds) throw forbidden('Clarification letters are the buyer\'s');
    await checkEntityAccess(ctx.db, letter, scope.auth, 'write');
    return letters.create(scope, { ...(req.body as Row), tenderHeaderId: Number((req.params as Row).id) });
  });

  app.post('/ssrc/v1/:tenantId/bid/:id/questions', {
    schema: { params, body: { type: 'object', required: ['questionTitle', 'description'], additionalProperties: false, properties: {
      supplierId: { type: 'integer', minimum: 1 }, questionTitle: { type: 'string', minLength: 1, maxLength: 120 }, description: { type: 'string', minLength: 1, maxLength: 2000 } } } },
  }, async (req) => {
    const scope = resolveScope(req, 'tenant');
    const ids = scope.auth.supplierIds;
    if (!ids?.length) throw forbidden('Asking a clarification question is a supplier\'s act');
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
      if (!CLARIFYING.includes(t.status)) throw new BusinessError('tender.clarify.closed', `${t.num} is ${t.status}: questions are taken before opening`, 'warn');
      if (Date.now() >= time(t.until)) throw new BusinessError('tender.clarify.closed', `${t.num}: questions closed at ${new Date(t.until).toISOString()}`, 'warn');
      const r = await tx.query<{ id: number }>(
        `insert into tender_clarify_question (tenant_id, tender_header_id, tender_num, supplier_id, supplier_name, question_title, description, question_status, asked_date, created_by, last_updated_by)
         values ($1, $2, $3, $4, $5, $6, $7, 'OPEN', now(), $8, $8) returning question_id::float8 as id`,
        [scope.tenantId, id, t.num, signup.supplierId, signup.name, b.questionTitle, b.description, scope.auth.userId]);
      return { questionId: r.rows[0]!.id, tenderHeaderId: id, questionStatus: 'OPEN' };
    });
  });
}

const esc = (v: string) => v.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

registerHooks('tenderClarifyLetter', {
  async beforeCreate(_values, { auth }) {
    if (auth.supplierIds) throw forbidden('Clarification letters are the buyer\'s');
  },
  async afterWrite(row, action, { tx, tenantId, auth, ctx }) {
    if (action === 'create' || action === 'update') {
      const t = (await tx.query<{ num: string; title: string; status: string }>('select tender_num as num, tender_title as title, tender_status as status from tender_header where tender_header_id = $1 and tenant_id = $2', [row.tenderHeaderId, tenantId])).rows[0];
      if (!t) throw refuse('tenderHeaderId', `tenderHeaderId ${String(row.tenderHeaderId)} is not a tender of this tenant`);
      if (!CLARIFYING.includes(t.status)) throw refuse('tenderHeaderId', `${t.num} is ${t.status}: clarification letters are written for a published tender before opening`);
      await tx.query('update tender_clarify_letter set tender_num = $2, tender_title = $3 where clarify_letter_id = $1', [row.clarifyLetterId, t.num, t.title]);
      return;
    }
    if (action !== 'release') return;
    const t = (await tx.query<{ num: string; status: string }>('select tender_num as num, tender_status as status from tender_header where tender_header_id = $1 for share', [row.tenderHeaderId])).rows[0]!;
    if (!CLARIFYING.includes(t.status)) throw refuse('tenderHeaderId', `${t.num} is ${t.status}: a clarification letter is released before opening`);
    await tx.query('update tender_clarify_letter set released_by = $2 where clarify_letter_id = $1', [row.clarifyLetterId, auth.loginName]);
    await tx.query("update tender_clarify_question set question_status = 'ANSWERED', clarify_letter_id = $2 where tender_header_id = $1 and question_status = 'OPEN'", [row.tenderHeaderId, row.clarifyLetterId]);
    const users = (await tx.query<{ id: number }>(
      `select distinct u.id::float8 as id from tender_supplier s join sslm_supplier_user su on su.supplier_id = s.supplier_id and su.tenant_id = s.tenant_id join iam_user u on u.id = su.user_id
        where s.tender_header_id = $1 and s.signup_status = 'QUALIFIED' and coalesce(su.enabled_flag, 1) = 1 and coalesce(u.enabled_flag, 1) = 1`, [row.tenderHeaderId])).rows.map((u) => u.id);
    if (!users.length) return;
    const link = `/clarifyLetter/queryClarify/showClarifyLetter/${String(row.clarifyLetterId)}`;
    const m = { userIds: users, subject: `${t.num}: clarification ${String(row.clarifyNum)} — ${String(row.title)}`.slice(0, 240), content: `<p><a href="${esc(link)}">${esc(String(row.title))}</a></p>`, typeCode: 'MSG', categoryCode: 'SYSTEM', fromUserId: auth.userId, fromUserName: auth.loginName };
    afterCommit(tx, () => sendMessages(ctx, tenantId, m));
  },
});
