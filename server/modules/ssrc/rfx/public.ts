import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../../context.ts';
import { notFound } from '../../../http/errors.ts';
import { statusGroup } from '../../../../renderer/schema/status/groups.ts';
import { defineRoute } from '../../../http/module-route.ts';

type Row = Record<string, unknown>;

/**
 * The public RFx page (`/pub/ssrc/inquiry-hall/rfx-detail/:rfxId`), read without signing in: an
 * RFx open to any supplier (its template's method is not invite-only) once released, with what an
 * announcement says: number, title, buyer, window, status, and its lines' items and quantities.
 * Never who is invited, who quoted, a price, the budget or the last price; an invite-only RFx, a
 * draft or an unknown id are one and the same 404, so an outsider learns nothing of them.
 */
export async function publicRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const params = { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1 } } };
  defineRoute(app, ctx, { method: 'GET', url: '/ssrc/v1/pub/rfx/:id', auth: false, schema: { params } }, async (req) => {
    const id = Number((req.params as Row).id);
    const h = (
      await ctx.db.query<Row>(
        `select h.rfx_header_id::float8 as "rfxHeaderId", h.rfx_num as "rfxNum", h.rfx_title as "rfxTitle", h.rfx_status as "rfxStatus", h.source_category as "sourceCategory",
                t.source_method as "sourceMethod", h.company_name as "companyName", h.currency_code as "currencyCode", h.round_number::int as "roundNumber",
                h.quotation_start_date as "quotationStartDate", h.quotation_end_date as "quotationEndDate", h.sealed_quotation_flag::int as "sealedQuotationFlag"
           from ssrc_rfx_header h join ssrc_source_template t on t.template_id = h.template_id
          where h.rfx_header_id = $1 and t.source_method in ('OPEN', 'ALL_OPEN') and h.rfx_status = any($2::text[])`,
        [id, statusGroup(ctx.entities.get('rfxHeader')!, 'supplier')],
      )
    ).rows[0];
    if (!h) throw notFound(`RFx ${id} not found`);
    const lines = (
      await ctx.db.query<Row>(
        `select line_num::int as "lineNum", item_code as "itemCode", item_name as "itemName", quantity::text as quantity, uom_code as "uomCode", to_char(needed_date, 'YYYY-MM-DD') as "neededDate"
           from ssrc_rfx_line where rfx_header_id = $1 order by line_num`,
        [id],
      )
    ).rows;
    return { ...h, lines };
  });
}
