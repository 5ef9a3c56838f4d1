import type { Queryable } from '../../db/database.ts';
import { DEMO_TENANT } from '../../seed/platform-seed.ts';
import type { SeedStep } from '../../seed/seed.ts';

/**
 * An RFx open to any supplier (a template whose method is OPEN), in quotation, so the public RFx
 * page (`/pub/ssrc/inquiry-hall/rfx-detail/:rfxId`) has something to show: the demo RFx are all
 * invite-only, which the public page rightly does not show. It follows the demo RFx (ids 1–9).
 */
async function seedPublicRfx(tx: Queryable): Promise<void> {
  const t = await tx.query<{ id: number }>(
    `insert into ssrc_source_template (tenant_id, template_code, template_name, template_status, source_category, source_method, sealed_quotation_flag, round_limit, bargain_flag, show_rank_flag, scoring_method,
                                       release_approval_flag, result_approval_flag, created_by, last_updated_by)
     values ($1, 'RFQ-PUBLIC', 'Public RFQ, open to any supplier', 'RELEASED', 'RFQ', 'OPEN', 0, 1, 0, 1, 'LOWEST_PRICE', 0, 0, 0, 0) returning template_id::float8 as id`,
    [DEMO_TENANT],
  );
  const h = await tx.query<{ id: number }>(
    `insert into ssrc_rfx_header (tenant_id, rfx_num, rfx_title, rfx_status, template_id, source_category, sealed_quotation_flag, round_limit, round_number, bargain_flag, show_rank_flag, scoring_method,
                                  release_approval_flag, result_approval_flag, password_flag, company_name, currency_code, quotation_start_date, quotation_end_date, source_from, released_date, created_by, last_updated_by)
     values ($1, 'RFX2025-00010', 'Open call: wooden pallets 2027', 'IN_QUOTATION', $2, 'RFQ', 0, 1, 1, 0, 1, 'LOWEST_PRICE', 0, 0, 0, 'Demo Manufacturing Co.', 'CNY',
             date_trunc('hour', now()) - interval '1 day', date_trunc('hour', now()) + interval '10 days', 'MANUAL', date_trunc('hour', now()) - interval '1 day', 0, 0)
     returning rfx_header_id::float8 as id`,
    [DEMO_TENANT, t.rows[0]!.id],
  );
  const id = h.rows[0]!.id;
  for (const [n, code, name, qty] of [[1, 'PAL-1200', 'Wooden pallet 1200×1000', 800], [2, 'PAL-1100', 'Wooden pallet 1100×1100', 300]] as const)
    await tx.query(
      `insert into ssrc_rfx_line (tenant_id, rfx_header_id, line_num, item_code, item_name, quantity, uom_code, needed_date, last_price, created_by, last_updated_by)
       values ($1, $2, $3, $4, $5, $6, 'EA', current_date + 45, 55, 0, 0)`,
      [DEMO_TENANT, id, n, code, name, qty],
    );
  await tx.query(
    `insert into ssrc_rfx_supplier (tenant_id, rfx_header_id, supplier_id, supplier_name, quoted_flag, created_by, last_updated_by)
     select tenant_id, $2, supplier_id, supplier_name, 0, 0, 0 from sslm_supplier where tenant_id = $1 and supplier_num = 'S0001'`,
    [DEMO_TENANT, id],
  );
}

export const step: SeedStep = { version: 'seed:ssrc-rfx-public:v1', run: (tx) => seedPublicRfx(tx) };
