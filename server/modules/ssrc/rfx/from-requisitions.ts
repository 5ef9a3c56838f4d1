import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../../context.ts';
import type { Queryable } from '../../../db/database.ts';
import { documentsFromLines, type FromLinesPlan } from '../../../documents/from-lines.ts';
import { badRequest, HttpError, notFound } from '../../../http/errors.ts';
import { defineRoute } from '../../../http/module-route.ts';

interface SourceLine {
  prLineId: number;
  lineNum: number;
  displayPrNum: string;
  status: string;
  execution: string;
  cancelled: number | null;
  displayPoNum: string | null;
  rfxNum: string | null;
  itemCode: string;
  itemName: string;
  quantity: string;
  uomCode: string | null;
  unitPrice: string | null;
  neededDate: string | null;
  companyId: number | null;
  companyName: string;
  currencyCode: string;
}

/** The transaction-local mark that a requisition line reaches an RFx through this route (and is marked sourced). */
export const APPLICATION_SETTING = 'ssrc.application';

const conflict = (message: string) => Object.assign(new HttpError(409, 'error.requisition.not_sourceable', message), { field: 'prLineId' });

/** Why a requisition line cannot be sourced (null: it can). */
export function notSourceable(l: Pick<SourceLine, 'displayPrNum' | 'lineNum' | 'status' | 'cancelled' | 'execution' | 'displayPoNum' | 'rfxNum'>): string | null {
  const name = `${l.displayPrNum} line ${l.lineNum}`;
  if (l.status !== 'APPROVED') return `${name}: the requisition is ${l.status}; only approved requisitions are sourced`;
  if (l.cancelled === 1) return `${name} is cancelled`;
  if (l.execution === 'SOURCED') return `${name} is already being sourced${l.rfxNum ? ` in ${l.rfxNum}` : ''}`;
  if (l.execution !== 'NONE') return `${name} is already ordered${l.displayPoNum ? ` in ${l.displayPoNum}` : ''}`;
  return null;
}

/** A requisition line released again when the RFx line sourcing it goes (deleted from a draft, or the RFx closed unawarded). */
export async function releaseRequisitionLines(tx: Queryable, where: { rfxHeaderId?: unknown; rfxLineId?: unknown }): Promise<void> {
  const [col, id] = where.rfxLineId !== undefined ? ['rfx_line_id', where.rfxLineId] : ['rfx_header_id', where.rfxHeaderId];
  await tx.query(
    `update sprm_pr_line set execution_status_code = 'NONE', object_version_number = object_version_number + 1, last_update_date = now()
      where execution_status_code = 'SOURCED' and pr_line_id in (select pr_line_id from ssrc_rfx_line where ${col} = $1 and pr_line_id is not null)`,
    [id],
  );
}

/**
 * An RFx from approved requisition lines (`rfx/application`, the original's call; the screen is
 * `/ssrc/inquiry-request`): one draft RFx with one line per requisition line (item, quantity, unit,
 * date, the requisition's price as the last price), under the tenant's first released template,
 * starting now and ending in seven days; the buyer changes template and window on the draft.
 * The requisition lines are marked sourced in the same transaction, with the lines locked, so a
 * line is never sourced twice nor ordered while it is sourced; any refused line refuses all.
 */
export async function fromRequisitionRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  defineRoute(
    app,
    ctx,
    {
      method: 'POST',
      url: '/ssrc/v1/:tenantId/rfx/application',
      entity: 'rfxHeader',
      access: 'write',
      schema: {
        params: { type: 'object', properties: { tenantId: { type: 'integer' } } },
        body: { type: 'array', minItems: 1, maxItems: 1000, items: { type: 'object', required: ['prLineId'], properties: { prLineId: { type: 'integer', minimum: 1 } } } },
      },
    },
    async (req, scope) => {
      const ids = [...new Set((req.body as Array<{ prLineId: number }>).map((r) => r.prLineId))];
      return ctx.db.transaction(async (tx) => {
        const found = (
          await tx.query<SourceLine>(
            `select l.pr_line_id::float8 as "prLineId", l.line_num::int as "lineNum", h.display_pr_num as "displayPrNum", h.pr_status_code as status,
                    l.execution_status_code as execution, l.cancelled_flag::int as cancelled, l.display_po_num as "displayPoNum",
                    (select r.rfx_num from ssrc_rfx_line rl join ssrc_rfx_header r on r.rfx_header_id = rl.rfx_header_id where rl.pr_line_id = l.pr_line_id order by rl.rfx_line_id desc limit 1) as "rfxNum",
                    l.item_code as "itemCode", l.item_name as "itemName", l.quantity::text as quantity, l.uom_code as "uomCode", l.unit_price::text as "unitPrice",
                    to_char(l.needed_date, 'YYYY-MM-DD') as "neededDate", h.company_id::float8 as "companyId", h.company_name as "companyName", h.currency_code as "currencyCode"
               from sprm_pr_line l join sprm_pr_header h on h.pr_header_id = l.pr_header_id
              where l.tenant_id = $1 and l.pr_line_id = any($2::bigint[])
              order by l.pr_header_id, l.line_num
              for update of l`,
            [scope.tenantId, ids],
          )
        ).rows;
        const missing = ids.filter((id) => !found.some((l) => l.prLineId === id));
        if (missing.length) throw notFound(`prLineId ${missing.join(', ')} not found`);
        for (const l of found) {
          const why = notSourceable(l);
          if (why) throw conflict(why);
        }
        const first = found[0]!;
        const other = found.find((l) => l.companyId !== first.companyId || l.companyName !== first.companyName || l.currencyCode !== first.currencyCode);
        if (other) throw Object.assign(badRequest(`An RFx buys for one company in one currency: ${other.displayPrNum} is ${other.companyName} / ${other.currencyCode}, ${first.displayPrNum} is ${first.companyName} / ${first.currencyCode}`), { field: 'prLineId' });
        const tpl = (await tx.query<{ id: number }>("select template_id::float8 as id from ssrc_source_template where tenant_id = $1 and template_status = 'RELEASED' order by template_id limit 1", [scope.tenantId])).rows[0];
        if (!tpl) throw Object.assign(badRequest('No source template is released yet: release one before sourcing requisitions'), { field: 'templateId' });
        const now = Math.ceil(Date.now() / 1000) * 1000;
        const plan: FromLinesPlan<SourceLine> = {
          header: 'rfxHeader',
          from: 'prLine',
          headerValues: (group) => ({
            rfxTitle: `From ${[...new Set(group.map((l) => l.displayPrNum))].join(', ')}`.slice(0, 80), templateId: tpl.id, companyId: first.companyId, companyName: first.companyName, currencyCode: first.currencyCode, sourceFrom: 'DEMAND_POOL',
            quotationStartDate: new Date(now).toISOString(), quotationEndDate: new Date(now + 7 * 86_400_000).toISOString(),
          }),
          lineValues: (l) => ({ itemCode: l.itemCode, itemName: l.itemName, quantity: Number(l.quantity), uomCode: l.uomCode ?? 'EA', neededDate: l.neededDate, lastPrice: l.unitPrice === null ? null : Number(l.unitPrice) }),
          sourceId: (l) => l.prLineId,
        };
        await tx.query("select set_config($1, 'on', true)", [APPLICATION_SETTING]);
        const [rfx] = await documentsFromLines(ctx, tx, scope, plan, found);
        await tx.query("select set_config($1, '', true)", [APPLICATION_SETTING]);
        await tx.query(
          `update sprm_pr_line set execution_status_code = 'SOURCED', object_version_number = object_version_number + 1, last_update_date = now(), last_updated_by = $2
            where pr_line_id = any($1::bigint[])`,
          [found.map((l) => l.prLineId), scope.auth.userId],
        );
        return { ...rfx!.header, prLineIds: found.map((l) => l.prLineId) };
      });
    },
  );
}
