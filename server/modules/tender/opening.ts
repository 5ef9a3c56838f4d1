import type { FastifyInstance } from 'fastify';
import { hashPassword, verifyPassword } from '../../auth/passwords.ts';
import type { ServerContext } from '../../context.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { checkEntityAccess, checkPermissionCode } from '../../resources/permissions.ts';
import { EntityRepository } from '../../resources/repository.ts';
import { resolveScope } from '../../resources/scope.ts';
import { refuse, statusRefusal } from './rules.ts';
import { DRAFT_STATUSES } from './statuses.ts';
import { maskBids } from './sealing.ts';

type Row = Record<string, unknown>;
const params = { type: 'object', properties: { tenantId: { type: 'integer' }, id: { type: 'integer', minimum: 1 } } };

/**
 * Opening (`/tender/tenderHall/openTender/:id`): the password is set in draft and stored as the
 * platform's scrypt password hash; `POST bid/{id}/open` checks side and permission first (so only
 * the buyer learns whether a password fits), then the password, then takes the declared `open`
 * move, whose hook waits for the opening time. The password is vouched for to that hook by a
 * transaction-local setting, so the generic action path cannot open a protected tender.
 */
export async function openingRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const header = ctx.entities.get('tenderHeader')!;
  const repo = new EntityRepository(header, ctx);
  const row = async (tenantId: number | null, id: number) =>
    (await ctx.db.query<{ status: string; num: string; flag: number; hash: string | null; twoStage: number }>('select tender_status as status, tender_num as num, password_flag::int as flag, open_password_hash as hash, coalesce(two_stage_flag, 0)::int as "twoStage" from tender_header where tender_header_id = $1 and tenant_id = $2', [id, tenantId])).rows[0];

  app.put('/ssrc/v1/:tenantId/bid/:id/password', { schema: { params, body: { type: 'object', required: ['password'], properties: { password: { type: 'string', minLength: 4, maxLength: 64 } } } } }, async (req) => {
    const scope = resolveScope(req, 'tenant');
    if (scope.auth.supplierIds) throw forbidden('The opening password is the buyer\'s');
    await checkPermissionCode(ctx.db, scope.auth, 'tender.tenderHall.list.button.edit', 'set the opening password of a tender');
    const id = Number((req.params as Row).id);
    const r = await row(scope.tenantId, id);
    if (!r) throw notFound(`tenderHeader ${id} not found`);
    if (!DRAFT_STATUSES.includes(r.status)) throw statusRefusal(`${r.num} is ${r.status}: the opening password is set before release`);
    const digest = await hashPassword((req.body as { password: string }).password);
    await ctx.db.query('update tender_header set open_password_hash = $2, password_flag = 1, object_version_number = object_version_number + 1, last_update_date = now() where tender_header_id = $1', [id, digest]);
    return { tenderHeaderId: id, passwordFlag: 1 };
  });

  app.post('/ssrc/v1/:tenantId/bid/:id/open', { schema: { params, body: { type: ['object', 'null'], properties: { password: { type: 'string', maxLength: 64 } } } } }, async (req) => {
    const scope = resolveScope(req, 'tenant');
    const id = Number((req.params as Row).id);
    const password = ((req.body ?? {}) as { password?: string }).password;
    if (scope.auth.supplierIds) throw forbidden('Bids are opened by the buyer');
    await checkPermissionCode(ctx.db, scope.auth, header.status!.transitions.open!.permission, 'open a tender');
    const r = await row(scope.tenantId, id);
    if (!r) throw notFound(`tenderHeader ${id} not found`);
    // The commercial stage needs no password again: the tender was opened with it.
    if (r.flag === 1 && r.status !== 'TECH_OPENED' && !(password && (await verifyPassword(password, r.hash)))) throw refuse('password', `The opening password of ${r.num} is not right`);
    return ctx.db.transaction(async (tx) => {
      await tx.query("select set_config('tender.opening', $1, true)", [String(id)]);
      // Side and permission were checked above; the move itself is taken as the server's. A two-stage
      // tender opens its technical envelopes first, the commercial ones of passed suppliers next.
      const move = r.status === 'TECH_OPENED' ? 'openCommercial' : r.twoStage === 1 ? 'openTechnical' : 'open';
      return repo.transition(scope, id, move, {}, { tx, system: true });
    });
  });

  /**
   * The opening record: per lot, who signed up and bid, their bond, and their bid — the envelopes
   * masked as everywhere until the tender is opened (then the committee reads them).
   */
  app.get('/ssrc/v1/:tenantId/bid/:id/opening', { schema: { params } }, async (req) => {
    const scope = resolveScope(req, 'tenant');
    if (scope.auth.supplierIds) throw forbidden('The opening record is the buyer\'s');
    await checkEntityAccess(ctx.db, header, scope.auth, 'read');
    const id = Number((req.params as Row).id);
    const h = (await ctx.db.query<Row>('select tender_num as "tenderNum", tender_status as "tenderStatus", to_char(opened_date, \'YYYY-MM-DD HH24:MI:SS\') as "openedDate" from tender_header where tender_header_id = $1 and tenant_id = $2', [id, scope.tenantId])).rows[0];
    if (!h) throw notFound(`tenderHeader ${id} not found`);
    const sections = (await ctx.db.query<Row>('select section_id::float8 as "sectionId", section_num::int as "sectionNum", section_name as "sectionName", budget_amount::text as "budgetAmount" from tender_section where tender_header_id = $1 order by section_num', [id])).rows;
    const bidders = (await ctx.db.query<Row>(
      `select supplier_id::float8 as "supplierId", supplier_name as "supplierName", signup_status as "signupStatus", bond_amount::text as "bondAmount", bond_paid_flag::int as "bondPaidFlag", bid_flag::int as "bidFlag"
         from tender_supplier where tender_header_id = $1 order by supplier_name`, [id])).rows;
    const bids = (await ctx.db.query<Row>(
      `select bid_id::float8 as "bidId", tender_header_id::float8 as "tenderHeaderId", section_id::float8 as "sectionId", supplier_id::float8 as "supplierId", supplier_name as "supplierName", bid_status as "bidStatus",
              to_char(submitted_date, 'YYYY-MM-DD HH24:MI:SS') as "submittedDate", technical_proposal as "technicalProposal", technical_attachment_uuid as "technicalAttachmentUuid",
              bid_amount::text as "bidAmount", tax_rate::text as "taxRate", delivery_period::int as "deliveryPeriod", commercial_remark as "commercialRemark", commercial_attachment_uuid as "commercialAttachmentUuid",
              coalesce(round_number, 1)::int as "roundNumber"
         from tender_bid where tender_header_id = $1 and bid_status = 'SUBMITTED' order by round_number desc, section_id, supplier_name`, [id])).rows;
    await maskBids(ctx.db, scope, bids);
    return { tenderHeaderId: id, ...h, sections, bidders, bids };
  });
}
