import type { Queryable } from '../../db/database.ts';
import { formatNumber, reserveNumbers } from '../../resources/numbering.ts';
import type { SeedStep } from '../../seed/seed.ts';
import { DEMO_TENANT } from '../../seed/platform-seed.ts';
import { finalCollect, publishResults, startEvaluation } from './evaluation/document-rules.ts';

/*
 * Performance demo documents. Runs after seed-suppliers.ts (file order), so the demo orders
 * already point at the supplier master; evaluations are started, collected and published through
 * the same functions the status actions use, so their scores come from the data as a user's would.
 * What they read (evaluation templates, quality audits, abilities, vendor codes) are the recipes of
 * the sslm entity files, which replace this step's rows of v1.
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

async function seedPerformance(tx: Queryable): Promise<void> {
  const buyer = await userId(tx, 'buyer');
  await promiseDates(tx);
  const tpl = (await one<{ id: number }>(tx, "select template_id::float8 as id from sslm_eval_template where tenant_id = $1 and template_code = 'EVAL-QUARTER-STD'", [T])).id;
  await evaluation(tx, buyer, tpl, '2025 Q2 supplier performance', '2025-04-01', '2025-06-30', ['S0001', 'S0002', 'S0003'], 'PUBLISHED', 88);
  await evaluation(tx, buyer, tpl, '2025 Q3 supplier performance', '2025-07-01', '2025-09-30', ['S0001', 'S0003'], 'MANUAL_EVALUATING');
  await evaluation(tx, buyer, tpl, '2026 Q4 supplier performance', '2026-10-01', '2026-12-31', ['S0001', 'S0002'], 'NEW');
}

export const step: SeedStep = { version: 'seed:sslm-vendor-performance:v1', run: (tx) => seedPerformance(tx) };
