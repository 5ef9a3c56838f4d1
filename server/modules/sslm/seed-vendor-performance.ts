import type { Queryable } from '../../db/database.ts';
import { formatNumber, reserveNumbers } from '../../resources/numbering.ts';
import type { SeedStep } from '../../seed/seed.ts';
import { DEMO_TENANT } from '../../seed/platform-seed.ts';
import { finalCollect, publishResults, startEvaluation } from './evaluation/document-rules.ts';

/*
 * Performance and quality demo data. Runs after seed-suppliers.ts (file order), so the demo orders
 * already point at the supplier master; evaluations are started, collected and published through
 * the same functions the status actions use, so their scores come from the data as a user's would.
 */

type Row = Record<string, unknown>;
const T = DEMO_TENANT;

async function one<R = Row>(tx: Queryable, sql: string, params: unknown[] = []): Promise<R> {
  return (await tx.query<R & Row>(sql, params)).rows[0] as R;
}

async function userId(tx: Queryable, login: string): Promise<number> {
  return (await one<{ id: number }>(tx, 'select id::float8 as id from iam_user where login_name = $1', [login])).id;
}

async function supplier(tx: Queryable, num: string): Promise<{ id: number; name: string }> {
  return one(tx, 'select supplier_id::float8 as id, supplier_name as name from sslm_supplier where tenant_id = $1 and supplier_num = $2', [T, num]);
}

/**
 * Confirmed and closed demo orders carry the supplier's promised dates (the generated orders left
 * them empty): every third line promised three days after its need-by date, the rest two days before.
 */
async function promiseDates(tx: Queryable): Promise<void> {
  await tx.query(
    `update sodr_po_line l set promise_delivery_date = l.need_by_date + case when l.line_num % 3 = 0 then 3 else -2 end
       from sodr_po_header h
      where h.po_header_id = l.po_header_id and h.tenant_id = $1 and h.status_code in ('CONFIRMED', 'CLOSED')
        and l.need_by_date is not null and l.promise_delivery_date is null`,
    [T],
  );
}

async function abilities(tx: Queryable, buyer: number): Promise<void> {
  const rows: [string, string, string, string, string][] = [
    ['S0001', '1001', 'STRATEGIC', 'APPROVED', '12,000 t/year'],
    ['S0001', '2001', 'QUALIFIED', 'APPROVED', '300,000 pcs/year'],
    ['S0002', '3001', 'STRATEGIC', 'APPROVED', '5 M pcs/year'],
    ['S0002', '3002', 'QUALIFIED', 'SUBMITTED', '200,000 pcs/year'],
    ['S0003', '4001', 'QUALIFIED', 'APPROVED', '8,000 t/year'],
    ['S0004', '1002', 'TRIAL', 'NEW', '1,500 t/year'],
    ['S0005', '5001', 'QUALIFIED', 'APPROVED', '2 M pcs/year'],
    ['S0007', '2003', 'QUALIFIED', 'SUBMITTED', '60,000 pcs/year'],
  ];
  for (const [num, cat, level, status, cap] of rows) {
    const s = await supplier(tx, num);
    await tx.query(
      `insert into sslm_supply_ability (tenant_id, supplier_id, supplier_name, category_code, category_name, ability_level, annual_capacity, ability_status, created_by, last_updated_by)
       select $1, $2, $3, $4::text, c.category_name, $5, $6, $7, $8, $8 from smdm_purchase_category c where c.tenant_id = $1 and c.category_code = $4::text`,
      [T, s.id, s.name, cat, level, cap, status, buyer],
    );
  }
}

async function auditTemplateClauses(tx: Queryable, buyer: number): Promise<number> {
  const tpl = (await one<{ id: number }>(tx, "select template_id::float8 as id from sslm_supplier_template where tenant_id = $1 and template_code = 'QA-SITE-STD'", [T])).id;
  const clauses: [string, number][] = [
    ['Incoming inspection and records', 25],
    ['Process control and work instructions', 30],
    ['Traceability of batches', 20],
    ['Nonconforming product handling', 25],
  ];
  let seq = 10;
  for (const [clause, weight] of clauses) {
    await tx.query('insert into sslm_supplier_template_clause (tenant_id, template_id, order_seq, clause, weight, created_by, last_updated_by) values ($1, $2, $3, $4, $5, $6, $6)', [T, tpl, seq, clause, weight, buyer]);
    seq += 10;
  }
  const sys = (await one<{ id: number }>(tx, "select template_id::float8 as id from sslm_supplier_template where tenant_id = $1 and template_code = 'QA-SYSTEM-ISO'", [T])).id;
  for (const [i, clause] of ['Quality management system (ISO 9001 §4)', 'Leadership (§5)', 'Operation (§8)', 'Improvement (§10)'].entries())
    await tx.query('insert into sslm_supplier_template_clause (tenant_id, template_id, order_seq, clause, weight, created_by, last_updated_by) values ($1, $2, $3, $4, 25, $5, $5)', [T, sys, (i + 1) * 10, clause, buyer]);
  return tpl;
}

/** An audit with the template's clauses; `scores`: self and audit scores, findings per clause, for audits past those steps. */
async function audit(tx: Queryable, buyer: number, tpl: number, num: string, status: string, planned: string, opts: { scored?: boolean; result?: string; closed?: string } = {}): Promise<void> {
  const s = await supplier(tx, num);
  const auditNum = formatNumber('QA', await reserveNumbers(tx, 'SSLM.AUDIT_NUM', T));
  const a = await one<{ id: number }>(
    tx,
    `insert into sslm_quality_audit (tenant_id, audit_num, audit_type, supplier_id, supplier_name, template_id, planned_date, auditors, audit_status, audit_result, closed_date, created_by, last_updated_by)
     values ($1, $2, 'SITE', $3, $4, $5, $6::date, 'Bella Buyer, Alex Approver', $7, $8, $9::timestamp, $10, $10) returning audit_id::float8 as id`,
    [T, auditNum, s.id, s.name, tpl, planned, status, opts.result ?? null, opts.closed ?? null, buyer],
  );
  await tx.query(
    `insert into sslm_quality_audit_line (tenant_id, audit_id, line_num, clause, weight, self_score, score, finding, severity, rectify_deadline, rectify_action, created_by, last_updated_by)
     select $1, $2, row_number() over (order by order_seq), clause, weight,
            case when $3 then 90 end, case when $3 then 80 + order_seq / 5 end,
            case when $3 and order_seq = 20 then 'Work instructions missing at station 4' end, case when $3 and order_seq = 20 then 'MINOR' end,
            case when $3 and order_seq = 20 then $5::date + 30 end, case when $3 and order_seq = 20 then 'Instructions issued and operators trained' end, $4, $4
       from sslm_supplier_template_clause where template_id = $6`,
    [T, a.id, !!opts.scored, buyer, planned, tpl],
  );
  if (opts.scored) await tx.query('update sslm_quality_audit set total_score = (select round(sum(score * weight) / 100, 2) from sslm_quality_audit_line where audit_id = $1) where audit_id = $1', [a.id]);
}

interface Indicator {
  code: string;
  name: string;
  weight: number;
  type?: 'AUTO' | 'MANUAL';
  source?: string;
  scorer?: number;
  std?: string;
  children?: Indicator[];
}

async function evalTemplate(tx: Queryable, buyer: number, code: string, name: string, status: string, tree: Indicator[], scope: string[] = []): Promise<number> {
  const t = await one<{ id: number }>(
    tx,
    `insert into sslm_eval_template (tenant_id, template_code, template_name, template_status, period_type, published_date, created_by, last_updated_by)
     values ($1, $2, $3, $4::text, 'QUARTER', case when $4::text = 'PUBLISHED' then now() end, $5, $5) returning template_id::float8 as id`,
    [T, code, name, status, buyer],
  );
  let seq = 10;
  const add = async (list: Indicator[], parent: number | null) => {
    for (const i of list) {
      const row = await one<{ id: number }>(
        tx,
        `insert into sslm_eval_indicator (tenant_id, template_id, parent_indicator_id, order_seq, indicator_code, indicator_name, indicator_type, auto_source, weight, score_from, score_to, scorer_user_id, eval_standard, created_by, last_updated_by)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, 0, 100, $10, $11, $12, $12) returning indicator_id::float8 as id`,
        [T, t.id, parent, seq, i.code, i.name, i.type ?? 'MANUAL', i.source ?? null, i.weight, i.scorer ?? null, i.std ?? null, buyer],
      );
      seq += 10;
      if (i.children) await add(i.children, row.id);
    }
  };
  await add(tree, null);
  for (const [grade, from, to] of [['A', 90, 100], ['B', 75, 90], ['C', 60, 75], ['D', 0, 60]] as const)
    await tx.query('insert into sslm_eval_score_level (tenant_id, template_id, grade_code, score_from, score_to, created_by, last_updated_by) values ($1, $2, $3, $4, $5, $6, $6)', [T, t.id, grade, from, to, buyer]);
  for (const cat of scope)
    await tx.query('insert into sslm_eval_template_scope (tenant_id, template_id, category_code, category_name, created_by, last_updated_by) select $1, $2, category_code, category_name, $3, $3 from smdm_purchase_category where tenant_id = $1 and category_code = $4', [T, t.id, buyer, cat]);
  return t.id;
}

/** An evaluation document of `suppliers`, taken through its steps up to `upTo` with the given manual scores. */
async function evaluation(tx: Queryable, buyer: number, tpl: number, title: string, from: string, to: string, suppliers: string[], upTo: 'NEW' | 'MANUAL_EVALUATING' | 'PUBLISHED', manualScore = 85): Promise<void> {
  const evalNum = formatNumber('EV', await reserveNumbers(tx, 'SSLM.EVAL_NUM', T));
  const h = await one<Row>(
    tx,
    `insert into sslm_eval_header (tenant_id, eval_num, eval_title, template_id, period_from, period_to, eval_status, created_by, last_updated_by)
     values ($1, $2, $3, $4, $5::date, $6::date, 'NEW', $7, $7)
     returning eval_header_id::float8 as "evalHeaderId", eval_num as "evalNum", template_id::float8 as "templateId", to_char(period_from, 'YYYY-MM-DD') as "periodFrom", to_char(period_to, 'YYYY-MM-DD') as "periodTo"`,
    [T, evalNum, title, tpl, from, to, buyer],
  );
  for (const num of suppliers) {
    const s = await supplier(tx, num);
    await tx.query(
      `insert into sslm_eval_supplier (tenant_id, eval_header_id, eval_num, eval_title, period_from, period_to, supplier_id, supplier_name, result_status, created_by, last_updated_by)
       values ($1, $2, $3, $4, $5::date, $6::date, $7, $8, 'NEW', $9, $9)`,
      [T, h.evalHeaderId, evalNum, title, from, to, s.id, s.name, buyer],
    );
  }
  if (upTo === 'NEW') return;
  await startEvaluation(tx, T, h, buyer);
  if (upTo === 'MANUAL_EVALUATING') {
    await tx.query("update sslm_eval_header set eval_status = 'MANUAL_EVALUATING' where eval_header_id = $1", [h.evalHeaderId]);
    return;
  }
  // The scorers' part, as if they had filled it: each supplier's manual lines a little apart.
  await tx.query(
    `update sslm_eval_line l set score = $2 - 4 * (dense_rank - 1), line_status = 'SUBMITTED'
       from (select eval_line_id, dense_rank() over (order by supplier_id) as dense_rank from sslm_eval_line where eval_header_id = $1) r
      where r.eval_line_id = l.eval_line_id and l.line_status = 'PENDING'`,
    [h.evalHeaderId, manualScore],
  );
  await finalCollect(tx, h);
  await publishResults(tx, T, h, buyer);
  // What the publish transition's effects do at run time, written as stored (seed steps restore demo history; they run no hooks).
  await tx.query("update sslm_eval_supplier set result_status = 'PUBLISHED' where eval_header_id = $1", [h.evalHeaderId]);
  await tx.query("update sslm_eval_line set line_status = 'PUBLISHED' where eval_header_id = $1", [h.evalHeaderId]);
  await tx.query("update sslm_eval_header set eval_status = 'PUBLISHED', collected_date = now(), published_date = now() where eval_header_id = $1", [h.evalHeaderId]);
}

async function vendorCodes(tx: Queryable, buyer: number): Promise<void> {
  const rows: [string, string, string, string][] = [
    ['S0001', 'Shanghai OU', 'V100001', 'SYNCED'],
    ['S0002', 'Shanghai OU', 'V100002', 'APPROVED'],
    ['S0003', 'Suzhou OU', 'V200003', 'SUBMITTED'],
    ['S0004', 'Suzhou OU', 'V200004', 'NEW'],
  ];
  for (const [num, ou, code, status] of rows) {
    const s = await supplier(tx, num);
    await tx.query(
      `insert into sslm_vendor_code (tenant_id, supplier_id, supplier_name, ou_name, vendor_code, code_status, synced_date, created_by, last_updated_by)
       values ($1, $2, $3, $4, $5, $6::text, case when $6::text = 'SYNCED' then now() end, $7, $7)`,
      [T, s.id, s.name, ou, code, status, buyer],
    );
  }
}

async function seedPerformance(tx: Queryable): Promise<void> {
  const buyer = await userId(tx, 'buyer');
  const approver = await userId(tx, 'approver');
  await promiseDates(tx);
  await abilities(tx, buyer);
  const auditTpl = await auditTemplateClauses(tx, buyer);
  await audit(tx, buyer, auditTpl, 'S0001', 'CLOSED', '2025-05-12', { scored: true, result: 'PASS', closed: '2025-05-20 10:00:00' });
  await audit(tx, buyer, auditTpl, 'S0001', 'PUBLISHED', '2026-12-08');
  await audit(tx, buyer, auditTpl, 'S0002', 'AUDITING', '2026-11-20', { scored: true });
  await audit(tx, buyer, auditTpl, 'S0003', 'NEW', '2027-01-15');
  const tree: Indicator[] = [
    { code: 'DELIVERY', name: 'Delivery', weight: 40, children: [
      { code: 'ON_TIME', name: 'On-time delivery rate', weight: 70, type: 'AUTO', source: 'ON_TIME', std: 'Confirmed order lines promised by their need-by date' },
      { code: 'RESPONSE', name: 'Responsiveness', weight: 30, scorer: approver, std: 'Answers and acts on requests within 24 hours' },
    ] },
    { code: 'PRICE', name: 'Price competitiveness', weight: 30, type: 'AUTO', source: 'PRICE', std: 'Lowest price quoted over own price, RFx lines of the period' },
    { code: 'QUALITY', name: 'Quality', weight: 30, children: [
      { code: 'AUDIT', name: 'Quality audit score', weight: 50, type: 'AUTO', source: 'QUALITY', std: 'Closed quality audits of the period' },
      { code: 'SERVICE', name: 'After-sales service', weight: 50, scorer: approver, std: 'Handling of complaints and returns' },
    ] },
  ];
  const tpl = await evalTemplate(tx, buyer, 'EVAL-QUARTER-STD', 'Quarterly supplier performance', 'PUBLISHED', tree);
  await evalTemplate(tx, buyer, 'EVAL-METAL-2027', 'Metal suppliers 2027 (draft)', 'NEW', [
    { code: 'ON_TIME', name: 'On-time delivery rate', weight: 60, type: 'AUTO', source: 'ON_TIME' },
    { code: 'PRICE', name: 'Price competitiveness', weight: 40, type: 'AUTO', source: 'PRICE' },
  ], ['1001', '1002']);
  await evaluation(tx, buyer, tpl, '2025 Q2 supplier performance', '2025-04-01', '2025-06-30', ['S0001', 'S0002', 'S0003'], 'PUBLISHED', 88);
  await evaluation(tx, buyer, tpl, '2025 Q3 supplier performance', '2025-07-01', '2025-09-30', ['S0001', 'S0003'], 'MANUAL_EVALUATING');
  await evaluation(tx, buyer, tpl, '2026 Q4 supplier performance', '2026-10-01', '2026-12-31', ['S0001', 'S0002'], 'NEW');
  await vendorCodes(tx, buyer);
}

export const step: SeedStep = { version: 'seed:sslm-vendor-performance:v1', run: (tx) => seedPerformance(tx) };
