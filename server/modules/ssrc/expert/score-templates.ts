import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../../context.ts';
import { refuse } from '../../../http/errors.ts';
import { recomputeAfterWrite } from '../../../resources/formulas.ts';
import { registerHooks } from '../../../resources/hooks.ts';
import { EntityRepository } from '../../../resources/repository.ts';
import { defineRoute } from '../../../http/module-route.ts';

type Row = Record<string, unknown>;

const num = (v: unknown) => (v === null || v === undefined || v === '' ? null : Number(v));

/**
 * A score indicator's scores are ordered (minimum ≤ default ≤ maximum), its code is unique in
 * its template, and a price indicator names how price is scored. Checked after the write inside
 * its transaction, so a refusal writes nothing.
 */
registerHooks('scoreIndicate', {
  async afterWrite(row: Row, action, { tx }) {
    if (action !== 'create' && action !== 'update') return;
    const [min, max, def] = [num(row.minScore), num(row.maxScore), num(row.defaultScore)];
    if (min !== null && max !== null && max < min) throw refuse('maxScore', `maxScore ${max} is below minScore ${min}`);
    if (def !== null && ((min !== null && def < min) || (max !== null && def > max))) throw refuse('defaultScore', `defaultScore ${def} is outside ${min ?? '-'}..${max ?? '-'}`);
    if (row.indicateType === 'PRICE' && !row.priceScoreMethod) throw refuse('priceScoreMethod', 'A price indicator needs priceScoreMethod');
    // A veto item is passed (1) or failed (0), never weighed: one expert's fail rules the bid out.
    if (Number(row.vetoFlag) === 1) {
      if (row.indicateType === 'PRICE') throw refuse('indicateType', 'A veto item is a requirement, not a price indicator');
      if (num(row.weight) !== 0) throw refuse('weight', 'A veto item weighs 0: it rules a bid out, it does not add to its score');
      if (min !== 0 || max !== 1) throw refuse('maxScore', 'A veto item is scored 0 (fails) or 1 (passes): minScore 0, maxScore 1');
    }
    const twin = await tx.query('select 1 from ssrc_score_indicate where template_id = $1 and indicate_code = $2 and indicate_id <> $3', [row.templateId, row.indicateCode, row.indicateId]);
    if (twin.rows.length) throw refuse('indicateCode', `indicateCode ${String(row.indicateCode)} is already used in this template`);
  },
});

/**
 * A template is released only when its indicators' weights add up to exactly 100, summed as
 * decimals by the database (33.33 + 33.33 + 33.34 is 100, not 99.99999999999999); once released
 * it is read-only by its status machine, and a change starts from a copy.
 */
registerHooks('scoreTemplate', {
  async beforeWrite(current: Row, action, { tx }) {
    if (action !== 'release') return;
    const r = await tx.query<{ n: number; total: string | null; exact: boolean }>(
      'select count(*)::int as n, sum(weight)::text as total, coalesce(sum(weight), 0) = 100 as exact from ssrc_score_indicate where template_id = $1',
      [current.templateId],
    );
    const { n, total, exact } = r.rows[0]!;
    if (!n) throw refuse('totalWeight', `Template ${String(current.templateCode)} has no indicators to release`);
    if (!exact) throw refuse('totalWeight', `The indicators' weights of ${String(current.templateCode)} add up to ${Number(total)}, not 100`);
  },
});

/** A free template code for a copy of `code`: `<code>-C<n>`, within the field's 30 characters. */
async function copyCode(ctx: ServerContext, tenantId: number, code: string): Promise<string> {
  for (let n = 1; ; n++) {
    const suffix = `-C${n}`;
    const candidate = `${code.slice(0, 30 - suffix.length)}${suffix}`;
    const r = await ctx.db.query('select 1 from ssrc_score_template where tenant_id = $1 and template_code = $2', [tenantId, candidate]);
    if (!r.rows.length) return candidate;
  }
}

/** `POST …/score-templates/{templateId}/copy`: a new draft with the template's header and indicators, to change a released one. */
export async function scoreTemplateRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const template = ctx.entities.get('scoreTemplate')!;
  const templates = new EntityRepository(template, ctx);
  const indicators = new EntityRepository(ctx.entities.get('scoreIndicate')!, ctx);
  defineRoute(
    app,
    ctx,
    { method: 'POST', url: '/ssrc/v1/:tenantId/score-templates/:templateId/copy', entity: 'scoreTemplate', access: 'write', schema: { params: { type: 'object', properties: { tenantId: { type: 'integer' }, templateId: { type: 'integer' } } } } },
    async (req, scope) => {
      const source = await templates.get(scope, (req.params as { templateId: number }).templateId);
      const code = await copyCode(ctx, scope.tenantId!, String(source.templateCode));
      const lines = (await indicators.list(scope, { templateId: source.templateId, size: 1000 })).content as Row[];
      return ctx.db.transaction(async (tx) => {
        const copy = await templates.create(scope, { templateCode: code, templateName: String(source.templateName), templateType: source.templateType, remark: source.remark }, { tx });
        await tx.query('update ssrc_score_template set copied_from_code = $2 where template_id = $1', [copy.templateId, source.templateCode]);
        for (const l of lines) {
          const values: Row = {};
          for (const f of indicators.e.fields) if (!f.readOnly && f.name !== 'templateId' && l[f.name] !== undefined) values[f.name] = l[f.name];
          await indicators.create(scope, { ...values, templateId: copy.templateId }, { tx, bulk: true });
        }
        // The copy's total weight, once for all its indicators.
        await recomputeAfterWrite(tx, template, ctx.entities, Number(copy.templateId));
        return templates.get(scope, Number(copy.templateId), tx);
      });
    },
  );
}
