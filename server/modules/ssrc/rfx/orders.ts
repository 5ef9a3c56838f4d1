import type { ServerContext } from '../../../context.ts';
import type { Queryable } from '../../../db/database.ts';
import { recomputeAfterWrite } from '../../../resources/formulas.ts';
import { EntityRepository } from '../../../resources/repository.ts';
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

/**
 * A finished RFx's awards become draft purchase orders, as approved requisition lines do
 * (sprm/order-from-requisitions.ts): one order per awarded supplier, company and currency, one
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
  const headers = new EntityRepository(ctx.entities.get('poHeader')!, ctx);
  const lines = new EntityRepository(ctx.entities.get('poLine')!, ctx);
  const groups = new Map<string, Award[]>();
  for (const a of awards) {
    const key = `${a.supplierId}|${a.companyId}|${a.companyName}|${a.currencyCode}`;
    groups.set(key, [...(groups.get(key) ?? []), a]);
  }
  const ids: number[] = [];
  for (const group of groups.values()) {
    const first = group[0]!;
    const po = await headers.create(scope, { supplierId: first.supplierId, supplierName: first.supplierName, companyId: first.companyId, companyName: first.companyName, currencyCode: first.currencyCode, remark: `From ${first.rfxNum}` }, { tx });
    for (const a of group)
      await lines.create(
        scope,
        { poHeaderId: po.poHeaderId, itemCode: a.itemCode, itemName: a.itemName, quantity: Number(a.quantity), uomCode: a.uomCode ?? 'EA', unitPrice: Number(a.unitPrice), needByDate: a.deliveryDate ?? a.neededDate },
        { tx, bulk: true, set: { rfxLineId: a.rfxLineId } },
      );
    await recomputeAfterWrite(tx, ctx.entities.get('poHeader')!, ctx.entities, Number(po.poHeaderId));
    ids.push(Number(po.poHeaderId));
  }
  return ids;
}
