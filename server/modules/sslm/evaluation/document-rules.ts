import type { Queryable } from '../../../db/database.ts';
import { forbidden, statusRefusal } from '../../../http/errors.ts';
import { registerHooks } from '../../../resources/hooks.ts';
import { statusMoves } from '../../../resources/status-moves.ts';
import { AUTO_SOURCES } from './auto-indicators.ts';
import { refuse } from './template-rules.ts';

type Row = Record<string, unknown>;

async function publishedTemplate(tx: Queryable, tenantId: number, templateId: unknown): Promise<{ name: string }> {
  const t = await tx.query<{ s: string; name: string }>('select template_status as s, template_name as name from sslm_eval_template where template_id = $1 and tenant_id = $2', [templateId, tenantId]);
  if (t.rows[0]?.s !== 'PUBLISHED') throw refuse('templateId', `templateId ${String(templateId)} is not a published evaluation template of this tenant`);
  return t.rows[0];
}

interface Leaf {
  id: number;
  name: string;
  type: string;
  source: string | null;
  std: string | null;
  from: string;
  to: string;
  scorer: number | null;
  w: string;
}

/** The template's leaf indicators with their weight in the total: the product of the weights on the path, each level out of 100. */
async function leaves(tx: Queryable, templateId: unknown): Promise<Leaf[]> {
  const r = await tx.query<Leaf>(
    `with recursive t(indicator_id, w) as (
       select indicator_id, weight::numeric from sslm_eval_indicator where template_id = $1 and parent_indicator_id is null
       union all
       select c.indicator_id, t.w * c.weight / 100 from sslm_eval_indicator c join t on c.parent_indicator_id = t.indicator_id
     )
     select i.indicator_id::float8 as id, i.indicator_name as name, i.indicator_type as type, i.auto_source as source, i.eval_standard as std,
            coalesce(i.score_from, 0)::text as "from", coalesce(i.score_to, 100)::text as "to", i.scorer_user_id::float8 as scorer, t.w::text as w
       from t join sslm_eval_indicator i on i.indicator_id = t.indicator_id
      where not exists (select 1 from sslm_eval_indicator c where c.parent_indicator_id = i.indicator_id)
      order by i.order_seq, i.indicator_id`,
    [templateId],
  );
  return r.rows;
}

/**
 * Starting the evaluation writes one line per supplier and leaf indicator. Automatic indicators
 * are scored at once from the period's data (orders, RFx quotations, audits), mapped onto the
 * indicator's score range in SQL numeric; one with no data in the period goes to its scorer (or
 * the document's creator) to be judged by hand, as manual indicators do.
 */
export async function startEvaluation(tx: Queryable, tenantId: number, header: Row, userId: number): Promise<void> {
  await publishedTemplate(tx, tenantId, header.templateId);
  const suppliers = (await tx.query<{ id: number; name: string }>('select supplier_id::float8 as id, supplier_name as name from sslm_eval_supplier where eval_header_id = $1 order by eval_supplier_id', [header.evalHeaderId])).rows;
  if (!suppliers.length) throw refuse('evalSupplier', 'Add the suppliers to evaluate before starting the evaluation');
  const owner = Number((await tx.query<{ c: number | null }>('select created_by::float8 as c from sslm_eval_header where eval_header_id = $1', [header.evalHeaderId])).rows[0]?.c ?? userId);
  await tx.query('delete from sslm_eval_line where eval_header_id = $1', [header.evalHeaderId]);
  for (const s of suppliers) {
    for (const leaf of await leaves(tx, header.templateId)) {
      let pct: string | null = null;
      let basis: string | null = null;
      if (leaf.type === 'AUTO' && leaf.source && AUTO_SOURCES[leaf.source]) {
        const found = await AUTO_SOURCES[leaf.source]!(tx, { tenantId, supplierId: s.id, from: String(header.periodFrom), to: String(header.periodTo) });
        pct = found.percent;
        basis = found.basis;
      }
      const computed = pct !== null;
      await tx.query(
        `insert into sslm_eval_line (tenant_id, eval_header_id, supplier_id, supplier_name, indicator_id, indicator_name, indicator_type, eval_standard, eval_weight, score_from, score_to,
                                     scorer_user_id, score, auto_basis, line_status, created_by, last_updated_by)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9::numeric, $10::numeric, $11::numeric, $12,
                 case when $13::numeric is null then null else round($10::numeric + ($11::numeric - $10::numeric) * $13::numeric / 100, 2) end, $14, $15, $16, $16)`,
        [tenantId, header.evalHeaderId, s.id, s.name, leaf.id, leaf.name, leaf.type, leaf.std, leaf.w, leaf.from, leaf.to,
          computed ? null : (leaf.scorer ?? owner), pct, basis, computed ? 'SUBMITTED' : 'PENDING', userId],
      );
    }
  }
}

/**
 * Final collect: each supplier's total is Σ (score − from) × weight ÷ (to − from) over its lines,
 * i.e. every score brought to 0–100 and weighted, in SQL numeric and rounded once to 2 decimals;
 * its grade is the template's score level the total reaches, its rank among the document's suppliers.
 */
export async function finalCollect(tx: Queryable, header: Row): Promise<void> {
  const id = header.evalHeaderId;
  const open = await tx.query<{ s: string; i: string }>('select supplier_name as s, indicator_name as i from sslm_eval_line where eval_header_id = $1 and score is null limit 1', [id]);
  if (open.rows[0]) throw statusRefusal(`${open.rows[0].s} has no score for "${open.rows[0].i}" yet`);
  await tx.query(
    `update sslm_eval_supplier s set total_score = x.total
       from (select supplier_id, round(sum((score - score_from) * eval_weight / nullif(score_to - score_from, 0)), 2) as total
               from sslm_eval_line where eval_header_id = $1 group by supplier_id) x
      where s.eval_header_id = $1 and s.supplier_id = x.supplier_id`,
    [id],
  );
  await tx.query(
    `update sslm_eval_supplier s set grade_code = (select l.grade_code from sslm_eval_score_level l where l.template_id = $2 and s.total_score >= l.score_from order by l.score_from desc limit 1),
            rank_num = r.rk, object_version_number = s.object_version_number + 1, last_update_date = now()
       from (select eval_supplier_id, rank() over (order by total_score desc nulls last) as rk from sslm_eval_supplier where eval_header_id = $1) r
      where s.eval_header_id = $1 and s.eval_supplier_id = r.eval_supplier_id`,
    [id, header.templateId],
  );
}

/**
 * Publishing records the grade of the period's year (a later evaluation of that year replaces it);
 * the publish transition's declared effects show each supplier its own result and lines.
 */
export async function publishResults(tx: Queryable, tenantId: number, header: Row, userId: number): Promise<void> {
  const id = header.evalHeaderId;
  const year = Number(String(header.periodTo).slice(0, 4));
  const rows = (await tx.query<{ sid: number; name: string; score: string; grade: string | null }>('select supplier_id::float8 as sid, supplier_name as name, total_score::text as score, grade_code as grade from sslm_eval_supplier where eval_header_id = $1', [id])).rows;
  for (const r of rows) {
    const u = await tx.query(
      `update sslm_supplier_grade set score = $4::numeric, grade_code = $5, eval_num = $6, supplier_name = $7, object_version_number = object_version_number + 1, last_update_date = now(), last_updated_by = $8
        where tenant_id = $1 and supplier_id = $2 and grade_year = $3`,
      [tenantId, r.sid, year, r.score, r.grade, header.evalNum, r.name, userId],
    );
    if (!u.affectedRows)
      await tx.query(
        `insert into sslm_supplier_grade (tenant_id, supplier_id, supplier_name, grade_year, score, grade_code, eval_num, created_by, last_updated_by)
         values ($1, $2, $7, $3, $4::numeric, $5, $6, $8, $8)`,
        [tenantId, r.sid, year, r.score, r.grade, header.evalNum, r.name, userId],
      );
  }
}

registerHooks('evalHeader', {
  async beforeCreate(values, { tx, tenantId }) {
    await publishedTemplate(tx, tenantId, values.templateId);
  },
  async afterWrite(row, action, { tx, tenantId }) {
    if (action !== 'create' && action !== 'update') return;
    if (String(row.periodTo) < String(row.periodFrom)) throw refuse('periodTo', 'periodTo must not be before periodFrom');
    if (action === 'update') {
      const s = await tx.query<{ n: number }>('select count(*)::int as n from sslm_eval_template where template_id = $1 and tenant_id = $2', [row.templateId, tenantId]);
      if (!s.rows[0]?.n) throw refuse('templateId', `templateId ${String(row.templateId)} is not an evaluation template of this tenant`);
    }
  },
  async beforeWrite(current, action, args) {
    const { tx, tenantId, auth } = args;
    const num = String(current.evalNum);
    if (action === 'evaluate') await startEvaluation(tx, tenantId, current, auth.userId);
    if (action === 'manualComplete') {
      const open = await tx.query<{ n: number }>("select count(*)::int as n from sslm_eval_line where eval_header_id = $1 and line_status = 'PENDING'", [current.evalHeaderId]);
      if (open.rows[0]!.n) throw statusRefusal(`${num}: ${open.rows[0]!.n} score lines are not submitted yet`);
    }
    if (action === 'finalCollect') await finalCollect(tx, current);
    if (action === 'reEvaluate') {
      // Scored lines go back to their scorers; computed ones keep their score.
      await statusMoves(args).moveEvery('evalLine', { evalHeaderId: current.evalHeaderId }, 'reopen', () => ['t.scorer_user_id is not null']);
      await tx.query('update sslm_eval_supplier set total_score = null, grade_code = null, rank_num = null where eval_header_id = $1', [current.evalHeaderId]);
    }
    if (action === 'publish') await publishResults(tx, tenantId, current, auth.userId);
    if (action === 'complete') {
      const a = await tx.query<{ s: string }>("select supplier_name as s from sslm_eval_supplier where eval_header_id = $1 and result_status = 'APPEALING' limit 1", [current.evalHeaderId]);
      if (a.rows[0]) throw statusRefusal(`${num}: the appeal of ${a.rows[0].s} awaits a reply`);
    }
    if (action === 'delete' && current.evalStatus !== 'NEW') throw statusRefusal(`${num} is ${String(current.evalStatus)}: only a new evaluation may be deleted`);
  },
});

/** A supplier is evaluated once per document, is the tenant's, and — when the template is scoped to categories — supplies one of them (an approved supply ability). */
registerHooks('evalSupplier', {
  async afterWrite(row, action, args) {
    const { tx, tenantId } = args;
    if (action === 'create' || action === 'update') {
      const s = await tx.query<{ name: string }>('select supplier_name as name from sslm_supplier where supplier_id = $1 and tenant_id = $2', [row.supplierId, tenantId]);
      if (!s.rows[0]) throw refuse('supplierId', `supplierId ${String(row.supplierId)} is not a supplier of this tenant`);
      const twice = await tx.query('select 1 from sslm_eval_supplier where eval_header_id = $1 and supplier_id = $2 and eval_supplier_id <> $3', [row.evalHeaderId, row.supplierId, row.evalSupplierId]);
      if (twice.rows.length) throw refuse('supplierId', `${s.rows[0].name} is already in this evaluation`);
      const h = (await tx.query<{ tpl: number; num: string; title: string; f: string; t: string }>(
        "select template_id::float8 as tpl, eval_num as num, eval_title as title, to_char(period_from, 'YYYY-MM-DD') as f, to_char(period_to, 'YYYY-MM-DD') as t from sslm_eval_header where eval_header_id = $1",
        [row.evalHeaderId],
      )).rows[0]!;
      const scoped = await tx.query<{ n: number; ok: number }>(
        `select count(*)::int as n, count(*) filter (where exists (select 1 from sslm_supply_ability a where a.supplier_id = $2 and a.category_code = c.category_code and a.ability_status = 'APPROVED'))::int as ok
           from sslm_eval_template_scope c where c.template_id = $1`,
        [h.tpl, row.supplierId],
      );
      if (scoped.rows[0]!.n && !scoped.rows[0]!.ok) throw refuse('supplierId', `${s.rows[0].name} supplies none of the purchase categories this template evaluates`);
      await tx.query('update sslm_eval_supplier set supplier_name = $2, eval_num = $3, eval_title = $4, period_from = $5::date, period_to = $6::date where eval_supplier_id = $1', [row.evalSupplierId, s.rows[0].name, h.num, h.title, h.f, h.t]);
    }
    // The document follows its suppliers' answers: APPEALING while one appeal is open, FEEDBACK once all are answered.
    if (action === 'appeal' || action === 'reply') {
      const open = await tx.query<{ n: number }>("select count(*)::int as n from sslm_eval_supplier where eval_header_id = $1 and result_status = 'APPEALING'", [row.evalHeaderId]);
      await statusMoves(args).moveEvery('evalHeader', { evalHeaderId: row.evalHeaderId }, open.rows[0]!.n ? 'appealOpened' : 'appealsAnswered');
    }
  },
});

/**
 * Score lines are written by the evaluation itself; a scorer changes and submits only the lines
 * they are responsible for, within the indicator's score range. When the last line of a document
 * is submitted, its manual scoring is complete.
 */
registerHooks('evalLine', {
  async beforeWrite(current, action, { auth, system }) {
    if (action === 'delete') throw forbidden('Score lines are not deleted; discard the evaluation instead');
    if (!system && Number(current.scorerUserId) !== auth.userId) throw forbidden(`Only the responsible scorer may ${action === 'update' ? 'score' : action} this line`);
  },
  async afterWrite(row, action, args) {
    const { tx } = args;
    if (action === 'update' && row.score !== null && row.score !== undefined && (Number(row.score) < Number(row.scoreFrom) || Number(row.score) > Number(row.scoreTo)))
      throw refuse('score', `score must be between ${Number(row.scoreFrom)} and ${Number(row.scoreTo)}`);
    if (action === 'submitScore') {
      if (row.score === null || row.score === undefined) throw refuse('score', 'Enter a score before submitting the line');
      const open = await tx.query<{ n: number }>("select count(*)::int as n from sslm_eval_line where eval_header_id = $1 and line_status = 'PENDING'", [row.evalHeaderId]);
      if (!open.rows[0]!.n) await statusMoves(args).moveEvery('evalHeader', { evalHeaderId: row.evalHeaderId }, 'manualComplete');
    }
  },
});
