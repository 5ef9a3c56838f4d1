import { badRequest, BusinessError } from '../../http/errors.ts';
import { registerHooks } from '../../resources/hooks.ts';

type Row = Record<string, unknown>;

/** Today as a date (`YYYY-MM-DD`, UTC): what a need-by date may not be before. */
const today = () => new Date().toISOString().slice(0, 10);

/**
 * Requisition lines: a need-by date in the past is refused when the line is created, naming the
 * field; the line carries its requisition's number, so the order screens show where it came from.
 */
registerHooks('prLine', {
  async beforeCreate(values: Row, { tx }) {
    const needed = values.neededDate === undefined || values.neededDate === null ? '' : String(values.neededDate).slice(0, 10);
    if (needed && needed < today()) throw Object.assign(badRequest(`neededDate ${needed} is in the past`), { field: 'neededDate' });
    const r = await tx.query<{ num: string }>('select display_pr_num as num from sprm_pr_header where pr_header_id = $1', [values.prHeaderId]);
    values.displayPrNum = r.rows[0]?.num ?? null;
  },
  /** A line already turned into an order line is the order's to cancel, not the requisition's. */
  async beforeWrite(current: Row, action: string) {
    if (action === 'cancel' && current.executionStatusCode !== 'NONE')
      throw new BusinessError('error.status.transition', `Line ${String(current.lineNum)} is already ordered${current.displayPoNum ? ` in ${String(current.displayPoNum)}` : ''}`, 'warn');
  },
});
