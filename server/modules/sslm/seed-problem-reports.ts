import type { Queryable } from '../../db/database.ts';
import { formatNumber, reserveNumbers } from '../../resources/numbering.ts';
import type { SeedStep } from '../../seed/seed.ts';
import { DEMO_TENANT } from '../../seed/platform-seed.ts';

/*
 * Demo 8D problem reports, one per stage of the cycle, so both lists show the statuses a user meets.
 * TypeScript rather than a recipe: the rows must point at given suppliers of the master (the demo
 * supplier user's S0001 and S0002) and draw their numbers from the counter later reports continue.
 */

type Report = {
  supplier: string;
  status: string;
  title: string;
  severity: string;
  occurred: string;
  item?: [string, string];
  qty?: number;
  description: string;
  team?: string;
  containment?: string;
  rootCause?: string;
  corrective?: string;
  pcaDue?: string;
  implementation?: string;
  prevent?: string;
  feedback?: string;
  verification?: string;
  closing?: string;
};

const REPORTS: Report[] = [
  {
    supplier: 'S0001', status: 'COMPLETED', title: 'Bearing housings out of tolerance', severity: 'MAJOR', occurred: '2025-09-03', item: ['MAT-BH-204', 'Bearing housing 204'], qty: 120,
    description: 'Incoming inspection found bore diameter 0.04 mm above tolerance on 120 of 800 pieces (lot 2509-17).',
    team: 'Zhou Min (quality), Li Wei (process), Bella Buyer', containment: 'Lot 2509-17 sorted at our site; good parts shipped with 100% bore check.',
    rootCause: 'Worn boring tool not replaced at the scheduled count.', corrective: 'Tool life counter on the CNC locks the machine at the limit.', pcaDue: '2025-10-15',
    implementation: 'Counter installed on lines 2 and 3; three lots since without deviation.', prevent: 'Tool life limits added to the control plan of all housings.',
    verification: 'Three consecutive lots inspected: all within tolerance.', closing: 'Closed: corrective action effective.',
  },
  {
    supplier: 'S0001', status: 'PCA_SUBMITTED', title: 'Scratches on painted covers', severity: 'MINOR', occurred: '2026-10-12', item: ['MAT-CV-110', 'Painted cover 110'], qty: 35,
    description: 'Visible scratches on the painted face of 35 covers on arrival.',
    team: 'Zhou Min, packaging engineer', containment: 'Covers now shipped with foam separators.',
    rootCause: 'Covers stacked without separators after painting.', corrective: 'Separators at the paint line exit, packing instruction updated.', pcaDue: '2026-12-15',
    implementation: 'Instruction issued 2026-11-02.', prevent: 'Packing audits added to the monthly layered audit.',
  },
  {
    supplier: 'S0001', status: 'PUBLISHED', title: 'Wrong label on shipment', severity: 'MINOR', occurred: '2026-11-20', qty: 1,
    description: 'Delivery note and box labels carried another customer\'s part number.',
  },
  {
    supplier: 'S0002', status: 'ICA_SUBMITTED', title: 'Connector pins bent', severity: 'CRITICAL', occurred: '2026-11-05', item: ['MAT-CN-12', 'Connector 12-pin'], qty: 400,
    description: 'Bent pins on 400 connectors stopped the assembly line for two hours.',
    team: 'Lin Tao (quality), assembly supervisor', containment: 'Stock at our warehouse and in transit quarantined; replacement lot inspected pin by pin.',
  },
  {
    supplier: 'S0003', status: 'NEW', title: 'Discoloured plastic trays', severity: 'MAJOR', occurred: '2026-11-25', item: ['MAT-TR-300', 'Plastic tray 300'], qty: 60,
    description: 'Yellowish trays in the last lot; not yet sent to the supplier.',
  },
];

async function seedProblemReports(tx: Queryable): Promise<void> {
  const T = DEMO_TENANT;
  const buyer = (await tx.query<{ id: number }>("select id::float8 as id from iam_user where login_name = 'buyer'")).rows[0]!.id;
  for (const r of REPORTS) {
    const s = (await tx.query<{ id: number; name: string }>('select supplier_id::float8 as id, supplier_name as name from sslm_supplier where tenant_id = $1 and supplier_num = $2', [T, r.supplier])).rows[0]!;
    const num = formatNumber('8D', await reserveNumbers(tx, 'SSLM.PROBLEM_NUM', T));
    await tx.query(
      `insert into sslm_problem_report (tenant_id, problem_num, title, supplier_id, supplier_name, item_code, item_name, severity, occurred_date, defect_quantity, problem_description,
         response_due_date, team_members, containment_action, containment_date, root_cause, corrective_action, pca_due_date, implementation_result, prevent_action,
         feedback, verification_result, closing_remark, problem_status, completed_date, created_by, last_updated_by)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9::date, $10, $11, $9::date + 14, $12, $13, case when $13::text is not null then $9::date + 2 end, $14, $15, $16::date, $17, $18,
         $19, $20, $21, $22::text, case when $22::text = 'COMPLETED' then $16::date + 10 end, $23, $23)`,
      [T, num, r.title, s.id, s.name, r.item?.[0] ?? null, r.item?.[1] ?? null, r.severity, r.occurred, r.qty ?? null, r.description,
        r.team ?? null, r.containment ?? null, r.rootCause ?? null, r.corrective ?? null, r.pcaDue ?? null, r.implementation ?? null, r.prevent ?? null,
        r.feedback ?? null, r.verification ?? null, r.closing ?? null, r.status, buyer],
    );
  }
}

export const step: SeedStep = { version: 'seed:sslm-problem-reports:v1', run: (tx) => seedProblemReports(tx) };
