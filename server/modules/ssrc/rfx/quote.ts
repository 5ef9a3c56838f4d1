import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../../context.ts';
import Decimal from 'decimal.js';
import { afterCommit, type Queryable } from '../../../db/database.ts';
import { BusinessError, forbidden, notFound, refuse } from '../../../http/errors.ts';
import { appendBidEvent, appendOffer } from '../../../bid-log/append.ts';
import { sealValues } from '../../../sealing/sealed-rows.ts';
import { defineRoute } from '../../../http/module-route.ts';

type Row = Record<string, unknown>;
interface QuoteLine { rfxLineId: number; unitPrice: number; taxRate?: number; quotedQuantity?: number; deliveryDate?: string; validityDate?: string; remark?: string }

const closed = (message: string) => new BusinessError('ssrc.quotation.closed', message, 'warn');

/**
 * A supplier's quotation (`/ssrc/supplier-quotation/inquiry-price/:rfxId`): only a supplier the
 * RFx invited, only while it is in quotation and inside its window, only for the current round.
 * Quoting again in the same round replaces the supplier's lines; a new round's quote becomes the
 * current one. The RFx row is locked (for share) so no opening slips between the check and the write.
 * While the RFx is bargaining the same call takes the supplier's lower prices (bargainOffer), and
 * before the quotation end a supplier may withdraw its quotation of the round (DELETE).
 * A user bound to several invited companies names the one that quotes (`supplierId`, invitedTo).
 * Answers and refusals name fields and times, never a price.
 */
export async function quoteRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const line = {
    type: 'object', required: ['rfxLineId', 'unitPrice'], additionalProperties: false,
    properties: { rfxLineId: { type: 'integer', minimum: 1 }, unitPrice: { type: 'number', minimum: 0, maximum: 1e12 }, taxRate: { type: 'number', minimum: 0, maximum: 100 }, quotedQuantity: { type: 'number', minimum: 0, maximum: 1e12 }, deliveryDate: { type: 'string', format: 'date' }, validityDate: { type: 'string', format: 'date' }, remark: { type: 'string', maxLength: 240 } },
  };
  const params = { type: 'object', properties: { tenantId: { type: 'integer' }, id: { type: 'integer', minimum: 1 } } };
  defineRoute(app, ctx, { method: 'POST', url: '/ssrc/v1/:tenantId/rfx/:id/quotation', schema: { params, body: { type: 'object', required: ['lines'], properties: { supplierId: { type: 'integer' }, lines: { type: 'array', minItems: 1, maxItems: 5000, items: line } } } } }, async (req, scope) => {
    // Not declared `by: 'supplier'`: a supplier-side role bound to no company is answered as one not invited (404), not 403.
    const ids = scope.auth.supplierIds;
    if (!ids) throw forbidden('Quotations are entered by the invited suppliers (offline results have their own entry)');
    const rfxId = Number((req.params as Row).id);
    const body = req.body as { supplierId?: number; lines: QuoteLine[] };
    const quotation = ctx.entities.get('rfxQuotationLine')!;
    return ctx.db.transaction(async (tx) => {
      const { h, supplier } = await invitedTo(tx, scope.tenantId, rfxId, ids, body.supplierId);
      if (h.status === 'BARGAINING') return bargainOffer(tx, scope.auth.userId, h, rfxId, supplier, body.lines);
      if (h.status !== 'IN_QUOTATION') throw closed(`${h.num} is ${h.status}: quotations are taken only while it is in quotation`);
      const now = Date.now();
      if (now < new Date(h.start).getTime()) throw closed(`${h.num}: quotations open at ${new Date(h.start).toISOString()}`);
      if (now >= new Date(h.end).getTime()) throw closed(`${h.num}: quotations closed at ${new Date(h.end).toISOString()}`);
      const lines = (await tx.query<{ id: number; num: number; item: string; qty: string }>('select rfx_line_id::float8 as id, line_num::int as num, item_name as item, quantity::text as qty from ssrc_rfx_line where rfx_header_id = $1', [rfxId])).rows;
      const byId = new Map(lines.map((l) => [l.id, l]));
      const seen = new Set<number>();
      body.lines.forEach((q, i) => {
        if (!byId.has(q.rfxLineId)) throw refuse(`lines[${i}].rfxLineId`, `rfxLineId ${q.rfxLineId} is not a line of ${h.num}`);
        if (seen.has(q.rfxLineId)) throw refuse(`lines[${i}].rfxLineId`, `rfxLineId ${q.rfxLineId} is quoted twice`);
        seen.add(q.rfxLineId);
      });
      const userId = scope.auth.userId;
      for (const q of body.lines) {
        const l = byId.get(q.rfxLineId)!;
        await tx.query('update ssrc_rfx_quotation_line set current_flag = 0 where rfx_line_id = $1 and supplier_id = $2 and round_number < $3', [l.id, supplier.id, h.round]);
        const offer: Row = { rfxHeaderId: rfxId, supplierId: supplier.id, rfxLineId: l.id, roundNumber: h.round, unitPrice: q.unitPrice, taxRate: q.taxRate ?? null, quotedQuantity: q.quotedQuantity ?? l.qty, deliveryDate: q.deliveryDate ?? null, validityDate: q.validityDate ?? null, remark: q.remark ?? null };
        // A sealed RFx's offer is written encrypted: until opening no read of the table can show it.
        const o = h.sealed === 1 ? await sealValues(tx, ctx.sealKeys, quotation, Number(scope.tenantId), offer, ctx.config.storageDir) : { ...offer, sealedOffer: null };
        const values = [o.unitPrice, o.taxRate, o.quotedQuantity, o.deliveryDate, o.validityDate, o.remark, userId, o.sealedOffer];
        const upd = await tx.query(
          `update ssrc_rfx_quotation_line set unit_price = $4, tax_rate = $5, quoted_quantity = $6, delivery_date = $7, validity_date = $8, remark = $9, sealed_offer = $11, quoted_date = now(), current_flag = 1,
                  object_version_number = object_version_number + 1, last_update_date = now(), last_updated_by = $10
            where rfx_line_id = $1 and supplier_id = $2 and round_number = $3`,
          [l.id, supplier.id, h.round, ...values],
        );
        if (!upd.affectedRows)
          await tx.query(
            `insert into ssrc_rfx_quotation_line (tenant_id, rfx_header_id, rfx_line_id, line_num, item_name, supplier_id, supplier_name, round_number, unit_price, tax_rate, quoted_quantity, delivery_date, validity_date, remark, created_by, sealed_offer, quoted_date, current_flag, last_updated_by)
             values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, now(), 1, $15)`,
            [scope.tenantId, rfxId, l.id, l.num, l.item, supplier.id, supplier.name, h.round, ...values],
          );
      }
      await tx.query('update ssrc_rfx_supplier set quoted_flag = 1, quoted_round = $3, quoted_date = now() where rfx_header_id = $1 and supplier_id = $2', [rfxId, supplier.id, h.round]);
      await appendOffer(tx, { documentEntity: 'rfxHeader', documentId: rfxId, actorUserId: userId, supplierId: supplier.id, detail: { round: h.round } });
      // Open quotation monitors reload who has quoted. The event names the RFx only (it reaches the
      // whole tenant, suppliers included): never a supplier, a price or a count.
      afterCommit(tx, () => ctx.events.publish({ type: 'record.changed', userId: 0, tenantId: scope.tenantId!, payload: { entity: 'rfxHeader', id: rfxId } }));
      return { rfxHeaderId: rfxId, supplierId: supplier.id, roundNumber: h.round, quotedLines: body.lines.length, quotedDate: await quotedAt(tx) };
    });
  });

  /**
   * A supplier takes its quotation of the current round back, while quotations are still taken:
   * its lines of the round go, its quotation of the round before (if any) is its current one again.
   */
  defineRoute(app, ctx, { method: 'DELETE', url: '/ssrc/v1/:tenantId/rfx/:id/quotation', schema: { params, querystring: { type: 'object', properties: { supplierId: { type: 'integer' } } } } }, async (req, scope) => {
    // Not declared `by: 'supplier'`, as the quotation above.
    const ids = scope.auth.supplierIds;
    if (!ids) throw forbidden('A quotation is withdrawn by the supplier who sent it');
    const rfxId = Number((req.params as Row).id);
    const asked = (req.query as { supplierId?: number }).supplierId;
    return ctx.db.transaction(async (tx) => {
      const { h, supplier } = await invitedTo(tx, scope.tenantId, rfxId, ids, asked);
      if (h.status !== 'IN_QUOTATION' || Date.now() >= new Date(h.end).getTime()) throw closed(`${h.num} is ${h.status === 'IN_QUOTATION' ? 'past its quotation end' : h.status}: a quotation is withdrawn only while quotations are taken`);
      const gone = await tx.query('delete from ssrc_rfx_quotation_line where rfx_header_id = $1 and supplier_id = $2 and round_number = $3', [rfxId, supplier.id, h.round]);
      if (!gone.affectedRows) throw closed(`${supplier.name} has no quotation in round ${h.round} of ${h.num} to withdraw`);
      const prev = (await tx.query<{ round: number | null }>('select max(round_number)::int as round from ssrc_rfx_quotation_line where rfx_header_id = $1 and supplier_id = $2', [rfxId, supplier.id])).rows[0]?.round ?? null;
      if (prev !== null) await tx.query('update ssrc_rfx_quotation_line set current_flag = 1 where rfx_header_id = $1 and supplier_id = $2 and round_number = $3', [rfxId, supplier.id, prev]);
      await tx.query('update ssrc_rfx_supplier set quoted_flag = 0, quoted_round = $3, quoted_date = null where rfx_header_id = $1 and supplier_id = $2', [rfxId, supplier.id, prev]);
      await appendBidEvent(tx, { documentEntity: 'rfxHeader', documentId: rfxId, event: 'withdraw', actorUserId: scope.auth.userId, supplierId: supplier.id, detail: { round: h.round } });
      afterCommit(tx, () => ctx.events.publish({ type: 'record.changed', userId: 0, tenantId: scope.tenantId!, payload: { entity: 'rfxHeader', id: rfxId } }));
      return { rfxHeaderId: rfxId, supplierId: supplier.id, roundNumber: h.round, withdrawnLines: gone.affectedRows };
    });
  });
}

/** The time the quotation's rows carry (the transaction's now()), in UTC as date-times travel: the supplier's receipt names it. */
const quotedAt = async (tx: Queryable) => (await tx.query<{ t: string }>("select to_char(now() at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS') as t")).rows[0]!.t;

interface Invited {
  h: { num: string; status: string; sealed: number; start: Date; end: Date; round: number; bargainEnd: Date | null };
  supplier: { id: number; name: string };
}

/**
 * The RFx (locked for share: no opening slips in between) and the invited supplier that quotes.
 * A user may act for several companies (`supplierIds`): the body names the one that quotes, which
 * must be one of the caller's (403) and invited (400); with a single invited company of theirs it
 * may be left out. Not invited at all and not there are one answer: an outsider learns nothing.
 */
async function invitedTo(tx: Queryable, tenantId: number | null, rfxId: number, ids: number[], asked?: number): Promise<Invited> {
  if (asked !== undefined && !ids.includes(asked)) throw Object.assign(forbidden(`supplierId ${asked} is not a company you act for`), { field: 'supplierId' });
  const h = (
    await tx.query<Invited['h']>(
      `select rfx_num as num, rfx_status as status, sealed_quotation_flag::int as sealed, quotation_start_date as start, quotation_end_date as end, round_number::int as round, bargain_end_date as "bargainEnd"
         from ssrc_rfx_header where rfx_header_id = $1 and tenant_id = $2 for share`,
      [rfxId, tenantId],
    )
  ).rows[0];
  const invited = (await tx.query<{ id: number; name: string }>('select supplier_id::float8 as id, supplier_name as name from ssrc_rfx_supplier where rfx_header_id = $1 and supplier_id = any($2::bigint[]) order by supplier_id', [rfxId, ids])).rows;
  if (!h || !invited.length) throw notFound(`RFx ${rfxId} not found`);
  if (asked === undefined) {
    if (invited.length > 1) throw refuse('supplierId', `${h.num} invites several of your companies (${invited.map((s) => s.name).join(', ')}): supplierId names the one that quotes`);
    return { h, supplier: invited[0]! };
  }
  const supplier = invited.find((s) => s.id === asked);
  if (!supplier) throw refuse('supplierId', `supplierId ${asked} is not invited to ${h.num}`);
  return { h, supplier };
}

/**
 * A bargaining offer: until the bargaining deadline, a supplier that quoted (and did not fail the
 * pretrial) lowers the price of lines it quoted in the current round. The offer replaces the price
 * on the current quotation (the price before bargaining is kept); a higher price is refused.
 */
async function bargainOffer(tx: Queryable, userId: number, h: Invited['h'], rfxId: number, supplier: Invited['supplier'], lines: QuoteLine[]) {
  if (!h.bargainEnd || Date.now() >= new Date(h.bargainEnd).getTime()) throw closed(`${h.num}: bargaining closed at ${h.bargainEnd ? new Date(h.bargainEnd).toISOString() : '-'}`);
  const inv = (await tx.query<{ p: string }>('select pretrial_status as p from ssrc_rfx_supplier where rfx_header_id = $1 and supplier_id = $2', [rfxId, supplier.id])).rows[0];
  if (inv?.p === 'FAILED') throw closed(`${supplier.name} did not pass the pretrial of ${h.num} and takes no part in bargaining`);
  const current = new Map(
    (await tx.query<{ id: number; lineId: number; num: number; price: string | null }>('select quotation_line_id::float8 as id, rfx_line_id::float8 as "lineId", line_num::int as num, unit_price::text as price from ssrc_rfx_quotation_line where rfx_header_id = $1 and supplier_id = $2 and current_flag = 1', [rfxId, supplier.id])).rows.map((q) => [Number(q.lineId), q]),
  );
  const seen = new Set<number>();
  lines.forEach((q, i) => {
    const was = current.get(q.rfxLineId);
    if (!was) throw refuse(`lines[${i}].rfxLineId`, `rfxLineId ${q.rfxLineId} has no quotation of ${supplier.name} to bargain on`);
    if (seen.has(q.rfxLineId)) throw refuse(`lines[${i}].rfxLineId`, `rfxLineId ${q.rfxLineId} is offered twice`);
    seen.add(q.rfxLineId);
    // Compared as the database keeps the price (numeric), not as binary floats.
    if (was.price !== null && new Decimal(q.unitPrice).greaterThan(was.price)) throw refuse(`lines[${i}].unitPrice`, `Line ${was.num}: a bargaining offer may lower the price, not raise it`);
  });
  for (const q of lines)
    await tx.query(
      `update ssrc_rfx_quotation_line set pre_bargain_price = coalesce(pre_bargain_price, unit_price), unit_price = $2, bargained_flag = 1, quoted_date = now(),
              object_version_number = object_version_number + 1, last_update_date = now(), last_updated_by = $3 where quotation_line_id = $1`,
      [current.get(q.rfxLineId)!.id, q.unitPrice, userId],
    );
  await appendBidEvent(tx, { documentEntity: 'rfxHeader', documentId: rfxId, event: 'revise', actorUserId: userId, supplierId: supplier.id, detail: { kind: 'bargain', round: h.round } });
  return { rfxHeaderId: rfxId, supplierId: supplier.id, roundNumber: h.round, bargainedLines: lines.length, quotedDate: await quotedAt(tx) };
}
