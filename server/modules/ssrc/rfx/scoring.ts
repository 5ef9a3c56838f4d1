import Decimal from 'decimal.js';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../../context.ts';
import type { Queryable } from '../../../db/database.ts';
import { BusinessError, notFound, refuse } from '../../../http/errors.ts';
import { registerHooks } from '../../../resources/hooks.ts';
import { appendBidEvent } from '../../../bid-log/append.ts';
import { statusGroup } from '../../../../renderer/schema/status/groups.ts';
import { defineRoute } from '../../../http/module-route.ts';

type Row = Record<string, unknown>;


export interface Indicator {
  indicateId: number;
  indicateName: string;
  indicateType: string;
  weight: number;
  minScore: number;
  maxScore: number;
  defaultScore: number | null;
  priceScoreMethod: string | null;
  /** 1: a pass (1) / fail (0) requirement at weight 0; a fail rules the supplier out (`vetoedSuppliers`). */
  vetoFlag: number;
}

/** The elements of the RFx's score template, in their order; none when it has no template. */
export async function indicatorsOf(db: Queryable, rfxId: number): Promise<Indicator[]> {
  const r = await db.query<Indicator>(
    `select i.indicate_id::float8 as "indicateId", i.indicate_name as "indicateName", i.indicate_type as "indicateType", i.weight::float8 as weight,
            coalesce(i.min_score, 0)::float8 as "minScore", coalesce(i.max_score, 100)::float8 as "maxScore", i.default_score::float8 as "defaultScore", i.price_score_method as "priceScoreMethod",
            coalesce(i.veto_flag, 0)::int as "vetoFlag"
       from ssrc_rfx_header h join ssrc_score_indicate i on i.template_id = h.score_template_id
      where h.rfx_header_id = $1 order by i.order_seq, i.indicate_id`,
    [rfxId],
  );
  return r.rows;
}

interface Offer {
  rfxLineId: number;
  supplierId: number;
  unitPrice: number | string | null;
}

/**
 * Each offer's weighted score (0–100, two decimals), computed in decimals: every element's score
 * over its maximum, times its weight (the weights add up to 100). A price element is scored from
 * the offers of the same line: the lowest price takes the maximum, another price the maximum times
 * lowest ÷ price (LINEAR_MAPPING: the highest price takes the minimum, linear between); the other
 * price methods of the value set are scored as the lowest-price method (see docs/decisions.md).
 * A non-price element takes the buyer's score of the supplier, else the element's default, else 0.
 * Offers of suppliers in `excluded` (failed the pretrial) are not scored and set no price range.
 */
export function weightedScores(indicators: Indicator[], offers: Offer[], scores: Map<string, number>, excluded: Set<number>): Map<Offer, number> {
  const out = new Map<Offer, number>();
  const range = new Map<number, { low: Decimal; high: Decimal }>();
  for (const o of offers) {
    if (o.unitPrice === null || excluded.has(o.supplierId)) continue;
    const p = new Decimal(o.unitPrice);
    const r = range.get(o.rfxLineId);
    range.set(o.rfxLineId, r ? { low: Decimal.min(r.low, p), high: Decimal.max(r.high, p) } : { low: p, high: p });
  }
  for (const o of offers) {
    if (o.unitPrice === null || excluded.has(o.supplierId)) continue;
    const p = new Decimal(o.unitPrice);
    const { low, high } = range.get(o.rfxLineId)!;
    let total = new Decimal(0);
    for (const i of indicators) {
      const max = new Decimal(i.maxScore);
      const min = new Decimal(i.minScore);
      let score: Decimal;
      if (i.indicateType === 'PRICE') {
        if (i.priceScoreMethod === 'LINEAR_MAPPING') score = high.equals(low) ? max : max.minus(max.minus(min).times(p.minus(low)).dividedBy(high.minus(low)));
        else score = p.isZero() ? max : max.times(low).dividedBy(p);
      } else {
        score = new Decimal(scores.get(`${o.supplierId}|${i.indicateId}`) ?? i.defaultScore ?? 0);
      }
      if (!max.isZero()) total = total.plus(score.dividedBy(max).times(i.weight));
    }
    out.set(o, total.toDecimalPlaces(2).toNumber());
  }
  return out;
}

/**
 * Suppliers the buyer failed on a veto item (scored 0), each with the first such item's name: as
 * in tendering, they are not ranked, not suggested and not awarded. An item not scored yet rules
 * nobody out (its default, if any, is the buyer's choice of a starting value, not a verdict).
 */
export function vetoedSuppliers(indicators: Indicator[], scores: Map<string, number>): Map<number, string> {
  const out = new Map<number, string>();
  for (const i of indicators.filter((x) => x.vetoFlag === 1))
    for (const [key, score] of scores) {
      const [supplierId, indicateId] = key.split('|').map(Number);
      if (indicateId === i.indicateId && score === 0 && !out.has(supplierId!)) out.set(supplierId!, i.indicateName);
    }
  return out;
}

/** The buyer's scores of an RFx. */
async function scoreRows(db: Queryable, rfxId: number): Promise<Array<{ supplierId: number; indicateId: number; score: number }>> {
  return (await db.query<{ supplierId: number; indicateId: number; score: number }>('select supplier_id::float8 as "supplierId", indicate_id::float8 as "indicateId", score::float8 as score from ssrc_rfx_score where rfx_header_id = $1', [rfxId])).rows;
}

/** The buyer's scores of an RFx as `supplierId|indicateId` → score. */
export async function scoresOf(db: Queryable, rfxId: number): Promise<Map<string, number>> {
  return new Map((await scoreRows(db, rfxId)).map((x) => [`${x.supplierId}|${x.indicateId}`, Number(x.score)]));
}

/**
 * The buyer's scoring of a weighted-score RFx: the suppliers that quoted against the non-price
 * elements of its score template, each score within the element's range, while the RFx is between
 * opening and the submitted result. Price elements are never entered: they come from the prices.
 */
export async function scoringRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const scoring = {
    by: 'buyer',
    byReason: 'Suppliers are scored by the buyer',
    permission: { code: 'ssrc.inquiry-hall.check-price.button.edit', what: 'score the suppliers of an RFx' },
  } as const;
  const header = async (db: Queryable, tenantId: number | null, id: number, lock = false) => {
    const h = (await db.query<{ num: string; status: string; method: string }>(`select rfx_num as num, rfx_status as status, scoring_method as method from ssrc_rfx_header where rfx_header_id = $1 and tenant_id = $2${lock ? ' for update' : ''}`, [id, tenantId])).rows[0];
    if (!h) throw notFound(`rfxHeader ${id} not found`);
    return h;
  };
  const quoting = (db: Queryable, id: number) =>
    db.query<{ supplierId: number; supplierName: string; pretrialStatus: string }>('select supplier_id::float8 as "supplierId", supplier_name as "supplierName", pretrial_status as "pretrialStatus" from ssrc_rfx_supplier where rfx_header_id = $1 and quoted_flag = 1 order by supplier_name', [id]);

  defineRoute(app, ctx, { method: 'GET', url: '/ssrc/v1/:tenantId/rfx/:id/scores', ...scoring }, async (req, scope) => {
    const id = Number((req.params as Row).id);
    const h = await header(ctx.db, scope.tenantId, id);
    return {
      rfxHeaderId: id,
      rfxStatus: h.status,
      scoringMethod: h.method,
      editable: h.method === 'WEIGHTED_SCORE' && statusGroup(ctx.entities.get('rfxHeader')!, 'scoring').includes(h.status),
      indicators: await indicatorsOf(ctx.db, id),
      suppliers: (await quoting(ctx.db, id)).rows,
      scores: await scoreRows(ctx.db, id),
    };
  });

  const body = { type: 'object', required: ['scores'], properties: { scores: { type: 'array', maxItems: 5000, items: { type: 'object', required: ['supplierId', 'indicateId', 'score'], additionalProperties: false, properties: { supplierId: { type: 'integer', minimum: 1 }, indicateId: { type: 'integer', minimum: 1 }, score: { type: 'number', minimum: 0, maximum: 1e6 } } } } } };
  defineRoute(app, ctx, { method: 'POST', url: '/ssrc/v1/:tenantId/rfx/:id/scores', ...scoring, schema: { body } }, async (req, scope) => {
    const id = Number((req.params as Row).id);
    const { scores } = req.body as { scores: Array<{ supplierId: number; indicateId: number; score: number }> };
    return ctx.db.transaction(async (tx) => {
      const h = await header(tx, scope.tenantId, id, true);
      if (h.method !== 'WEIGHTED_SCORE') throw new BusinessError('error.status.transition', `${h.num} is awarded by the lowest price: it takes no scores`, 'warn');
      if (!statusGroup(ctx.entities.get('rfxHeader')!, 'scoring').includes(h.status)) throw new BusinessError('error.status.transition', `${h.num} is ${h.status}: suppliers are scored between opening and the submitted result`, 'warn');
      const elements = new Map((await indicatorsOf(tx, id)).map((i) => [i.indicateId, i]));
      const suppliers = new Map((await quoting(tx, id)).rows.map((x) => [Number(x.supplierId), x]));
      scores.forEach((x, n) => {
        const i = elements.get(x.indicateId);
        if (!i) throw refuse(`scores[${n}].indicateId`, `indicateId ${x.indicateId} is not an element of ${h.num}'s score template`);
        if (i.indicateType === 'PRICE') throw refuse(`scores[${n}].indicateId`, `${i.indicateName} is scored from the prices, not entered`);
        if (!suppliers.has(x.supplierId)) throw refuse(`scores[${n}].supplierId`, `supplierId ${x.supplierId} has no quotation in ${h.num}`);
        if (x.score < i.minScore || x.score > i.maxScore) throw refuse(`scores[${n}].score`, `${i.indicateName}: a score is between ${i.minScore} and ${i.maxScore}`);
        if (i.vetoFlag === 1 && x.score !== 0 && x.score !== 1) throw refuse(`scores[${n}].score`, `${i.indicateName} is a veto item: 1 passes, 0 fails`);
      });
      for (const x of scores) {
        const i = elements.get(x.indicateId)!;
        const upd = await tx.query('update ssrc_rfx_score set score = $4, object_version_number = object_version_number + 1, last_update_date = now(), last_updated_by = $5 where rfx_header_id = $1 and supplier_id = $2 and indicate_id = $3', [id, x.supplierId, x.indicateId, x.score, scope.auth.userId]);
        if (!upd.affectedRows)
          await tx.query(
            `insert into ssrc_rfx_score (tenant_id, rfx_header_id, supplier_id, supplier_name, indicate_id, indicate_name, score, created_by, last_updated_by) values ($1, $2, $3, $4, $5, $6, $7, $8, $8)`,
            [scope.tenantId, id, x.supplierId, suppliers.get(x.supplierId)!.supplierName, x.indicateId, i.indicateName, x.score, scope.auth.userId],
          );
      }
      await appendBidEvent(tx, { documentEntity: 'rfxHeader', documentId: id, event: 'score', actorUserId: scope.auth.userId, detail: { scores: scores.length } });
      return { rfxHeaderId: id, scored: scores.length };
    });
  });
}

/** A weighted-score template is released only with a released score template whose weights it ranks by. */
registerHooks('sourceTemplate', {
  async beforeWrite(current, action, { tx, tenantId }) {
    if (action !== 'release' || current.scoringMethod !== 'WEIGHTED_SCORE') return;
    const t = await tx.query<{ s: string }>('select template_status as s from ssrc_score_template where template_id = $1 and tenant_id = $2', [current.scoreTemplateId ?? null, tenantId]);
    if (t.rows[0]?.s !== 'RELEASED') throw refuse('scoreTemplateId', 'A weighted-score template needs a released score template');
  },
});
