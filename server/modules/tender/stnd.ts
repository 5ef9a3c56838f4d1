import { registerHooks } from '../../resources/hooks.ts';
import { refuse } from './rules.ts';

/**
 * Settlement after the award (`/stnd/*`): a branch company confirms or rejects the award made for
 * it, and a supplementary price negotiation goes to an approver. Who decided is recorded by the
 * server, not typed in.
 */
registerHooks('stndBranchConfirm', {
  async afterWrite(row, action, { tx, auth }) {
    if (action === 'confirm' || action === 'reject') await tx.query('update stnd_branch_confirm set confirmed_by = $2 where branch_confirm_id = $1', [row.branchConfirmId, auth.loginName]);
  },
});

/** A supplementary negotiation lowers a price or keeps it; a higher one is a new award, not a negotiation. */
registerHooks('stndSupplementNegotiation', {
  async afterWrite(row, action) {
    if ((action === 'create' || action === 'update') && Number(row.negotiatedPrice) > Number(row.originalPrice)) {
      throw refuse('negotiatedPrice', 'negotiatedPrice must not be above originalPrice');
    }
  },
});
