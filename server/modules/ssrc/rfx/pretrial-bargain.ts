import { refuse, statusRefusal as status } from '../../../http/errors.ts';
import { registerHooks } from '../../../resources/hooks.ts';

/**
 * The steps between opening and the price check that a declaration cannot say in full.
 *
 * Pretrial (初审): the buyer passes or fails each supplier that quoted (moves of the invitation,
 * declared on rfxSupplier, taken only while the RFx is PRETRIAL_PENDING); the RFx goes on to the
 * price check once every quoting supplier has a verdict and one of them passed. A failed supplier's
 * quotation is never suggested nor awarded (check.ts) and it takes no part in bargaining (quote.ts).
 *
 * Bargaining (议价): allowed only when the RFx's template allows it, until a deadline in the future;
 * the suppliers offer lower prices on the lines they quoted (quote.ts), then the buyer ends it.
 */
registerHooks('rfxHeader', {
  async beforeWrite(current, action, { tx }) {
    const num = String(current.rfxNum);
    if (action === 'submitPretrial') {
      const r = await tx.query<{ pending: number; passed: number }>(
        `select count(*) filter (where pretrial_status = 'PENDING')::int as pending, count(*) filter (where pretrial_status = 'PASSED')::int as passed
           from ssrc_rfx_supplier where rfx_header_id = $1 and quoted_flag = 1`,
        [current.rfxHeaderId],
      );
      const { pending = 0, passed = 0 } = r.rows[0] ?? {};
      if (pending > 0) throw refuse('pretrialStatus', `${num}: ${pending} supplier(s) that quoted have no pretrial verdict yet`);
      if (passed === 0) throw refuse('pretrialStatus', `${num}: no supplier passed the pretrial; pass one or close the RFx`);
    }
    if (action === 'bargain' && Number(current.bargainFlag) !== 1) throw status(`${num}: its template allows no bargaining`);
  },
  async afterWrite(row, action) {
    if (action === 'bargain' && !(new Date(String(row.bargainEndDate)).getTime() > Date.now())) throw refuse('bargainEndDate', 'bargainEndDate must be in the future');
  },
});

registerHooks('rfxSupplier', {
  async beforeWrite(current, action, { tx }) {
    if (action !== 'passPretrial' && action !== 'failPretrial') return;
    if (Number(current.quotedFlag) !== 1) {
      const r = await tx.query<{ q: number }>('select count(*)::int as q from ssrc_rfx_quotation_line where rfx_header_id = $1 and supplier_id = $2', [current.rfxHeaderId, current.supplierId]);
      if (!r.rows[0]?.q) throw status(`${String(current.supplierName)} has not quoted: only quotations are examined`);
    }
  },
});
