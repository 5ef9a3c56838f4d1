import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.ts';
import { documentsFromLines, type FromLinesPlan } from '../../documents/from-lines.ts';
import { badRequest, HttpError, notFound } from '../../http/errors.ts';
import { defineRoute } from '../../http/module-route.ts';

type Row = Record<string, unknown>;

interface SourceLine {
  prLineId: number;
  prHeaderId: number;
  lineNum: number;
  displayPrNum: string;
  status: string;
  execution: string;
  cancelled: number | null;
  displayPoNum: string | null;
  itemCode: string;
  itemName: string;
  quantity: string;
  uomCode: string | null;
  unitPrice: string | null;
  neededDate: string | null;
  supplierId: number | null;
  supplierName: string | null;
  companyId: number | null;
  companyName: string;
  currencyCode: string;
}

/** One draft order per supplier, company and currency, with the lines' items, quantities, prices and dates. */
const ORDERS_FROM_REQUISITIONS: FromLinesPlan<SourceLine> = {
  header: 'poHeader',
  from: 'prLine',
  groupKey: (l) => `${l.supplierId}|${l.companyId}|${l.companyName}|${l.currencyCode}`,
  headerValues: (group) => {
    const first = group[0]!;
    return { supplierId: first.supplierId, supplierName: first.supplierName, companyId: first.companyId, companyName: first.companyName, currencyCode: first.currencyCode, remark: `From ${[...new Set(group.map((l) => l.displayPrNum))].join(', ')}` };
  },
  lineValues: (l) => ({ itemCode: l.itemCode, itemName: l.itemName, quantity: Number(l.quantity), uomCode: l.uomCode ?? 'EA', unitPrice: Number(l.unitPrice ?? 0), needByDate: l.neededDate }),
  sourceId: (l) => l.prLineId,
};

const conflict = (message: string, field = 'prLineId') => Object.assign(new HttpError(409, 'error.requisition.not_orderable', message), { field });

/**
 * Approved requisition lines become orders (`/sodr/purchase-order-maintain/quote-purchase-requisition`):
 * lines are grouped by suggested supplier, company and currency, one draft order per group with the
 * lines' items, quantities, prices and dates, numbered and computed as any order; the lines are
 * marked ordered with the order's number. Everything happens in one transaction with the lines
 * locked, so a line is never ordered twice, even by two buyers at once; any refused line refuses all.
 */
export async function orderFromRequisitionRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  defineRoute(
    app,
    ctx,
    {
      method: 'POST',
      url: '/sodr/v1/:tenantId/po-headers/from-requisitions',
      entity: 'poHeader',
      access: 'write',
      schema: {
        params: { type: 'object', properties: { tenantId: { type: 'integer' } } },
        // `supplierId`: the buyer's choice for a line whose requisition suggests no supplier.
        body: { type: 'array', minItems: 1, maxItems: 1000, items: { type: 'object', required: ['prLineId'], properties: { prLineId: { type: 'integer', minimum: 1 }, supplierId: { type: ['integer', 'null'], minimum: 1 } } } },
      },
    },
    async (req, scope) => {
      const items = req.body as Array<{ prLineId: number; supplierId?: number | null }>;
      const ids = [...new Set(items.map((r) => r.prLineId))];
      const chosen = new Map(items.filter((r) => r.supplierId).map((r) => [r.prLineId, r.supplierId!]));
      return ctx.db.transaction(async (tx) => {
        const found = (
          await tx.query<SourceLine>(
            `select l.pr_line_id::float8 as "prLineId", l.pr_header_id::float8 as "prHeaderId", l.line_num::int as "lineNum", h.display_pr_num as "displayPrNum",
                    h.pr_status_code as status, l.execution_status_code as execution, l.cancelled_flag::int as cancelled, l.display_po_num as "displayPoNum", l.item_code as "itemCode", l.item_name as "itemName",
                    l.quantity::text as quantity, l.uom_code as "uomCode", l.unit_price::text as "unitPrice", to_char(l.needed_date, 'YYYY-MM-DD') as "neededDate",
                    l.suggested_supplier_id::float8 as "supplierId", s.supplier_name as "supplierName", h.company_id::float8 as "companyId", h.company_name as "companyName", h.currency_code as "currencyCode"
               from sprm_pr_line l join sprm_pr_header h on h.pr_header_id = l.pr_header_id
               left join sslm_supplier s on s.supplier_id = l.suggested_supplier_id and s.tenant_id = l.tenant_id
              where l.tenant_id = $1 and l.pr_line_id = any($2::bigint[])
              order by l.pr_header_id, l.line_num
              for update of l`,
            [scope.tenantId, ids],
          )
        ).rows;
        const missing = ids.filter((id) => !found.some((l) => l.prLineId === id));
        if (missing.length) throw notFound(`prLineId ${missing.join(', ')} not found`);
        // A line without a suggested supplier is ordered from the one the buyer chose for it (a
        // supplier of the tenant, as the lookup offers); a suggested one stays as the requisition says.
        for (const l of found) {
          const pick = chosen.get(l.prLineId);
          if (l.supplierId || !pick) continue;
          const sup = (await tx.query<{ name: string }>('select supplier_name as name from sslm_supplier where supplier_id = $1 and tenant_id = $2', [pick, scope.tenantId])).rows[0];
          if (!sup) throw Object.assign(badRequest(`${l.displayPrNum} line ${l.lineNum}: the chosen supplier ${pick} is not a supplier of this tenant`), { field: 'supplierId' });
          l.supplierId = pick;
          l.supplierName = sup.name;
        }
        for (const l of found) {
          const name = `${l.displayPrNum} line ${l.lineNum}`;
          if (l.status !== 'APPROVED') throw conflict(`${name}: the requisition is ${l.status}; only approved requisitions are ordered`);
          if (l.cancelled === 1) throw conflict(`${name} is cancelled`);
          if (l.execution === 'SOURCED') throw conflict(`${name} is being sourced in an RFx; it is ordered from the RFx's award`);
          if (l.execution !== 'NONE') throw conflict(`${name} is already ordered${l.displayPoNum ? ` in ${l.displayPoNum}` : ''}`);
          if (!l.supplierId || !l.supplierName) throw Object.assign(badRequest(`${name} names no supplier: choose the supplier to order it from`), { field: 'supplierId' });
        }
        const made = await documentsFromLines(ctx, tx, scope, ORDERS_FROM_REQUISITIONS, found);
        const created: Row[] = [];
        for (const { header, sources } of made) {
          await tx.query(
            `update sprm_pr_line set execution_status_code = 'ORDERED', ordered_quantity = quantity, display_po_num = $2,
                    object_version_number = object_version_number + 1, last_update_date = now(), last_updated_by = $3
              where pr_line_id = any($1::bigint[])`,
            [sources.map((l) => l.prLineId), header.displayPoNum, scope.auth.userId],
          );
          created.push({ ...header, prLineIds: sources.map((l) => l.prLineId) });
        }
        return created;
      });
    },
  );
}
