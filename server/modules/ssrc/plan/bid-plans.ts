import { refuse } from '../../../http/errors.ts';
import { registerHooks } from '../../../resources/hooks.ts';

type Row = Record<string, unknown>;

const day = (v: unknown) => (v === undefined || v === null || v === '' ? '' : String(v).slice(0, 10));

/**
 * Bid plan lines: a line's tender window ends no earlier than it starts (400 naming `endDate`);
 * lines carry the plan's number for the query screen (their own numbers are the declared sequence).
 */
registerHooks('bidPlanLine', {
  async beforeCreate(values: Row, { tx }) {
    const r = await tx.query<{ num: string | null }>('select bid_plan_num as num from ssrc_bid_plan where bid_plan_id = $1', [values.bidPlanId]);
    values.bidPlanNum = r.rows[0]?.num ?? null;
  },
  async afterWrite(row: Row, action) {
    if (action !== 'create' && action !== 'update') return;
    const [start, end] = [day(row.startDate), day(row.endDate)];
    if (start && end && end < start) throw refuse('endDate', `endDate ${end} is before startDate ${start}`);
  },
});

/**
 * A plan is submitted only with at least one line that is not cancelled. Its approval decides its
 * lines by the approve and reject transitions' declared effects (bid-plan.json): approved, the
 * open lines are approved with it; rejected, new lines are marked rejected and editable again.
 */
registerHooks('bidPlan', {
  async beforeWrite(current: Row, action, { tx }) {
    if (action !== 'submit') return;
    const r = await tx.query<{ n: number }>("select count(*)::int as n from ssrc_bid_plan_line where bid_plan_id = $1 and process_status <> 'CANCEL'", [current.bidPlanId]);
    if (!r.rows[0]?.n) throw refuse('bidPlanLine', `Plan ${String(current.bidPlanNum)} has no lines to submit`);
  },
});

/** A project's end date is not before its start date (400 naming `endDate`). */
registerHooks('project', {
  async afterWrite(row: Row, action) {
    if (action !== 'create' && action !== 'update') return;
    const [start, end] = [day(row.startDate), day(row.endDate)];
    if (start && end && end < start) throw refuse('endDate', `endDate ${end} is before startDate ${start}`);
  },
});
