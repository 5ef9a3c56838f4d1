import type { Queryable } from '../../db/database.ts';
import { DEMO_TENANT, SECOND_TENANT } from '../../seed/platform-seed.ts';
import type { SeedStep } from '../../seed/seed.ts';
import { deployDemoProcess, singleApprovalXml } from '../hwfl/seed-processes.ts';

const PROCESS = 'SSRC_RFX_RESULT_APPROVAL';
const APPROVER: Record<number, string> = { [DEMO_TENANT]: 'user:approver', [SECOND_TENANT]: 'user:admin2' };

/** Demo RFx of the demo tenant, one per status a list shows: [title, status, round, start and end in days from now]. */
const DEMO: Array<[string, string, number, number, number]> = [
  ['Fasteners H1 2027', 'NEW', 1, 1, 8],
  ['Packaging film 2027', 'RELEASE_APPROVING', 1, 1, 10],
  ['Safety equipment Q1', 'IN_QUOTATION', 1, -2, 5],
  ['Bearings framework', 'PAUSED', 1, -3, 4],
  ['Aluminium profiles', 'OPEN_BID_PENDING', 1, -10, -1],
  ['PCB assemblies v2', 'OPENED', 1, -12, -2],
  ['Maintenance services 2027', 'CHECK_PENDING', 2, -20, -5],
  ['Office supplies 2026', 'FINISHED', 1, -40, -30],
];

/**
 * The RFx result approval (rfx-header.json `workflow`): one step by the purchasing manager, deployed
 * in each demo tenant; and demo RFx of the sealed template in several statuses, two lines each,
 * inviting S0001 (the demo `supplier`'s) and S0003, with quotations from both where quoting began.
 */
async function seedRfx(tx: Queryable): Promise<void> {
  for (const [tenant, assignee] of Object.entries(APPROVER))
    await deployDemoProcess(tx, Number(tenant), PROCESS, 'RFx result approval', 'The purchasing manager approves the awards of an RFx', singleApprovalXml(PROCESS, 'RFx result approval', 'Purchasing manager', assignee));
  const tpl = (await tx.query<{ id: number }>("select template_id::float8 as id from ssrc_source_template where tenant_id = $1 and template_code = 'RFQ-SEALED'", [DEMO_TENANT])).rows[0];
  const sups = (await tx.query<{ id: number; name: string }>("select supplier_id::float8 as id, supplier_name as name from sslm_supplier where tenant_id = $1 and supplier_num in ('S0001', 'S0003') order by supplier_num", [DEMO_TENANT])).rows;
  if (!tpl || sups.length < 2) return;
  let n = 0;
  for (const [title, status, round, start, end] of DEMO) {
    n++;
    const h = await tx.query<{ id: number }>(
      `insert into ssrc_rfx_header (tenant_id, rfx_num, rfx_title, rfx_status, template_id, source_category, sealed_quotation_flag, round_limit, round_number, bargain_flag, show_rank_flag, scoring_method,
                                    release_approval_flag, result_approval_flag, password_flag, company_name, currency_code, quotation_start_date, quotation_end_date, source_from, released_date, opened_date, created_by, last_updated_by)
       values ($1, $2, $3, $4, $5, 'RFQ', 1, 2, $6, 1, 0, 'LOWEST_PRICE', 1, 1, 0, 'Demo Manufacturing Co.', 'CNY', date_trunc('hour', now()) + make_interval(days => $7), date_trunc('hour', now()) + make_interval(days => $8), 'MANUAL',
               case when $4 in ('NEW', 'RELEASE_APPROVING') then null else date_trunc('hour', now()) + make_interval(days => $7) end,
               case when $4 in ('OPENED', 'CHECK_PENDING', 'FINISHED') then date_trunc('hour', now()) + make_interval(days => $8) end, 0, 0)
       returning rfx_header_id::float8 as id`,
      [DEMO_TENANT, `RFX2025-${String(n).padStart(5, '0')}`, title, status, tpl.id, round, start, end],
    );
    const rfxId = h.rows[0]!.id;
    const items: Array<[string, string, number, number]> = [['MAT-1001', 'Steel bolt M8x40', 500, 1.2], ['MAT-1009', 'Safety gloves', 200, 8.5]];
    const quoting = !['NEW', 'RELEASE_APPROVING'].includes(status);
    for (const [i, [code, name, qty, last]] of items.entries()) {
      const l = await tx.query<{ id: number }>(
        `insert into ssrc_rfx_line (tenant_id, rfx_header_id, line_num, item_code, item_name, quantity, uom_code, needed_date, last_price, awarded_quantity, created_by, last_updated_by)
         values ($1, $2, $3, $4, $5, $6, 'EA', current_date + 60, $7, $8, 0, 0) returning rfx_line_id::float8 as id`,
        [DEMO_TENANT, rfxId, i + 1, code, name, qty, last, status === 'FINISHED' ? qty : null],
      );
      if (!quoting || status === 'PAUSED') continue;
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
    for (const s of sups)
      await tx.query(
        `insert into ssrc_rfx_supplier (tenant_id, rfx_header_id, supplier_id, supplier_name, quoted_flag, quoted_round, quoted_date, created_by, last_updated_by)
         values ($1, $2, $3, $4, $5, $6, $7, 0, 0)`,
        [DEMO_TENANT, rfxId, s.id, s.name, quoting && status !== 'PAUSED' ? 1 : 0, quoting && status !== 'PAUSED' ? round : null, quoting && status !== 'PAUSED' ? new Date(Date.now() - 86_400_000).toISOString() : null],
      );
  }
}

export const step: SeedStep = { version: 'seed:ssrc-rfx:v1', run: (tx) => seedRfx(tx) };
