import type { FastifyInstance } from 'fastify';
import { statusGroup } from '../../../../renderer/schema/status/groups.ts';
import type { ServerContext } from '../../../context.ts';
import { afterCommit, type Queryable } from '../../../db/database.ts';
import { badRequest, BusinessError, notFound } from '../../../http/errors.ts';
import { defineRoute } from '../../../http/module-route.ts';

/** One row of an offline results file, as read (every cell text, so nothing is rounded on the way). */
export interface OfflineRow { supplier?: string; lineNum?: string; unitPrice?: string; taxRate?: string; deliveryDate?: string; remark?: string }
export interface RowError { field: string; message: string }
export interface StagedRow { row: number; valid: boolean; errors: RowError[]; supplierId?: number; supplierName?: string; rfxLineId?: number }

// Prices and tax rates are stored with two places: a third is refused, never rounded away.
const DECIMAL = /^\d{1,14}(\.\d{1,2})?$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Checks every row against the RFx: the supplier (number or name) is one it invited, the line
 * number is one of its lines, the price a decimal above zero (two places at most, as stored), tax a decimal
 * up to 100, the delivery date a real date; a supplier and line given again by a later valid row is an error.
 */
export async function stageRows(db: Queryable, rfxId: number, rows: OfflineRow[]): Promise<StagedRow[]> {
  const invited = (
    await db.query<{ id: number; num: string; name: string }>(
      'select v.supplier_id::float8 as id, s.supplier_num as num, v.supplier_name as name from ssrc_rfx_supplier v join sslm_supplier s on s.supplier_id = v.supplier_id where v.rfx_header_id = $1',
      [rfxId],
    )
  ).rows;
  const lines = (await db.query<{ id: number; num: number }>('select rfx_line_id::float8 as id, line_num::int as num from ssrc_rfx_line where rfx_header_id = $1', [rfxId])).rows;
  const seen = new Map<string, number>();
  return rows.map((r, i) => {
    const errors: RowError[] = [];
    const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
    const who = text(r.supplier);
    const s = who ? invited.find((x) => x.num === who || x.name === who) : undefined;
    if (!who) errors.push({ field: 'supplier', message: 'supplier is empty' });
    else if (!s) errors.push({ field: 'supplier', message: `${who} is not invited to this RFx` });
    const ln = text(r.lineNum);
    const line = /^\d+$/.test(ln) ? lines.find((l) => l.num === Number(ln)) : undefined;
    if (!line) errors.push({ field: 'lineNum', message: ln ? `line ${ln} is not a line of this RFx` : 'lineNum is empty' });
    const price = text(r.unitPrice);
    if (!DECIMAL.test(price)) errors.push({ field: 'unitPrice', message: price ? `${price} is not a decimal number with at most two places` : 'unitPrice is empty' });
    else if (!/[1-9]/.test(price)) errors.push({ field: 'unitPrice', message: 'unitPrice must be above 0' });
    const tax = text(r.taxRate);
    if (tax && (!DECIMAL.test(tax) || Number(tax) > 100)) errors.push({ field: 'taxRate', message: `${tax} is not a tax rate between 0 and 100` });
    const date = text(r.deliveryDate);
    if (date && !(DATE.test(date) && !Number.isNaN(Date.parse(`${date}T00:00:00Z`)) && new Date(`${date}T00:00:00Z`).toISOString().startsWith(date))) errors.push({ field: 'deliveryDate', message: `${date} is not a date (YYYY-MM-DD)` });
    // Duplicates among otherwise valid rows: those are the ones that would be imported twice.
    if (s && line && !errors.length) {
      const key = `${s.id}|${line.id}`;
      const first = seen.get(key);
      if (first !== undefined) errors.push({ field: 'lineNum', message: `${who} quotes line ${ln} twice (also row ${first})` });
      else seen.set(key, i + 1);
    }
    return { row: i + 1, valid: errors.length === 0, errors, ...(s ? { supplierId: s.id, supplierName: s.name } : {}), ...(line ? { rfxLineId: line.id } : {}) };
  });
}

const ROW_FIELDS = ['supplier', 'lineNum', 'unitPrice', 'taxRate', 'deliveryDate', 'remark'];
const rowSchema = { type: 'object', properties: Object.fromEntries(ROW_FIELDS.map((k) => [k, { type: 'string', maxLength: k === 'remark' ? 240 : 120 }])) };

/** A column the import does not know is a file made for something else: named, not dropped unread. */
function refuseUnknownColumns(rows: Array<Record<string, unknown>>): void {
  rows.forEach((r, i) => {
    const k = Object.keys(r).find((x) => !ROW_FIELDS.includes(x));
    if (k !== undefined) throw Object.assign(badRequest(`rows[${i}].${k}: the import reads only ${ROW_FIELDS.join(', ')}`), { field: `rows[${i}].${k}` });
  });
}

/**
 * Offline quotation results (`/ssrc/offline-result-entry/data-import/:code`,
 * `/ssrc/import-quotation-results/import/:code`): the buyer's file of quotations received outside
 * the system, staged row by row (`…/offline-quotations/validate` answers each row's errors) and
 * imported (`…/offline-quotations`): the valid rows become the suppliers' current quotations of
 * the round in one transaction, the rows with errors are left out and answered again.
 */
export async function offlineImportRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const header = ctx.entities.get('rfxHeader')!;
  const params = { type: 'object', properties: { tenantId: { type: 'integer' }, id: { type: 'integer', minimum: 1 } } };
  const body = { type: 'object', required: ['rows'], properties: { rows: { type: 'array', minItems: 1, maxItems: 20000, items: rowSchema } } };
  const rfxOf = async (db: Queryable, tenantId: number | null, id: number, lock = false) => {
    const h = (await db.query<{ num: string; status: string; round: number }>(`select rfx_num as num, rfx_status as status, round_number::int as round from ssrc_rfx_header where rfx_header_id = $1 and tenant_id = $2${lock ? ' for update' : ''}`, [id, tenantId])).rows[0];
    if (!h) throw notFound(`rfxHeader ${id} not found`);
    if (!statusGroup(header, 'offline').includes(h.status)) throw new BusinessError('error.status.transition', `${h.num} is ${h.status}: offline results are entered while it is in quotation, awaiting opening or opened`, 'warn');
    return h;
  };
  const offline = { method: 'POST', by: 'buyer', byReason: 'Offline results are entered by the buyer', entity: 'rfxHeader', access: 'write' } as const;

  defineRoute(app, ctx, { ...offline, url: '/ssrc/v1/:tenantId/rfx/:id/offline-quotations/validate', schema: { params, body } }, async (req, scope) => {
    const id = Number((req.params as { id: number }).id);
    refuseUnknownColumns((req.body as { rows: OfflineRow[] }).rows as Array<Record<string, unknown>>);
    await rfxOf(ctx.db, scope.tenantId, id);
    const rows = await stageRows(ctx.db, id, (req.body as { rows: OfflineRow[] }).rows);
    return { rfxHeaderId: id, total: rows.length, valid: rows.filter((r) => r.valid).length, rows };
  });

  defineRoute(app, ctx, { ...offline, url: '/ssrc/v1/:tenantId/rfx/:id/offline-quotations', schema: { params, body } }, async (req, scope) => {
    const id = Number((req.params as { id: number }).id);
    const input = (req.body as { rows: OfflineRow[] }).rows;
    refuseUnknownColumns(input as Array<Record<string, unknown>>);
    return ctx.db.transaction(async (tx) => {
      const h = await rfxOf(tx, scope.tenantId, id, true);
      const staged = await stageRows(tx, id, input);
      const valid = staged.filter((r) => r.valid);
      const lineInfo = new Map((await tx.query<{ id: number; num: number; item: string; qty: string }>('select rfx_line_id::float8 as id, line_num::int as num, item_name as item, quantity::text as qty from ssrc_rfx_line where rfx_header_id = $1', [id])).rows.map((l) => [l.id, l]));
      for (const r of valid) {
        const src = input[r.row - 1]!;
        const l = lineInfo.get(r.rfxLineId!)!;
        const values = [src.unitPrice!.trim(), src.taxRate?.trim() || null, l.qty, src.deliveryDate?.trim() || null, src.remark?.trim() || 'Offline result', scope.auth.userId];
        await tx.query('update ssrc_rfx_quotation_line set current_flag = 0 where rfx_line_id = $1 and supplier_id = $2 and round_number < $3', [l.id, r.supplierId, h.round]);
        // Prices go to numeric columns as the text the file held: exact, never through a float.
        const upd = await tx.query(
          `update ssrc_rfx_quotation_line set unit_price = $4::numeric, tax_rate = $5::numeric, quoted_quantity = $6::numeric, delivery_date = $7::date, remark = $8, quoted_date = now(), current_flag = 1,
                  object_version_number = object_version_number + 1, last_update_date = now(), last_updated_by = $9
            where rfx_line_id = $1 and supplier_id = $2 and round_number = $3`,
          [l.id, r.supplierId, h.round, ...values],
        );
        if (!upd.affectedRows)
          await tx.query(
            `insert into ssrc_rfx_quotation_line (tenant_id, rfx_header_id, rfx_line_id, line_num, item_name, supplier_id, supplier_name, round_number, unit_price, tax_rate, quoted_quantity, delivery_date, remark, quoted_date, current_flag, created_by, last_updated_by)
             values ($1, $2, $3, $4, $5, $6, $7, $8, $9::numeric, $10::numeric, $11::numeric, $12::date, $13, now(), 1, $14, $14)`,
            [scope.tenantId, id, l.id, l.num, l.item, r.supplierId, r.supplierName, h.round, ...values],
          );
      }
      const suppliers = [...new Set(valid.map((r) => r.supplierId!))];
      if (suppliers.length) await tx.query('update ssrc_rfx_supplier set quoted_flag = 1, quoted_round = $3, quoted_date = now() where rfx_header_id = $1 and supplier_id = any($2::bigint[])', [id, suppliers, h.round]);
      if (valid.length) afterCommit(tx, () => ctx.events.publish({ type: 'record.changed', userId: 0, tenantId: scope.tenantId!, payload: { entity: 'rfxHeader', id } }));
      return { rfxHeaderId: id, total: staged.length, imported: valid.length, rows: staged };
    });
  });
}
