import { refuse, statusRefusal as status } from '../../../http/errors.ts';
import type { Queryable } from '../../../db/database.ts';
import { registerHooks } from '../../../resources/hooks.ts';
import { logRfxMove } from '../../../bid-log/rfx-events.ts';
import type { EntityDecl } from '../../../../renderer/schema/entity.ts';
import { statusGroup } from '../../../../renderer/schema/status/groups.ts';
import { createAwardOrders } from './orders.ts';
import { APPLICATION_SETTING, releaseRequisitionLines } from './from-requisitions.ts';
import { openEnvelopes } from '../../../sealing/sealed-rows.ts';

type Row = Record<string, unknown>;

/** The quotation rules an RFx takes from its template when it is created or its template changed. */
async function copyTemplate(tx: Queryable, tenantId: number, row: Row): Promise<void> {
  const t = await tx.query<Row>(
    `select template_status as "templateStatus", source_category as "sourceCategory", sealed_quotation_flag as "sealed", round_limit as "roundLimit", bargain_flag as "bargain",
            show_rank_flag as "showRank", scoring_method as "scoringMethod", release_approval_flag as "releaseApproval", result_approval_flag as "resultApproval", score_template_id as "scoreTemplateId"
       from ssrc_source_template where template_id = $1 and tenant_id = $2`,
    [row.templateId, tenantId],
  );
  const tpl = t.rows[0];
  if (!tpl) throw refuse('templateId', `templateId ${String(row.templateId)} is not a source template of this tenant`);
  if (tpl.templateStatus !== 'RELEASED') throw refuse('templateId', `template ${String(row.templateId)} is ${String(tpl.templateStatus)}; only released templates are used`);
  await tx.query(
    `update ssrc_rfx_header set source_category = $2, sealed_quotation_flag = $3, round_limit = $4, bargain_flag = $5, show_rank_flag = $6, scoring_method = $7,
            release_approval_flag = $8, result_approval_flag = $9, score_template_id = $10 where rfx_header_id = $1`,
    [row.rfxHeaderId, tpl.sourceCategory, tpl.sealed, tpl.roundLimit, tpl.bargain, tpl.showRank, tpl.scoringMethod, tpl.releaseApproval, tpl.resultApproval, tpl.scoreTemplateId ?? null],
  );
  Object.assign(row, { scoreTemplateId: tpl.scoreTemplateId === null || tpl.scoreTemplateId === undefined ? null : Number(tpl.scoreTemplateId), sourceCategory: tpl.sourceCategory, sealedQuotationFlag: Number(tpl.sealed), roundLimit: Number(tpl.roundLimit), bargainFlag: Number(tpl.bargain), showRankFlag: Number(tpl.showRank), scoringMethod: tpl.scoringMethod, releaseApprovalFlag: Number(tpl.releaseApproval), resultApprovalFlag: Number(tpl.resultApproval) });
}

const time = (v: unknown) => (v === null || v === undefined || v === '' ? NaN : new Date(String(v)).getTime());

/** What a release needs: a window ending in the future after it starts, lines and invited suppliers. */
async function checkReleasable(tx: Queryable, row: Row): Promise<void> {
  const start = time(row.quotationStartDate);
  const end = time(row.quotationEndDate);
  if (!(end > start)) throw refuse('quotationEndDate', 'quotationEndDate must be after quotationStartDate');
  if (!(end > Date.now())) throw refuse('quotationEndDate', 'quotationEndDate has passed; set a later end before releasing');
  const n = await tx.query<{ lines: number; suppliers: number }>(
    `select (select count(*) from ssrc_rfx_line where rfx_header_id = $1)::int as lines, (select count(*) from ssrc_rfx_supplier where rfx_header_id = $1)::int as suppliers`,
    [row.rfxHeaderId],
  );
  if (!n.rows[0]?.lines) throw refuse('rfxLine', 'An RFx without lines cannot be released');
  if (!n.rows[0]?.suppliers) throw refuse('rfxSupplier', 'An RFx without invited suppliers cannot be released');
}

/** Awards as they stand: each line at most its quantity, and something awarded. */
async function checkAwards(tx: Queryable, rfxId: unknown): Promise<void> {
  const r = await tx.query<{ lineNum: number; quantity: string; awarded: string }>(
    `select l.line_num::int as "lineNum", l.quantity::text as quantity, coalesce(sum(q.award_quantity), 0)::text as awarded
       from ssrc_rfx_line l left join ssrc_rfx_quotation_line q on q.rfx_line_id = l.rfx_line_id and q.current_flag = 1
      where l.rfx_header_id = $1 group by l.rfx_line_id, l.line_num, l.quantity order by l.line_num`,
    [rfxId],
  );
  const over = r.rows.find((l) => Number(l.awarded) > Number(l.quantity));
  if (over) throw refuse('awardQuantity', `Line ${over.lineNum}: awarded ${over.awarded} exceeds its quantity ${over.quantity}`);
  if (!r.rows.some((l) => Number(l.awarded) > 0)) throw refuse('awardQuantity', 'Nothing is awarded yet');
}

/**
 * RFx header rules a declaration cannot say: the template's quotation rules are copied onto the
 * RFx; the release is direct or through approval as the template says; opening waits for the
 * quotation end (and the password, checked by POST rfx/open); a new round stays within the
 * template's rounds; the result goes through approval when the template says so; the finished
 * result's awarded lines become orders.
 */
registerHooks('rfxHeader', {
  async afterWrite(row, action, { tx, tenantId, auth, ctx }) {
    if (action === 'create' || action === 'update') {
      if (statusGroup(ctx.entities.get('rfxHeader')!, 'draft').includes(String(row.rfxStatus))) await copyTemplate(tx, tenantId, row);
      const start = time(row.quotationStartDate);
      const end = time(row.quotationEndDate);
      if (end <= start) throw refuse('quotationEndDate', 'quotationEndDate must be after quotationStartDate');
    }
    if (action === 'newRound') {
      await tx.query('update ssrc_rfx_header set round_number = round_number + 1 where rfx_header_id = $1', [row.rfxHeaderId]);
      await tx.query('update ssrc_rfx_supplier set quoted_flag = 0 where rfx_header_id = $1', [row.rfxHeaderId]);
      row.roundNumber = Number(row.roundNumber) + 1;
    }
    // Opening is the one move that writes the sealed offers plain (and destroys their key).
    if (action === 'open') await openEnvelopes(tx, ctx.sealKeys, ctx.entities.get('rfxQuotationLine')!, Number(row.rfxHeaderId), ['offer'], undefined, ctx.config.storageDir);
    if (action === 'approve' || action === 'finish') await createAwardOrders(ctx, tx, { auth, tenantId }, Number(row.rfxHeaderId));
    // A closed RFx sources nothing any more: its requisition lines can be ordered or sourced again.
    if (action === 'close') await releaseRequisitionLines(tx, { rfxHeaderId: row.rfxHeaderId });
    await logRfxMove(tx, row, action, auth.userId);
  },
  async beforeWrite(current, action, { tx }) {
    const flag = (f: string) => Number(current[f]) === 1;
    if (action === 'release' || action === 'submitRelease') {
      if (action === 'release' && flag('releaseApprovalFlag')) throw status(`${String(current.rfxNum)}: its template needs an approval before release; submit it for release approval`);
      if (action === 'submitRelease' && !flag('releaseApprovalFlag')) throw status(`${String(current.rfxNum)}: its template needs no release approval; release it`);
      await checkReleasable(tx, current);
    }
    if ((action === 'open' || action === 'endQuotation') && !(time(current.quotationEndDate) <= Date.now()))
      throw status(`${String(current.rfxNum)}: quotations are open until ${String(current.quotationEndDate)}; it is ${action === 'open' ? 'opened' : 'ended'} after that`);
    if (action === 'newRound' && Number(current.roundNumber) >= Number(current.roundLimit)) throw status(`${String(current.rfxNum)}: all ${String(current.roundLimit)} rounds of its template are used`);
    if (action === 'submit' || action === 'finish') {
      if (action === 'submit' && !flag('resultApprovalFlag')) throw status(`${String(current.rfxNum)}: its template needs no result approval; finish it`);
      if (action === 'finish' && flag('resultApprovalFlag')) throw status(`${String(current.rfxNum)}: its template needs the result approved; submit it`);
      await checkAwards(tx, current.rfxHeaderId);
    }
  },
});

/** The RFx a line or invitation belongs to, with its status (locked while the line changes). */
async function draftOnly(tx: Queryable, rfx: EntityDecl, rfxId: unknown, what: string): Promise<void> {
  const r = await tx.query<{ s: string; n: string }>('select rfx_status as s, rfx_num as n from ssrc_rfx_header where rfx_header_id = $1 for update', [rfxId]);
  const s = r.rows[0]?.s;
  if (s !== undefined && !statusGroup(rfx, 'draft').includes(s)) throw status(`${r.rows[0]!.n} is ${s}: its ${what} are changed only before release`);
}

/** RFx lines change only while the RFx is a draft (their numbers are the declared sequence, rfx-line.json). */
registerHooks('rfxLine', {
  async beforeCreate(values, { tx, ctx }) {
    await draftOnly(tx, ctx.entities.get('rfxHeader')!, values.rfxHeaderId, 'lines');
    // A requisition line is sourced only through rfx/application, which marks it sourced: a line
    // naming one directly would leave it orderable (and sourceable) a second time.
    if (values.prLineId !== undefined && values.prLineId !== null) {
      const via = await tx.query<{ v: string | null }>('select current_setting($1, true) as v', [APPLICATION_SETTING]);
      if (via.rows[0]?.v !== 'on') throw refuse('prLineId', 'Requisition lines are added to an RFx from the requisitions to source (rfx/application), which marks them sourced');
    }
  },
  async beforeWrite(current, action, { tx, ctx }) {
    await draftOnly(tx, ctx.entities.get('rfxHeader')!, current.rfxHeaderId, 'lines');
    if (action === 'delete') await releaseRequisitionLines(tx, { rfxLineId: current.rfxLineId });
  },
});

/** An invited supplier is one of the tenant's suppliers, invited once, under the master's name. */
registerHooks('rfxSupplier', {
  async beforeCreate(values, { tx, ctx }) {
    await draftOnly(tx, ctx.entities.get('rfxHeader')!, values.rfxHeaderId, 'invited suppliers');
  },
  async beforeWrite(current, action, { tx, ctx }) {
    // The pretrial's pass and fail are moves of their own, taken after opening (pretrial.ts).
    if (action === 'update' || action === 'delete') await draftOnly(tx, ctx.entities.get('rfxHeader')!, current.rfxHeaderId, 'invited suppliers');
  },
  async afterWrite(row, action, { tx, tenantId }) {
    if (action !== 'create' && action !== 'update') return;
    const s = await tx.query<{ name: string }>('select supplier_name as name from sslm_supplier where supplier_id = $1 and tenant_id = $2', [row.supplierId, tenantId]);
    const name = s.rows[0]?.name;
    if (name === undefined) throw refuse('supplierId', `supplierId ${String(row.supplierId)} is not a supplier of this tenant`);
    const twice = await tx.query('select 1 from ssrc_rfx_supplier where rfx_header_id = $1 and supplier_id = $2 and rfx_line_supplier_id <> $3', [row.rfxHeaderId, row.supplierId, row.rfxLineSupplierId]);
    if (twice.rows.length) throw refuse('supplierId', `${name} is already invited`);
    if (row.supplierName !== name) {
      await tx.query('update ssrc_rfx_supplier set supplier_name = $2 where rfx_line_supplier_id = $1', [row.rfxLineSupplierId, name]);
      row.supplierName = name;
    }
  },
});
