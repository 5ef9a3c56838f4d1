import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../../context.ts';
import { BusinessError, notFound, refuse } from '../../../http/errors.ts';
import { decimalPattern, decimalProblem } from '../../../../renderer/schema/decimal.ts';
import { decimalOf } from '../../../../renderer/schema/types/field-types.ts';
import { logRfxAward } from '../../../bid-log/rfx-events.ts';
import { indicatorsOf, scoresOf, vetoedSuppliers, weightedScores } from './scoring.ts';
import { statusGroup } from '../../../../renderer/schema/status/groups.ts';
import { defineRoute } from '../../../http/module-route.ts';

type Row = Record<string, unknown>;

/**
 * Check price (`/ssrc/inquiry-hall/check-price`): the matrix of lines × suppliers with each
 * current quotation, the suggested winner of each line (lowest price; with the weighted-score
 * method and a score template, the highest weighted score: scoring.ts) and the saving against the
 * line's last price; and the award: quantities per quotation, each line at most its quantity,
 * never to a supplier that failed the pretrial or (weighted score) a veto item.
 */
export async function checkRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const checkPrice = (what: string) => ({ by: 'buyer', byReason: 'The price check is the buyer\'s', permission: { code: 'ssrc.inquiry-hall.check-price.button.edit', what } }) as const;
  const header = async (tenantId: number | null, id: number) => {
    const h = (await ctx.db.query<{ num: string; status: string; sealed: number; method: string }>('select rfx_num as num, rfx_status as status, sealed_quotation_flag::int as sealed, scoring_method as method from ssrc_rfx_header where rfx_header_id = $1 and tenant_id = $2', [id, tenantId])).rows[0];
    if (!h) throw notFound(`rfxHeader ${id} not found`);
    return h;
  };

  defineRoute(app, ctx, { method: 'GET', url: '/ssrc/v1/:tenantId/rfx/:id/check', ...checkPrice('check prices of an RFx') }, async (req, scope) => {
    const id = Number((req.params as Row).id);
    const h = await header(scope.tenantId, id);
    if (h.sealed === 1 && !statusGroup(ctx.entities.get('rfxHeader')!, 'opened').includes(h.status)) throw new BusinessError('ssrc.rfx.sealed', `${h.num} is sealed and not opened yet`, 'warn');
    const lines = (await ctx.db.query<Row>(
      `select rfx_line_id::float8 as "rfxLineId", line_num::int as "lineNum", item_code as "itemCode", item_name as "itemName", quantity::text as quantity, uom_code as "uomCode", last_price::text as "lastPrice"
         from ssrc_rfx_line where rfx_header_id = $1 order by line_num`, [id])).rows;
    const suppliers = (await ctx.db.query<Row>('select supplier_id::float8 as "supplierId", supplier_name as "supplierName", quoted_flag::int as "quotedFlag", pretrial_status as "pretrialStatus" from ssrc_rfx_supplier where rfx_header_id = $1 order by supplier_name', [id])).rows;
    const failed = new Set(suppliers.filter((x) => x.pretrialStatus === 'FAILED').map((x) => Number(x.supplierId)));
    // One JSON value for all the quotation lines: PGlite's cost is per value returned, and a
    // 500 × 30 RFx has 15,000 lines × 10 values (2.7 s as rows, 0.8 s as one aggregate).
    const packed = (
      await ctx.db.query<{ cells: string }>(
        `select coalesce(json_agg(json_build_array(quotation_line_id, rfx_line_id, supplier_id, round_number, unit_price::text, tax_rate::text, quoted_quantity::text, to_char(delivery_date, 'YYYY-MM-DD'), award_quantity::text, award_ratio::text)), '[]')::text as cells
           from ssrc_rfx_quotation_line where rfx_header_id = $1 and current_flag = 1`,
        [id],
      )
    ).rows[0]!.cells;
    // Amounts as decimal text with their columns' scale, as the generic lists answer them.
    const num = (v: unknown) => (v === null ? null : String(v));
    const cells = (JSON.parse(packed) as unknown[][]).map(([quotationLineId, rfxLineId, supplierId, roundNumber, unitPrice, taxRate, quotedQuantity, deliveryDate, awardQuantity, awardRatio]) => ({
      quotationLineId: Number(quotationLineId), rfxLineId: Number(rfxLineId), supplierId: Number(supplierId), roundNumber: Number(roundNumber),
      unitPrice: num(unitPrice), taxRate: num(taxRate), quotedQuantity: num(quotedQuantity), deliveryDate: deliveryDate as string | null, awardQuantity: num(awardQuantity), awardRatio: num(awardRatio), suggested: false, score: null as number | null,
    }));
    // Suggested on each line, among the suppliers that did not fail the pretrial or a veto item
    // (every one of equal rank, as a rank would): the highest weighted score when the RFx is scored
    // (scoring.ts), else the lowest price. A vetoed supplier keeps its prices but gets no score.
    // Number() of decimal text keeps its order (and equal prices equal): enough to rank, nothing is added.
    let rank = (c: (typeof cells)[number]) => -Number(c.unitPrice!);
    const indicators = h.method === 'WEIGHTED_SCORE' ? await indicatorsOf(ctx.db, id) : [];
    const vetoed = new Map<number, string>();
    if (indicators.length) {
      const scores = await scoresOf(ctx.db, id);
      for (const [supplierId, item] of vetoedSuppliers(indicators, scores)) vetoed.set(supplierId, item);
      const totals = weightedScores(indicators, cells, scores, new Set([...failed, ...vetoed.keys()]));
      for (const c of cells) c.score = totals.get(c) ?? null;
      rank = (c) => c.score!;
    }
    for (const x of suppliers) x.vetoReason = vetoed.get(Number(x.supplierId)) ?? null;
    const eligible = cells.filter((c) => c.unitPrice !== null && !failed.has(c.supplierId) && !vetoed.has(c.supplierId));
    const best = new Map<number, number>();
    for (const c of eligible) if (!(best.get(c.rfxLineId)! >= rank(c))) best.set(c.rfxLineId, rank(c));
    for (const c of eligible) c.suggested = best.get(c.rfxLineId) === rank(c);
    return { rfxHeaderId: id, rfxNum: h.num, rfxStatus: h.status, scoringMethod: h.method, lines, suppliers, cells };
  });

  // An award quantity is a number or decimal text of the quotation line's column, refused (not rounded) when it does not fit.
  const awardField = ctx.entities.get('rfxQuotationLine')!.fields.find((f) => f.name === 'awardQuantity')!;
  const awardDigits = decimalOf(awardField)!;
  const awardQuantity = { type: ['number', 'string'], pattern: decimalPattern(awardDigits, true), minimum: 0, maximum: 1e12 };
  defineRoute(app, ctx, { method: 'POST', url: '/ssrc/v1/:tenantId/rfx/check', ...checkPrice('award an RFx'), schema: { body: { type: 'object', required: ['rfxHeaderId', 'awards'], properties: { rfxHeaderId: { type: 'integer', minimum: 1 }, awards: { type: 'array', maxItems: 20000, items: { type: 'object', required: ['quotationLineId', 'awardQuantity'], properties: { quotationLineId: { type: 'integer', minimum: 1 }, awardQuantity } } } } } } }, async (req, scope) => {
    const body = req.body as { rfxHeaderId: number; awards: Array<{ quotationLineId: number; awardQuantity: number | string }> };
    body.awards.forEach((a, i) => {
      const problem = decimalProblem(a.awardQuantity, awardDigits, { min: 0 });
      if (problem) throw refuse(`awards[${i}].awardQuantity`, `awards[${i}].awardQuantity ${problem}`);
    });
    return ctx.db.transaction(async (tx) => {
      const h = (await tx.query<{ num: string; status: string; method: string }>('select rfx_num as num, rfx_status as status, scoring_method as method from ssrc_rfx_header where rfx_header_id = $1 and tenant_id = $2 for update', [body.rfxHeaderId, scope.tenantId])).rows[0];
      if (!h) throw notFound(`rfxHeader ${body.rfxHeaderId} not found`);
      if (!['CHECK_PENDING', 'CHECK_REJECTED'].includes(h.status)) throw new BusinessError('error.status.transition', `${h.num} is ${h.status}: awards are made while the price check is pending`, 'warn');
      const found = (
        await tx.query<{ id: number; supplierId: number; name: string; failed: boolean }>(
          `select q.quotation_line_id::float8 as id, q.supplier_id::float8 as "supplierId", q.supplier_name as name, coalesce(s.pretrial_status = 'FAILED', false) as failed
             from ssrc_rfx_quotation_line q left join ssrc_rfx_supplier s on s.rfx_header_id = q.rfx_header_id and s.supplier_id = q.supplier_id
            where q.rfx_header_id = $1 and q.current_flag = 1 and q.quotation_line_id = any($2::bigint[])`,
          [body.rfxHeaderId, body.awards.map((a) => a.quotationLineId)],
        )
      ).rows;
      const known = new Map(found.map((r) => [Number(r.id), r]));
      const vetoed = h.method === 'WEIGHTED_SCORE' ? vetoedSuppliers(await indicatorsOf(tx, body.rfxHeaderId), await scoresOf(tx, body.rfxHeaderId)) : new Map<number, string>();
      body.awards.forEach((a, i) => {
        const q = known.get(a.quotationLineId);
        if (!q) throw refuse(`awards[${i}].quotationLineId`, `quotationLineId ${a.quotationLineId} is not a current quotation of ${h.num}`);
        if (q.failed && Number(a.awardQuantity) > 0) throw refuse(`awards[${i}].quotationLineId`, `${q.name} failed the pretrial of ${h.num}: its quotation is not awarded`);
        const veto = vetoed.get(Number(q.supplierId));
        if (veto && Number(a.awardQuantity) > 0) throw refuse(`awards[${i}].quotationLineId`, `${q.name} failed the veto item ${veto} of ${h.num}: its quotation is not awarded`);
      });
      for (const a of body.awards)
        await tx.query(
          `update ssrc_rfx_quotation_line q set award_quantity = $2::numeric, award_ratio = round($2::numeric * 100 / nullif(l.quantity, 0), 2), object_version_number = q.object_version_number + 1, last_update_date = now()
             from ssrc_rfx_line l where l.rfx_line_id = q.rfx_line_id and q.quotation_line_id = $1`,
          [a.quotationLineId, a.awardQuantity],
        );
      const over = (await tx.query<{ lineNum: number; quantity: string; awarded: string }>(
        `select l.line_num::int as "lineNum", l.quantity::text as quantity, coalesce(sum(q.award_quantity), 0)::text as awarded
           from ssrc_rfx_line l left join ssrc_rfx_quotation_line q on q.rfx_line_id = l.rfx_line_id and q.current_flag = 1
          where l.rfx_header_id = $1 group by l.rfx_line_id, l.line_num, l.quantity having coalesce(sum(q.award_quantity), 0) > l.quantity order by l.line_num limit 1`, [body.rfxHeaderId])).rows[0];
      // Checked on the sums as written, in the transaction: a refusal writes nothing.
      if (over) throw refuse('awardQuantity', `Line ${over.lineNum}: awarded ${over.awarded} exceeds its quantity ${over.quantity}`);
      await tx.query(
        `update ssrc_rfx_line l set awarded_quantity = s.awarded from (select rfx_line_id, sum(award_quantity) as awarded from ssrc_rfx_quotation_line where rfx_header_id = $1 and current_flag = 1 group by rfx_line_id) s
          where s.rfx_line_id = l.rfx_line_id`, [body.rfxHeaderId]);
      await logRfxAward(tx, body.rfxHeaderId, scope.auth.userId, 'decided');
      return { rfxHeaderId: body.rfxHeaderId, awarded: body.awards.length };
    });
  });
}
