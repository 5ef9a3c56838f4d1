import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import { EntityRepository } from '../../resources/repository.ts';
import { resolveScope } from '../../resources/scope.ts';
import { openWithPassword, setOpeningPassword } from '../../sealing/opening.ts';
import { maskBids } from './sealing.ts';
import { defineRoute } from '../../http/module-route.ts';

type Row = Record<string, unknown>;
const params = { type: 'object', properties: { tenantId: { type: 'integer' }, id: { type: 'integer', minimum: 1 } } };

/**
 * Opening (`/tender/tenderHall/openTender/:id`): the declared opening (tender-header.json
 * `opening`) run by server/sealing/opening.ts; the move's hook waits for the opening time. A
 * two-stage tender opens its technical envelopes first (with the password), the commercial ones of
 * passed suppliers next (opened with it already).
 */
export async function openingRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const header = ctx.entities.get('tenderHeader')!;
  const repo = new EntityRepository(header, ctx);
  const target = (req: { params: unknown }, scope: ReturnType<typeof resolveScope>) => ({ ctx, e: header, scope, load: () => repo.get(scope, Number((req.params as Row).id)) });

  // Side, access and permission of the two opening calls are the declared opening's (server/sealing/opening.ts).
  defineRoute(app, ctx, { method: 'PUT', url: '/ssrc/v1/:tenantId/bid/:id/password', schema: { params, body: { type: 'object', required: ['password'], properties: { password: { type: 'string', minLength: 4, maxLength: 64 } } } } }, async (req, scope) => {
    return setOpeningPassword(target(req, scope), (req.body as { password: string }).password);
  });

  defineRoute(app, ctx, { method: 'POST', url: '/ssrc/v1/:tenantId/bid/:id/open', schema: { params, body: { type: ['object', 'null'], properties: { password: { type: 'string', maxLength: 64 } } } } }, async (req, scope) => {
    const id = Number((req.params as Row).id);
    const stage = (t: Row) => (t.tenderStatus === 'TECH_OPENED' ? 'openCommercial' : Number(t.twoStageFlag) === 1 ? 'openTechnical' : 'open');
    return openWithPassword(target(req, scope), stage, ((req.body ?? {}) as { password?: string }).password, (tx, move) => repo.transition(scope, id, move, {}, { tx, system: true }));
  });

  /**
   * The opening record: per lot, who signed up and bid, their bond, and their bid — the envelopes
   * masked as everywhere until the tender is opened (then the committee reads them).
   */
  defineRoute(app, ctx, { method: 'GET', url: '/ssrc/v1/:tenantId/bid/:id/opening', schema: { params }, by: 'buyer', byReason: 'The opening record is the buyer\'s', entity: 'tenderHeader', access: 'read' }, async (req, scope) => {
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
    await maskBids(ctx.db, scope, bids, ctx.entities);
    return { tenderHeaderId: id, ...h, sections, bidders, bids };
  });
}
