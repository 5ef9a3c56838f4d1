import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.ts';
import { documentsFromLines, type FromLinesPlan } from '../../documents/from-lines.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { defineRoute } from '../../http/module-route.ts';

/** The order statuses a contract may be drafted from: the supplier has it (released), or has confirmed it. */
const CONTRACTABLE = ['PUBLISHED', 'DELIVERY_DATE_REVIEW', 'CONFIRMED'];

const refused = (message: string) => Object.assign(new HttpError(409, 'error.order.not_contractable', message), { field: 'poHeaderId' });

interface OrderRow {
  num: string;
  status: string;
  supplierId: number;
  supplierName: string;
  companyId: number | null;
  company: string;
  currency: string;
}

interface OrderLine {
  poLineId: number;
  itemCode: string;
  itemName: string;
  quantity: string;
  uomCode: string | null;
  unitPrice: string;
  taxCode: string | null;
}

/**
 * An order becomes a draft purchase contract (`POST /scm/v1/{tenantId}/purchase-contracts/from-order/{id}`):
 * the order's supplier, company and currency, one contract line per order line not cancelled, at
 * its quantity and price; each contract line keeps its order line (`poLineId`, the chain of
 * documents). An order gets one contract: a second call while one made from it is not cancelled is
 * refused naming it. The buyer then completes and sends it as any contract.
 */
export async function contractFromOrderRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  defineRoute(
    app,
    ctx,
    {
      method: 'POST',
      url: '/scm/v1/:tenantId/purchase-contracts/from-order/:id',
      by: 'buyer',
      byReason: 'Contracts are drafted by the buyer',
      entity: 'contractHeader',
      access: 'write',
      alsoEntities: [{ entity: 'poHeader', access: 'read' }],
      schema: { tags: ['contractHeader'], summary: 'A draft contract from a released or confirmed order', params: { type: 'object', properties: { tenantId: { type: 'integer' }, id: { type: 'integer', minimum: 1 } } } },
    },
    async (req, scope) => {
      const id = Number((req.params as { id: number }).id);
      return ctx.db.transaction(async (tx) => {
        const o = (await tx.query<OrderRow>(
          `select display_po_num as num, status_code as status, supplier_id::float8 as "supplierId", supplier_name as "supplierName", company_id::float8 as "companyId", company_name as company, currency_code as currency
             from sodr_po_header where po_header_id = $1 and tenant_id = $2 for update`, [id, scope.tenantId])).rows[0];
        if (!o) throw notFound(`Order ${id} not found`);
        if (!CONTRACTABLE.includes(o.status)) throw refused(`${o.num} is ${o.status}: a contract is drafted once the order is released to the supplier`);
        const made = (await tx.query<{ num: string }>(
          `select distinct h.pc_num as num from scm_contract_line l join scm_contract_header h on h.pc_header_id = l.pc_header_id
            where l.po_line_id in (select po_line_id from sodr_po_line where po_header_id = $1) and h.pc_status_code <> 'CANCELED'`, [id])).rows;
        if (made.length) throw refused(`${o.num} already has its contract ${made.map((m) => m.num).join(', ')}`);
        const source = (await tx.query<OrderLine>(
          `select po_line_id::float8 as "poLineId", item_code as "itemCode", item_name as "itemName", quantity::text as quantity, uom_code as "uomCode", unit_price::text as "unitPrice", tax_code as "taxCode"
             from sodr_po_line where po_header_id = $1 and coalesce(cancelled_flag::text, '0') <> '1' order by line_num`, [id])).rows;
        if (!source.length) throw refused(`${o.num} has no line left to contract`);
        const plan: FromLinesPlan<OrderLine> = {
          header: 'contractHeader',
          from: 'poLine',
          headerValues: () => ({
            pcName: `${o.num} · ${o.supplierName}`.slice(0, 120), usageTypeCode: 'PURCHASE', supplierId: o.supplierId, supplierName: o.supplierName,
            companyId: o.companyId, companyName: o.company, currencyCode: o.currency, startDateActive: new Date().toISOString().slice(0, 10), remark: `From order ${o.num}`,
          }),
          lineValues: (l) => ({ itemCode: l.itemCode, itemName: l.itemName, quantity: Number(l.quantity), uomCode: l.uomCode ?? 'EA', unitPrice: l.unitPrice, ...(l.taxCode ? { taxCode: l.taxCode } : {}) }),
          sourceId: (l) => l.poLineId,
        };
        const [pc] = await documentsFromLines(ctx, tx, scope, plan, source);
        return pc!.header;
      });
    },
  );
}
