import tenderDecision from '../../../schemas/entities/tender/tender-decision.json' with { type: 'json' };
import tenderHeader from '../../../schemas/entities/tender/tender-header.json' with { type: 'json' };
import type { EntityWorkflow } from '../../../renderer/schema/entity.ts';
import type { Queryable } from '../../db/database.ts';
import { loadEntities } from '../../resources/entities.ts';
import { recomputeAll } from '../../resources/formulas.ts';
import { DEMO_TENANT, SECOND_TENANT } from '../../seed/platform-seed.ts';
import type { SeedStep } from '../../seed/seed.ts';
import type { KeyRing } from '../../sealing/key-ring.ts';
import { sealStoredRows } from '../../sealing/sealed-rows.ts';
import { deployDemoProcess, singleApprovalXml, startSeededApprovals } from '../hwfl/seed-processes.ts';
import { writeScoreSheets } from './evaluation.ts';
import { createBranchConfirms } from './stnd.ts';

const WF = tenderHeader.workflow as EntityWorkflow;
const DECISION_WF = tenderDecision.workflow as EntityWorkflow;

/** Demo tenders: [number, title, status, bidding start, bidding end, opening, in days from now, evaluation]. */
const DEMO: Array<[string, string, string, number, number, number, string]> = [
  ['TD2026-00001', 'Plant HVAC renovation 2027', 'NEW', 3, 20, 21, 'LOWEST_PRICE'],
  ['TD2026-00002', 'Warehouse racking 2027', 'RELEASE_APPROVING', 3, 18, 19, 'LOWEST_PRICE'],
  ['TD2026-00003', 'Office fit-out, lots A and B', 'PUBLISHED', -2, 6, 7, 'LOWEST_PRICE'],
  ['TD2026-00004', 'Forklift fleet 2026', 'OPENED', -20, -6, -5, 'LOWEST_PRICE'],
  // After opening: one with the expert scoring, one whose award awaits approval, one awarded.
  ['TD2025-00001', 'Packaging line 2026', 'EVALUATING', -30, -12, -11, 'COMPREHENSIVE'],
  ['TD2025-00002', 'Boiler service 2026', 'OPENED', -40, -20, -19, 'LOWEST_PRICE'],
  ['TD2025-00003', 'Canteen equipment 2026', 'AWARDED', -60, -40, -39, 'LOWEST_PRICE'],
];
const OPENED = ['OPENED', 'EVALUATING', 'AWARDED'];
const LOTS: Array<[string, string, number]> = [
  ['Lot A: supply', 'Equipment', 420000],
  ['Lot B: installation and service', 'Services', 180000],
];

const at = (days: number) => new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 + days * 86_400_000).toISOString();

/**
 * Tendering's demo: the release approval process (the purchasing manager approves, as for bid
 * plans) in both demo tenants, and four tenders of the demo tenant with two lots each — a draft, one
 * in release approval (its task waiting for the approver), one published with the demo `supplier`
 * (S0001) qualified and bidding while S0003 awaits pre-qualification (its clarification letters
 * and question are fixed rows of the tender clarify entity files, tender 3), and one opened with both bids;
 * after opening, one being scored, one whose award awaits approval and one awarded, whose lots wait
 * for their branch companies' confirmation.
 */
async function seedTender(tx: Queryable, sealKeys: KeyRing): Promise<void> {
  for (const [tenantId, approver] of [[DEMO_TENANT, 'user:approver'], [SECOND_TENANT, 'user:admin2']] as const)
  {
    await deployDemoProcess(tx, tenantId, WF.process, 'Tender release approval', 'The purchasing manager approves a tender before its notice is published', singleApprovalXml(WF.process, 'Tender release approval', 'Purchasing manager', approver));
    await deployDemoProcess(tx, tenantId, DECISION_WF.process, 'Tender award approval', 'The purchasing manager approves the award decision of a tender', singleApprovalXml(DECISION_WF.process, 'Tender award approval', 'Purchasing manager', approver));
  }
  const sups = (await tx.query<{ id: number; name: string }>("select supplier_id::float8 as id, supplier_name as name from sslm_supplier where tenant_id = $1 and supplier_num in ('S0001', 'S0003') order by supplier_num", [DEMO_TENANT])).rows;
  if (sups.length < 2) throw new Error('the demo tenders need suppliers S0001 and S0003');
  const template = (await tx.query<{ id: number }>("select template_id::float8 as id from ssrc_score_template where tenant_id = $1 and template_code = 'ST-GENERAL'", [DEMO_TENANT])).rows[0]?.id ?? null;
  const byNum = new Map<string, number>();
  for (const [num, title, status, start, end, open, method] of DEMO) {
    const released = ['PUBLISHED', ...OPENED].includes(status);
    const opened = OPENED.includes(status);
    const h = await tx.query<{ id: number }>(
      `insert into tender_header (tenant_id, tender_num, tender_title, tender_status, eval_method, company_name, currency_code, bid_bond, pre_qualification_flag, prequal_end_date, clarify_end_time,
                                  quotation_start_date, quotation_end_date, bid_open_date, bid_open_location, release_approval_flag, password_flag, released_date, published_date, opened_date, notice_content, created_by, last_updated_by,
                                  two_stage_flag, round_number, opened_round, commercial_round, score_template_id)
       values ($1, $2, $3, $4, $13, 'Demo Manufacturing Co.', 'CNY', 20000, 1, $5, $5, $6, $7, $8, 'Meeting room 3, head office', 1, 0, $9, $9, $10, $11, 0, 0, 0, 1, $12, $12, $14)
       returning tender_header_id::float8 as id`,
      [DEMO_TENANT, num, title, status, at(end - 2), at(start), at(end), at(open), released ? at(start - 1) : null, opened ? at(open) : null,
        `<p>${title}: suppliers qualified for the lots below are invited to bid.</p>`, opened ? 1 : 0, method, method === 'COMPREHENSIVE' ? template : null],
    );
    const id = h.rows[0]!.id;
    byNum.set(num, id);
    const lots: number[] = [];
    for (const [i, [name, category, budget]] of LOTS.entries()) {
      const s = await tx.query<{ id: number }>(
        `insert into tender_section (tenant_id, tender_header_id, section_num, section_name, item_category, quantity, uom_code, budget_amount, created_by, last_updated_by)
         values ($1, $2, $3, $4, $5, 1, 'LOT', $6, 0, 0) returning section_id::float8 as id`,
        [DEMO_TENANT, id, i + 1, name, category, budget],
      );
      lots.push(s.rows[0]!.id);
    }
    if (!released) continue;
    for (const [k, s] of sups.entries()) {
      const qualified = opened || k === 0;
      await tx.query(
        `insert into tender_supplier (tenant_id, tender_header_id, tender_num, tender_title, supplier_id, supplier_name, signup_status, signup_date, application_remark, bond_amount, bond_paid_flag, bond_paid_date, bid_flag, created_by, last_updated_by, round_number)
         values ($1, $2, $3, $4, $5, $6, $7, $8, 'Qualification documents attached', $9, $10, $11, $12, 0, 0, 1)`,
        [DEMO_TENANT, id, num, title, s.id, s.name, qualified ? 'QUALIFIED' : 'SUBMITTED', at(start - 1), qualified ? 20000 : null, qualified ? 1 : 0, qualified ? at(start).slice(0, 10) : null, qualified ? 1 : 0],
      );
      if (!qualified) continue;
      for (const [i, lot] of lots.entries()) {
        if (status === 'PUBLISHED' && i > 0) continue;
        const amount = (LOTS[i]![2] * (0.88 + 0.05 * k)).toFixed(2);
        await tx.query(
          `insert into tender_bid (tenant_id, tender_header_id, section_id, section_num, section_name, supplier_id, supplier_name, bid_status, revision_number, submitted_date,
                                   technical_proposal, bid_amount, tax_rate, delivery_period, created_by, last_updated_by, round_number)
           values ($1, $2, $3, $4, $5, $6, $7, 'SUBMITTED', 1, $8, $9, $10::numeric, 13, $11, 0, 0, 1)`,
          [DEMO_TENANT, id, lot, i + 1, LOTS[i]![0], s.id, s.name, at(end - 1), `Technical proposal of ${s.name} for ${LOTS[i]![0]}`, amount, 60 + 15 * k],
        );
      }
    }
  }
  const approving = await tx.query<Record<string, unknown>>(
    `select tender_header_id::float8 as "tenderHeaderId", tender_num as "tenderNum", tender_title as "tenderTitle", tender_status as "tenderStatus", company_name as "companyName"
       from tender_header where tenant_id = $1 and tender_status = 'RELEASE_APPROVING' order by tender_header_id`,
    [DEMO_TENANT],
  );
  await startSeededApprovals(tx, DEMO_TENANT, 'buyer', 'tenderHeader', 'tenderHeaderId', WF, approving.rows);
  await seedEvaluation(tx, byNum.get('TD2025-00001')!);
  await seedDecision(tx, byNum.get('TD2025-00002')!, 'APPROVING', 1);
  await seedDecision(tx, byNum.get('TD2025-00003')!, 'APPROVED', 2);
  await seedBranchConfirms(tx, byNum.get('TD2025-00003')!);
  const entities = loadEntities();
  // Bids of tenders not yet opened are stored sealed, as real ones are.
  const unopened = await tx.query<{ id: number }>('select tender_header_id::float8 as id from tender_header where tenant_id = $1 and opened_date is null', [DEMO_TENANT]);
  for (const t of unopened.rows) await sealStoredRows(tx, sealKeys, entities.get('tenderBid')!, t.id);
  await recomputeAll(tx, entities.get('tenderHeader')!, entities);
}

/** The demo expert on the committee of a tender handed out to it, with its score sheet to fill in. */
async function seedEvaluation(tx: Queryable, id: number): Promise<void> {
  const x = (await tx.query<{ id: number; name: string; userId: number }>("select expert_id::float8 as id, expert_name as name, user_id::float8 as \"userId\" from ssrc_expert where login_name = 'expert' and tenant_id = $1", [DEMO_TENANT])).rows[0];
  if (!x) return;
  await tx.query(
    `insert into tender_expert (tenant_id, tender_header_id, tender_num, tender_title, expert_id, expert_name, user_id, expert_role, leader_flag, score_status, created_by, last_updated_by)
     select tenant_id, tender_header_id, tender_num, tender_title, $2, $3, $4, 'ALL', 1, 'PENDING', 0, 0 from tender_header where tender_header_id = $1`, [id, x.id, x.name, x.userId]);
  await writeScoreSheets(tx, id, 0);
}

/** A lowest-price tender's decision: each lot to its cheapest bid, in approval (the approver's task waiting) or approved. */
async function seedDecision(tx: Queryable, id: number, status: string, lots: number): Promise<void> {
  await tx.query(
    `insert into tender_decision (decision_id, tenant_id, tender_header_id, tender_num, tender_title, eval_method, round_number, decision_status, total_awarded, decision_remark, submitted_date, approved_date, created_by, last_updated_by)
     select tender_header_id, tenant_id, tender_header_id, tender_num, tender_title, eval_method, 1, $2, 0, 'Lowest evaluated price per lot', now() - interval '2 days', $3, 0, 0 from tender_header where tender_header_id = $1`,
    [id, status, status === 'APPROVED' ? at(-1) : null]);
  await tx.query(
    `update tender_bid b set rank_num = r.rk from (select bid_id, rank() over (partition by section_id order by bid_amount) as rk from tender_bid where tender_header_id = $1) r where b.bid_id = r.bid_id`, [id]);
  await tx.query(
    `insert into tender_award (tenant_id, decision_id, tender_header_id, tender_num, tender_title, section_id, section_num, section_name, bid_id, supplier_id, supplier_name, awarded_amount, decision_status, created_by, last_updated_by)
     select b.tenant_id, b.tender_header_id, b.tender_header_id, h.tender_num, h.tender_title, b.section_id, b.section_num, b.section_name, b.bid_id, b.supplier_id, b.supplier_name, b.bid_amount, $2, 0, 0
       from tender_bid b join tender_header h on h.tender_header_id = b.tender_header_id where b.tender_header_id = $1 and b.rank_num = 1 and b.section_num <= $3`, [id, status, lots]);
  await tx.query('update tender_bid b set award_flag = 1 from tender_award a where a.bid_id = b.bid_id and a.tender_header_id = $1', [id]);
  await tx.query('update tender_decision set total_awarded = (select coalesce(sum(awarded_amount), 0) from tender_award where decision_id = $1) where decision_id = $1', [id]);
  if (status !== 'APPROVING') return;
  const rows = (await tx.query<Record<string, unknown>>('select decision_id::float8 as "decisionId", tender_header_id::float8 as "tenderHeaderId", tender_num as "tenderNum", tender_title as "tenderTitle", decision_status as "decisionStatus" from tender_decision where decision_id = $1', [id])).rows;
  await startSeededApprovals(tx, DEMO_TENANT, 'buyer', 'tenderDecision', 'decisionId', DECISION_WF, rows);
}

/**
 * The awarded demo tender's lots go to two branch companies of the demo group (Suzhou and Wuxi),
 * each asked to confirm its award as an approved decision asks; the Wuxi branch confirmed already.
 */
async function seedBranchConfirms(tx: Queryable, id: number): Promise<void> {
  const branches = (await tx.query<{ id: number; name: string }>("select company_id::float8 as id, company_name as name from hpfm_company where tenant_id = $1 and company_num in ('DM1100', 'DM1200') order by company_num", [DEMO_TENANT])).rows;
  for (const [i, c] of branches.entries()) {
    await tx.query('update tender_section set branch_company_id = $3, branch_company_name = $4 where tender_header_id = $1 and section_num = $2', [id, i + 1, c.id, c.name]);
  }
  await createBranchConfirms(tx, id, 0);
  await tx.query(
    "update stnd_branch_confirm set confirm_status = 'CONFIRMED', confirm_remark = 'Accepted for the Wuxi site', confirmed_by = 'buyer', confirmed_date = $2 where tender_header_id = $1 and lot_name = $3",
    [id, at(-0.5), LOTS[1]![0]]);
}

export const step: SeedStep = { version: 'seed:tender:v1', run: (tx, opts) => seedTender(tx, opts.sealKeys) };
