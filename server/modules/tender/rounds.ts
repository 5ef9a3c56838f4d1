import { registerHooks } from '../../resources/hooks.ts';
import { openEnvelopes } from '../../sealing/sealed-rows.ts';
import { logTenderOpening } from '../../bid-log/tender-events.ts';
import { refuse, statusRefusal, time } from './rules.ts';

/**
 * Opening stamps which round's envelopes are open: a single-stage opening both, a two-stage one the
 * technical first (then the commercial of passed suppliers). A new round (multi-turn) takes the
 * selected suppliers back to bidding with new dates; every earlier round's bids stay as they were.
 */
registerHooks('tenderHeader', {
  async beforeWrite(current, action, { tx }) {
    const num = String(current.tenderNum);
    if (['newRound', 'handout', 'confirmScoring', 'close'].includes(action)) {
      const approving = await tx.query("select 1 from tender_decision where tender_header_id = $1 and decision_status in ('APPROVING', 'APPROVED')", [current.tenderHeaderId]);
      if (approving.rows.length) throw statusRefusal(`${num}: its award decision is in approval or approved`);
    }
    if (action === 'openCommercial') {
      const passed = await tx.query("select 1 from tender_supplier where tender_header_id = $1 and tech_pass_flag = 1", [current.tenderHeaderId]);
      if (!passed.rows.length) throw refuse('techPassFlag', `${num}: mark the suppliers whose technical bid passed before opening the commercial envelopes`);
    }
    if (action === 'newRound') {
      const picked = await tx.query<{ n: number }>("select count(*)::int as n from tender_supplier where tender_header_id = $1 and signup_status = 'QUALIFIED' and next_round_flag = 1", [current.tenderHeaderId]);
      if (!picked.rows[0]?.n) throw refuse('nextRoundFlag', `${num}: select the suppliers invited to the next round`);
    }
  },
  async afterWrite(row, action, { tx, ctx, auth }) {
    const id = row.tenderHeaderId;
    if (action === 'open') await tx.query('update tender_header set opened_round = coalesce(round_number, 1), commercial_round = coalesce(round_number, 1) where tender_header_id = $1', [id]);
    if (action === 'openTechnical') await tx.query('update tender_header set opened_round = coalesce(round_number, 1) where tender_header_id = $1', [id]);
    if (action === 'openCommercial') await tx.query('update tender_header set commercial_round = coalesce(round_number, 1) where tender_header_id = $1', [id]);
    // The opened envelopes of the round are written plain; a two-stage tender opens the commercial
    // ones of suppliers whose technical bid passed (the others' stay sealed: never opened).
    const bids = ctx.entities.get('tenderBid')!;
    const round = { sql: 'coalesce(round_number, 1) = (select coalesce(round_number, 1) from tender_header where tender_header_id = $1)', params: [] };
    if (action === 'open') await openEnvelopes(tx, ctx.sealKeys, bids, Number(id), ['technical', 'commercial'], round, ctx.config.storageDir);
    if (action === 'openTechnical') await openEnvelopes(tx, ctx.sealKeys, bids, Number(id), ['technical'], round, ctx.config.storageDir);
    if (action === 'openCommercial')
      await openEnvelopes(tx, ctx.sealKeys, bids, Number(id), ['commercial'], {
        sql: `${round.sql} and exists (select 1 from tender_supplier s where s.tender_header_id = $1 and s.supplier_id = tender_bid.supplier_id and s.tech_pass_flag = 1)`,
        params: [],
      }, ctx.config.storageDir);
    await logTenderOpening(tx, row, action, auth.userId);
    if (action === 'newRound') {
      if (!(time(row.quotationEndDate) > Date.now())) throw refuse('quotationEndDate', 'quotationEndDate of the new round must be ahead');
      if (time(row.bidOpenDate) < time(row.quotationEndDate)) throw refuse('bidOpenDate', 'bidOpenDate must not be before quotationEndDate');
      const r = await tx.query<{ n: number }>('update tender_header set round_number = coalesce(round_number, 1) + 1, quotation_start_date = least(quotation_start_date, now()), opened_date = null where tender_header_id = $1 returning round_number::int as n', [id]);
      const round = r.rows[0]!.n;
      await tx.query(
        `update tender_supplier set round_number = $2, next_round_flag = 0, tech_pass_flag = null, bid_flag = 0
          where tender_header_id = $1 and signup_status = 'QUALIFIED' and next_round_flag = 1`, [id, round]);
      await tx.query('update tender_supplier set next_round_flag = 0 where tender_header_id = $1', [id]);
      // A decision prepared on the earlier round is dropped: the new round's bids are decided anew.
      await tx.query("delete from tender_award where decision_id in (select decision_id from tender_decision where tender_header_id = $1)", [id]);
      await tx.query("delete from tender_decision where tender_header_id = $1", [id]);
      // The evaluation of the earlier round is done: a new hand-out scores the new round's bids.
      await tx.query("update tender_expert set score_status = null, submitted_date = null where tender_header_id = $1", [id]);
    }
  },
});
