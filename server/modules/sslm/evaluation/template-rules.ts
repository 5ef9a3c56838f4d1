import type { Queryable } from '../../../db/database.ts';
import { refuse } from '../../../http/errors.ts';
import { registerHooks } from '../../../resources/hooks.ts';

export { refuse } from '../../../http/errors.ts';

type Row = Record<string, unknown>;

/**
 * What a template needs before documents may use it: on every level of the indicator tree the
 * sibling weights sum to exactly 100 (compared as SQL numeric, so 33.33 + 33.33 + 33.34 passes and
 * 33.33 × 3 does not), each automatic leaf names its data source, each manual leaf its scorer, and
 * at least one score level turns a total into a grade.
 */
export async function checkPublishable(tx: Queryable, templateId: unknown): Promise<void> {
  const count = await tx.query<{ n: number }>('select count(*)::int as n from sslm_eval_indicator where template_id = $1', [templateId]);
  if (!count.rows[0]?.n) throw refuse('evalIndicator', 'A template without indicators cannot be published');
  const sums = await tx.query<{ name: string | null; total: string }>(
    `select p.indicator_name as name, sum(i.weight)::text as total
       from sslm_eval_indicator i left join sslm_eval_indicator p on p.indicator_id = i.parent_indicator_id
      where i.template_id = $1 group by i.parent_indicator_id, p.indicator_name having sum(i.weight) <> 100
      order by i.parent_indicator_id nulls first limit 1`,
    [templateId],
  );
  const bad = sums.rows[0];
  if (bad) {
    const level = bad.name === null ? 'the top-level indicators' : `the indicators under "${bad.name}"`;
    throw refuse('weight', `The weights of ${level} sum to ${Number(bad.total)}, not 100`);
  }
  const leaf = `not exists (select 1 from sslm_eval_indicator c where c.parent_indicator_id = i.indicator_id)`;
  const auto = await tx.query<{ name: string }>(`select indicator_name as name from sslm_eval_indicator i where template_id = $1 and indicator_type = 'AUTO' and auto_source is null and ${leaf} limit 1`, [templateId]);
  if (auto.rows[0]) throw refuse('autoSource', `The automatic indicator "${auto.rows[0].name}" names no data source`);
  const manual = await tx.query<{ name: string }>(`select indicator_name as name from sslm_eval_indicator i where template_id = $1 and indicator_type = 'MANUAL' and scorer_user_id is null and ${leaf} limit 1`, [templateId]);
  if (manual.rows[0]) throw refuse('scorerUserId', `The manual indicator "${manual.rows[0].name}" has no responsible scorer`);
  const levels = await tx.query<{ n: number }>('select count(*)::int as n from sslm_eval_score_level where template_id = $1', [templateId]);
  if (!levels.rows[0]?.n) throw refuse('evalScoreLevel', 'A template needs at least one score level to grade its totals');
}

registerHooks('evalTemplate', {
  async beforeWrite(current, action, { tx }) {
    if (action === 'publish') await checkPublishable(tx, current.templateId);
  },
});

/** An indicator's own consistency: a score range that is one, a parent in the same template and not itself. */
registerHooks('evalIndicator', {
  async afterWrite(row, action, { tx }) {
    if (action !== 'create' && action !== 'update') return;
    if (row.scoreFrom !== null && row.scoreTo !== null && Number(row.scoreTo) <= Number(row.scoreFrom)) throw refuse('scoreTo', 'scoreTo must be greater than scoreFrom');
    if (row.parentIndicatorId !== null && row.parentIndicatorId !== undefined) {
      if (Number(row.parentIndicatorId) === Number(row.indicatorId)) throw refuse('parentIndicatorId', 'An indicator cannot be its own parent');
      const p = await tx.query('select 1 from sslm_eval_indicator where indicator_id = $1 and template_id = $2', [row.parentIndicatorId, row.templateId]);
      if (!p.rows.length) throw refuse('parentIndicatorId', `parentIndicatorId ${String(row.parentIndicatorId)} is not an indicator of this template`);
    }
  },
});

/** Score levels of one template do not overlap, so every total has one grade. */
registerHooks('evalScoreLevel', {
  async afterWrite(row: Row, action, { tx }) {
    if (action !== 'create' && action !== 'update') return;
    if (Number(row.scoreTo) < Number(row.scoreFrom)) throw refuse('scoreTo', 'scoreTo must not be below scoreFrom');
    const o = await tx.query<{ g: string }>(
      'select grade_code as g from sslm_eval_score_level where template_id = $1 and level_id <> $2 and score_from < $4 and score_to > $3 limit 1',
      [row.templateId, row.levelId, row.scoreFrom, row.scoreTo],
    );
    if (o.rows[0]) throw refuse('scoreFrom', `The range overlaps grade ${o.rows[0].g} of this template`);
  },
});

/** A scope category carries its name from the category master. */
registerHooks('evalTemplateScope', {
  async afterWrite(row, action, { tx, tenantId }) {
    if (action !== 'create' && action !== 'update') return;
    const c = await tx.query<{ name: string }>('select category_name as name from smdm_purchase_category where category_code = $1 and tenant_id = $2', [row.categoryCode, tenantId]);
    if (!c.rows[0]) throw refuse('categoryCode', `categoryCode ${String(row.categoryCode)} is not a purchase category of this tenant`);
    await tx.query('update sslm_eval_template_scope set category_name = $2 where scope_id = $1', [row.scopeId, c.rows[0].name]);
  },
});
