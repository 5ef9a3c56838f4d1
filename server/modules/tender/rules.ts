import type { Queryable } from '../../db/database.ts';
import { refuse, statusRefusal } from '../../http/errors.ts';
import { registerHooks } from '../../resources/hooks.ts';
import type { EntityDecl } from '../../../renderer/schema/entity.ts';
import { statusGroup } from '../../../renderer/schema/status/groups.ts';

export { refuse, statusRefusal } from '../../http/errors.ts';

type Row = Record<string, unknown>;

export const time = (v: unknown) => (v === null || v === undefined || v === '' ? NaN : new Date(String(v)).getTime());

/**
 * The dates of a tender in their order, each refusal naming the later field: sign-up end and
 * clarification end within the bidding window's end, the bidding end after its start, opening
 * not before the bidding end.
 */
export function checkDates(row: Row): void {
  const start = time(row.quotationStartDate);
  const end = time(row.quotationEndDate);
  const open = time(row.bidOpenDate);
  if (end <= start) throw refuse('quotationEndDate', 'quotationEndDate must be after quotationStartDate');
  if (open < end) throw refuse('bidOpenDate', 'bidOpenDate must not be before quotationEndDate');
  if (time(row.prequalEndDate) > end) throw refuse('prequalEndDate', 'prequalEndDate must not be after quotationEndDate');
  if (time(row.clarifyEndTime) > end) throw refuse('clarifyEndTime', 'clarifyEndTime must not be after quotationEndDate');
}

/** What a release needs beyond the dates: a bidding end still ahead, a lot, and a released grade template for a scored tender. */
async function checkReleasable(tx: Queryable, tenantId: number, row: Row): Promise<void> {
  checkDates(row);
  if (!(time(row.quotationEndDate) > Date.now())) throw refuse('quotationEndDate', 'quotationEndDate has passed; set a later end before releasing');
  const n = await tx.query<{ n: number }>('select count(*)::int as n from tender_section where tender_header_id = $1', [row.tenderHeaderId]);
  if (!n.rows[0]?.n) throw refuse('tenderSection', 'A tender without lots cannot be released');
  if (row.evalMethod === 'COMPREHENSIVE') {
    if (row.scoreTemplateId === null || row.scoreTemplateId === undefined) throw refuse('scoreTemplateId', 'A comprehensive-score tender needs a grade-element template');
    const t = await tx.query<{ s: string }>('select template_status as s from ssrc_score_template where template_id = $1 and tenant_id = $2', [row.scoreTemplateId, tenantId]);
    if (t.rows[0]?.s !== 'RELEASED') throw refuse('scoreTemplateId', `scoreTemplateId ${String(row.scoreTemplateId)} is not a released grade-element template of this tenant`);
  }
}

/**
 * Tender header rules a declaration cannot say: dates in order on every save; release direct or
 * through approval as the tender's `releaseApprovalFlag` says (the other way is refused); opening
 * only after the opening time, and only through POST bid/{id}/open when a password protects it.
 */
registerHooks('tenderHeader', {
  async afterWrite(row, action) {
    if (action === 'create' || action === 'update') checkDates(row);
  },
  async beforeWrite(current, action, { tx, tenantId }) {
    const num = String(current.tenderNum);
    const approval = Number(current.releaseApprovalFlag) === 1;
    if (action === 'release' && approval) throw statusRefusal(`${num} needs a release approval: submit it for approval`);
    if (action === 'submitRelease' && !approval) throw statusRefusal(`${num} needs no release approval: release it`);
    if (action === 'release' || action === 'submitRelease') await checkReleasable(tx, tenantId, current);
    if (action === 'publish' && !(time(current.quotationEndDate) > Date.now())) throw refuse('quotationEndDate', `${num}: the bidding end ${String(current.quotationEndDate)} has passed; a notice published now would take no bid`);
    if ((action === 'open' || action === 'openTechnical') && !(time(current.bidOpenDate) <= Date.now())) throw statusRefusal(`${num} is opened at ${String(current.bidOpenDate)}, not before`);
  },
});

/** A tender's lot is numbered after the last one and changes only while the tender is a draft (the status lock says the same; this names the rule). */
async function draftOnly(tx: Queryable, tender: EntityDecl, tenderId: unknown): Promise<void> {
  const r = await tx.query<{ s: string; n: string }>('select tender_status as s, tender_num as n from tender_header where tender_header_id = $1 for update', [tenderId]);
  const s = r.rows[0]?.s;
  if (s !== undefined && !statusGroup(tender, 'draft').includes(s)) throw statusRefusal(`${r.rows[0]!.n} is ${s}: its lots are changed only before release`);
}

registerHooks('tenderSection', {
  async beforeCreate(values, { tx, ctx }) {
    await draftOnly(tx, ctx.entities.get('tenderHeader')!, values.tenderHeaderId);
    const r = await tx.query<{ n: number }>('select coalesce(max(section_num), 0)::int as n from tender_section where tender_header_id = $1', [values.tenderHeaderId]);
    values.sectionNum = Number(r.rows[0]?.n ?? 0) + 1;
  },
  async beforeWrite(current, _action, { tx, ctx }) {
    await draftOnly(tx, ctx.entities.get('tenderHeader')!, current.tenderHeaderId);
  },
});

/**
 * A sign-up is the supplier's own act (POST bid/{id}/signup); the buyer may register one received
 * offline through the generic create: the supplier must be the tenant's and sign up once, and the
 * sign-up carries the tender's number and title and the master's supplier name.
 */
registerHooks('tenderSupplier', {
  async afterWrite(row, action, { tx, tenantId }) {
    if (action !== 'create' && action !== 'update') return;
    const s = await tx.query<{ name: string }>('select supplier_name as name from sslm_supplier where supplier_id = $1 and tenant_id = $2', [row.supplierId, tenantId]);
    if (row.supplierId != null && !s.rows[0]) throw refuse('supplierId', `supplierId ${String(row.supplierId)} is not a supplier of this tenant`);
    const twice = await tx.query('select 1 from tender_supplier where tender_header_id = $1 and supplier_id = $2 and tender_supplier_id <> $3', [row.tenderHeaderId, row.supplierId, row.tenderSupplierId]);
    if (twice.rows.length) throw refuse('supplierId', `${s.rows[0]?.name ?? String(row.supplierId)} has already signed up for this tender`);
    await tx.query(
      `update tender_supplier t set supplier_name = coalesce($2, t.supplier_name), signup_date = coalesce(t.signup_date, now()), tender_num = h.tender_num, tender_title = h.tender_title
         from tender_header h where h.tender_header_id = t.tender_header_id and t.tender_supplier_id = $1`,
      [row.tenderSupplierId, s.rows[0]?.name ?? null],
    );
  },
});
