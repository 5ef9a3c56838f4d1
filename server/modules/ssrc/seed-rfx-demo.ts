import type { Queryable } from '../../db/database.ts';
import { DEMO_TENANT } from '../../seed/platform-seed.ts';
import type { SeedStep } from '../../seed/seed.ts';
import { loadEntities } from '../../resources/entities.ts';
import type { KeyRing } from '../../sealing/key-ring.ts';
import { sealStoredRows } from '../../sealing/sealed-rows.ts';

/** Demo RFx of the demo tenant, one per status a list shows: [title, status, round, start and end in days from now]. */
const DEMO: Array<[string, string, number, number, number]> = [
  ['Fasteners H1 2027', 'NEW', 1, 1, 8],
  // A draft just begun: its lines written, no supplier invited yet.
  ['Cutting tools 2027', 'NEW', 1, 2, 9],
  ['Packaging film 2027', 'RELEASE_APPROVING', 1, 1, 10],
  ['Safety equipment Q1', 'IN_QUOTATION', 1, -2, 5],
  ['Bearings framework', 'PAUSED', 1, -3, 4],
  ['Aluminium profiles', 'OPEN_BID_PENDING', 1, -10, -1],
  ['PCB assemblies v2', 'OPENED', 1, -12, -2],
  ['Maintenance services 2027', 'CHECK_PENDING', 2, -20, -5],
  ['Office supplies 2026', 'FINISHED', 1, -40, -30],
];

const at = (days: number) => new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 + days * 86_400_000).toISOString();

/**
 * Demo RFx of the sealed template in several statuses, two lines each, inviting S0001 (the demo
 * `supplier`'s) and S0003, with quotations from both where quoting began, so every RFx list has rows.
 */
async function seedDemoRfx(tx: Queryable, sealKeys: KeyRing): Promise<void> {
  const quotation = loadEntities().get('rfxQuotationLine')!;
  const tpl = (await tx.query<{ id: number }>("select template_id::float8 as id from ssrc_source_template where tenant_id = $1 and template_code = 'RFQ-SEALED'", [DEMO_TENANT])).rows[0];
  const sups = (await tx.query<{ id: number; name: string }>("select supplier_id::float8 as id, supplier_name as name from sslm_supplier where tenant_id = $1 and supplier_num in ('S0001', 'S0003') order by supplier_num", [DEMO_TENANT])).rows;
  if (!tpl || sups.length < 2) throw new Error('the demo RFx need the RFQ-SEALED template and suppliers S0001 and S0003');
  let n = 0;
  for (const [title, status, round, start, end] of DEMO) {
    n++;
    const released = !['NEW', 'RELEASE_APPROVING'].includes(status);
    const opened = ['OPENED', 'CHECK_PENDING', 'FINISHED'].includes(status);
    const h = await tx.query<{ id: number }>(
      `insert into ssrc_rfx_header (tenant_id, rfx_num, rfx_title, rfx_status, template_id, source_category, sealed_quotation_flag, round_limit, round_number, bargain_flag, show_rank_flag, scoring_method,
                                    release_approval_flag, result_approval_flag, password_flag, company_name, currency_code, quotation_start_date, quotation_end_date, source_from, released_date, opened_date, created_by, last_updated_by)
       values ($1, $2, $3, $4, $5, 'RFQ', 1, 2, $6, 1, 0, 'LOWEST_PRICE', 1, 1, 0, 'Demo Manufacturing Co.', 'CNY', $7, $8, 'MANUAL', $9, $10, 0, 0)
       returning rfx_header_id::float8 as id`,
      [DEMO_TENANT, `RFX2025-${String(n).padStart(5, '0')}`, title, status, tpl.id, round, at(start), at(end), released ? at(start) : null, opened ? at(end) : null],
    );
    const rfxId = h.rows[0]!.id;
    const quoted = released && status !== 'PAUSED';
    const items: Array<[string, string, number, number]> = [
      ['MAT-1001', 'Steel bolt M8x40', 500, 1.2],
      ['MAT-1009', 'Safety gloves', 200, 8.5],
    ];
    for (const [i, [code, name, qty, last]] of items.entries()) {
      const l = await tx.query<{ id: number }>(
        `insert into ssrc_rfx_line (tenant_id, rfx_header_id, line_num, item_code, item_name, quantity, uom_code, needed_date, last_price, awarded_quantity, created_by, last_updated_by)
         values ($1, $2, $3, $4, $5, $6, 'EA', current_date + 60, $7, $8, 0, 0) returning rfx_line_id::float8 as id`,
        [DEMO_TENANT, rfxId, i + 1, code, name, qty, last, status === 'FINISHED' ? qty : null],
      );
      if (!quoted) continue;
      for (const [k, s] of sups.entries()) {
        const price = Math.round(last * (0.9 + 0.08 * k + 0.03 * i) * 100) / 100;
        const award = status === 'FINISHED' && k === 0 ? qty : null;
        await tx.query(
          `insert into ssrc_rfx_quotation_line (tenant_id, rfx_header_id, rfx_line_id, line_num, item_name, supplier_id, supplier_name, round_number, unit_price, tax_rate, quoted_quantity, delivery_date, quoted_date, current_flag, award_quantity, award_ratio, created_by, last_updated_by)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, 13, $10, current_date + 45, now() - interval '1 day', 1, $11, $12, 0, 0)`,
          [DEMO_TENANT, rfxId, l.rows[0]!.id, i + 1, name, s.id, s.name, round, price, qty, award, award === null ? null : 100],
        );
      }
    }
    // Offers of an RFx not yet opened are stored sealed, as real ones are.
    if (quoted && !opened) await sealStoredRows(tx, sealKeys, quotation, rfxId);
    if (title === 'Cutting tools 2027') continue;
    for (const s of sups)
      await tx.query(
        `insert into ssrc_rfx_supplier (tenant_id, rfx_header_id, supplier_id, supplier_name, quoted_flag, quoted_round, quoted_date, created_by, last_updated_by)
         values ($1, $2, $3, $4, $5, $6, $7, 0, 0)`,
        [DEMO_TENANT, rfxId, s.id, s.name, quoted ? 1 : 0, quoted ? round : null, quoted ? at(-1) : null],
      );
  }
}

export const step: SeedStep = { version: 'seed:ssrc-rfx-demo:v1', run: (tx, opts) => seedDemoRfx(tx, opts.sealKeys) };
