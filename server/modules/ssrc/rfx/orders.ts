import type { ServerContext } from '../../../context.ts';
import type { Queryable } from '../../../db/database.ts';
import { documentsFromLines, type FromLinesPlan } from '../../../documents/from-lines.ts';
import type { Scope } from '../../../resources/scope.ts';

interface Award {
  supplierId: number;
  supplierName: string;
  companyId: number | null;
  companyName: string;
  currencyCode: string;
  rfxNum: string;
  rfxLineId: number;
  itemCode: string;
  itemName: string;
  quantity: string;
  uomCode: string | null;
  unitPrice: string;
  neededDate: string | null;
  deliveryDate: string | null;
}

/** One order per awarded supplier, company and currency, at the awarded quantity and the quoted price. */
const ORDERS_FROM_AWARDS: FromLinesPlan<Award> = {
  header: 'poHeader',
  from: 'rfxLine',
  groupKey: (a) => `${a.supplierId}|${a.companyId}|${a.companyName}|${a.currencyCode}`,
  headerValues: ([first]) => ({ supplierId: first!.supplierId, supplierName: first!.supplierName, companyId: first!.companyId, companyName: first!.companyName, currencyCode: first!.currencyCode, remark: `From ${first!.rfxNum}` }),
  lineValues: (a) => ({ itemCode: a.itemCode, itemName: a.itemName, quantity: Number(a.quantity), uomCode: a.uomCode ?? 'EA', unitPrice: Number(a.unitPrice), needByDate: a.deliveryDate ?? a.neededDate }),
  sourceId: (a) => a.rfxLineId,
};

/**
 * A finished RFx's awards become draft purchase orders, as approved requisition lines do
 * (server/documents/from-lines.ts): one order per awarded supplier, company and currency, one
 * order line per awarded quotation line with the awarded quantity and the quoted price, numbered and
 * computed as any order. Runs inside the move to FINISHED, so a failure leaves the RFx unfinished.
 */
export async function createAwardOrders(ctx: ServerContext, tx: Queryable, scope: Scope, rfxId: number): Promise<number[]> {
  const awards = (
    await tx.query<Award>(
      `select q.supplier_id::float8 as "supplierId", s.supplier_name as "supplierName", h.company_id::float8 as "companyId", h.company_name as "companyName", h.currency_code as "currencyCode", h.rfx_num as "rfxNum", l.rfx_line_id::float8 as "rfxLineId",
              l.item_code as "itemCode", l.item_name as "itemName", q.award_quantity::text as quantity, l.uom_code as "uomCode", q.unit_price::text as "unitPrice",
              to_char(l.needed_date, 'YYYY-MM-DD') as "neededDate", to_char(q.delivery_date, 'YYYY-MM-DD') as "deliveryDate"
         from ssrc_rfx_quotation_line q
         join ssrc_rfx_line l on l.rfx_line_id = q.rfx_line_id
         join ssrc_rfx_header h on h.rfx_header_id = q.rfx_header_id
         join sslm_supplier s on s.supplier_id = q.supplier_id
        where q.rfx_header_id = $1 and q.current_flag = 1 and q.award_quantity > 0
        order by q.supplier_id, l.line_num`,
      [rfxId],
    )
  ).rows;
  const made = await documentsFromLines(ctx, tx, scope, ORDERS_FROM_AWARDS, awards);
  return made.map((m) => Number(m.header.poHeaderId));
}
