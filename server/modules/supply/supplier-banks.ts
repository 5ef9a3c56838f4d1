import { registerHooks } from '../../resources/hooks.ts';

/**
 * A supplier has one main bank account: the account saved as main takes the flag from the
 * others in the same transaction, so payments never see two (or, after a change, a stale one).
 */
registerHooks('supplierBank', {
  async afterWrite(row, action, { tx, tenantId }) {
    if (action === 'delete' || Number(row.masterFlag) !== 1) return;
    await tx.query(
      `update sslm_supplier_bank set master_flag = 0, object_version_number = object_version_number + 1, last_update_date = now()
        where tenant_id = $1 and supplier_id = $2 and bank_account_id <> $3 and master_flag = 1`,
      [tenantId, row.supplierId, row.bankAccountId],
    );
  },
});
