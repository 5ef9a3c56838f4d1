import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../../context.ts';
import { afterCommit } from '../../../db/database.ts';
import { badRequest, BusinessError, forbidden, notFound } from '../../../http/errors.ts';
import { resolveScope } from '../../../resources/scope.ts';

type Row = Record<string, unknown>;
interface QuoteLine { rfxLineId: number; unitPrice: number; taxRate?: number; quotedQuantity?: number; deliveryDate?: string; validityDate?: string; remark?: string }

const refuse = (field: string, message: string) => Object.assign(badRequest(message), { field });
const closed = (message: string) => new BusinessError('ssrc.quotation.closed', message, 'warn');

/**
 * A supplier's quotation (`/ssrc/supplier-quotation/inquiry-price/:rfxId`): only a supplier the
 * RFx invited, only while it is in quotation and inside its window, only for the current round.
 * Quoting again in the same round replaces the supplier's lines; a new round's quote becomes the
 * current one. The RFx row is locked (for share) so no opening slips between the check and the write.
 * Answers and refusals name fields and times, never a price.
 */
export async function quoteRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const line = {
    type: 'object', required: ['rfxLineId', 'unitPrice'], additionalProperties: false,
    properties: { rfxLineId: { type: 'integer', minimum: 1 }, unitPrice: { type: 'number', minimum: 0, maximum: 1e12 }, taxRate: { type: 'number', minimum: 0, maximum: 100 }, quotedQuantity: { type: 'number', minimum: 0, maximum: 1e12 }, deliveryDate: { type: 'string', format: 'date' }, validityDate: { type: 'string', format: 'date' }, remark: { type: 'string', maxLength: 240 } },
  };
  const params = { type: 'object', properties: { tenantId: { type: 'integer' }, id: { type: 'integer', minimum: 1 } } };
  app.post('/ssrc/v1/:tenantId/rfx/:id/quotation', { schema: { params, body: { type: 'object', required: ['lines'], properties: { supplierId: { type: 'integer' }, lines: { type: 'array', minItems: 1, maxItems: 5000, items: line } } } } }, async (req) => {
    const scope = resolveScope(req, 'tenant');
    const ids = scope.auth.supplierIds;
    if (!ids) throw forbidden('Quotations are entered by the invited suppliers (offline results have their own entry)');
    const rfxId = Number((req.params as Row).id);
    const body = req.body as { supplierId?: number; lines: QuoteLine[] };
    return ctx.db.transaction(async (tx) => {
      const h = (
        await tx.query<{ num: string; status: string; start: Date; end: Date; round: number }>(
          `select rfx_num as num, rfx_status as status, quotation_start_date as start, quotation_end_date as end, round_number::int as round
             from ssrc_rfx_header where rfx_header_id = $1 and tenant_id = $2 for share`,
          [rfxId, scope.tenantId],
        )
      ).rows[0];
      const invited = (await tx.query<{ id: number; name: string }>('select supplier_id::float8 as id, supplier_name as name from ssrc_rfx_supplier where rfx_header_id = $1 and supplier_id = any($2::bigint[]) order by supplier_id', [rfxId, ids])).rows;
      // Not invited and not there are one answer: an outsider learns nothing about the RFx.
      if (!h || !invited.length) throw notFound(`RFx ${rfxId} not found`);
      const supplier = body.supplierId === undefined ? invited[0]! : invited.find((s) => s.id === body.supplierId);
      if (!supplier) throw refuse('supplierId', `supplierId ${String(body.supplierId)} is not invited to ${h.num}`);
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
        const values = [q.unitPrice, q.taxRate ?? null, q.quotedQuantity ?? Number(l.qty), q.deliveryDate ?? null, q.validityDate ?? null, q.remark ?? null, userId];
        const upd = await tx.query(
          `update ssrc_rfx_quotation_line set unit_price = $4, tax_rate = $5, quoted_quantity = $6, delivery_date = $7, validity_date = $8, remark = $9, quoted_date = now(), current_flag = 1,
                  object_version_number = object_version_number + 1, last_update_date = now(), last_updated_by = $10
            where rfx_line_id = $1 and supplier_id = $2 and round_number = $3`,
          [l.id, supplier.id, h.round, ...values],
        );
        if (!upd.affectedRows)
          await tx.query(
            `insert into ssrc_rfx_quotation_line (tenant_id, rfx_header_id, rfx_line_id, line_num, item_name, supplier_id, supplier_name, round_number, unit_price, tax_rate, quoted_quantity, delivery_date, validity_date, remark, quoted_date, current_flag, created_by, last_updated_by)
             values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, now(), 1, $15, $15)`,
            [scope.tenantId, rfxId, l.id, l.num, l.item, supplier.id, supplier.name, h.round, ...values],
          );
      }
      await tx.query('update ssrc_rfx_supplier set quoted_flag = 1, quoted_round = $3, quoted_date = now() where rfx_header_id = $1 and supplier_id = $2', [rfxId, supplier.id, h.round]);
      // Open quotation monitors reload who has quoted. The event names the RFx only (it reaches the
      // whole tenant, suppliers included): never a supplier, a price or a count.
      afterCommit(tx, () => ctx.events.publish({ type: 'record.changed', userId: 0, tenantId: scope.tenantId!, payload: { entity: 'rfxHeader', id: rfxId } }));
      return { rfxHeaderId: rfxId, supplierId: supplier.id, roundNumber: h.round, quotedLines: body.lines.length };
    });
  });
}
