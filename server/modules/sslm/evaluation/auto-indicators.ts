import type { Queryable } from '../../../db/database.ts';

/** What an automatic indicator found for one supplier in the period: a 0–100 ratio (numeric text) and how it was reached. */
export interface AutoResult {
  /** Share of the best possible result in percent, as SQL numeric text; null when the period holds no data. */
  percent: string | null;
  basis: string;
}

interface Period {
  tenantId: number;
  supplierId: number;
  from: string;
  to: string;
}

/**
 * On-time delivery: of the order lines the supplier confirmed (orders CONFIRMED or CLOSED, lines
 * not cancelled) whose need-by date falls in the period, the share promised on or before that date.
 */
async function onTime(tx: Queryable, p: Period): Promise<AutoResult> {
  const r = await tx.query<{ ok: number; n: number; pct: string | null }>(
    `select count(*) filter (where l.promise_delivery_date <= l.need_by_date)::int as ok, count(*)::int as n,
            case when count(*) = 0 then null else (count(*) filter (where l.promise_delivery_date <= l.need_by_date))::numeric * 100 / count(*) end::text as pct
       from sodr_po_line l join sodr_po_header h on h.po_header_id = l.po_header_id
      where h.tenant_id = $1 and h.supplier_id = $2 and h.status_code in ('CONFIRMED', 'CLOSED')
        and l.cancelled_flag = 0 and l.promise_delivery_date is not null and l.need_by_date between $3::date and $4::date`,
    [p.tenantId, p.supplierId, p.from, p.to],
  );
  const { ok, n, pct } = r.rows[0]!;
  return { percent: pct, basis: n ? `${ok}/${n} confirmed order lines promised by their need-by date` : 'No confirmed order lines due in the period' };
}

/**
 * Price competitiveness: on each RFx line the supplier quoted in the period (its current quotation),
 * the lowest current price of all suppliers over the supplier's price, averaged over those lines.
 */
async function price(tx: Queryable, p: Period): Promise<AutoResult> {
  const r = await tx.query<{ n: number; pct: string | null }>(
    `with q as (
       select rfx_line_id, supplier_id, unit_price from ssrc_rfx_quotation_line
        where tenant_id = $1 and current_flag = 1 and unit_price > 0 and quoted_date::date between $3::date and $4::date
     ), best as (select rfx_line_id, min(unit_price) as low from q group by rfx_line_id)
     select count(*)::int as n, (avg(b.low / q.unit_price) * 100)::text as pct
       from q join best b on b.rfx_line_id = q.rfx_line_id where q.supplier_id = $2`,
    [p.tenantId, p.supplierId, p.from, p.to],
  );
  const { n, pct } = r.rows[0]!;
  return { percent: n ? pct : null, basis: n ? `${n} quoted RFx lines against the lowest price quoted` : 'No RFx quotations in the period' };
}

/** Quality: the average total score of the supplier's quality audits closed in the period. */
async function quality(tx: Queryable, p: Period): Promise<AutoResult> {
  const r = await tx.query<{ n: number; pct: string | null }>(
    `select count(*)::int as n, avg(total_score)::text as pct from sslm_quality_audit
      where tenant_id = $1 and supplier_id = $2 and audit_status = 'CLOSED' and total_score is not null and closed_date::date between $3::date and $4::date`,
    [p.tenantId, p.supplierId, p.from, p.to],
  );
  const { n, pct } = r.rows[0]!;
  return { percent: n ? pct : null, basis: n ? `Average of ${n} closed quality audits` : 'No closed quality audits in the period' };
}

export const AUTO_SOURCES: Record<string, (tx: Queryable, p: Period) => Promise<AutoResult>> = { ON_TIME: onTime, PRICE: price, QUALITY: quality };
