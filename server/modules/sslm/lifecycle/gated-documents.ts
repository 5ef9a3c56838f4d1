import { registerHooks } from '../../../resources/hooks.ts';
import { assertSupplierEligible } from './gate.ts';

/**
 * The stage gate on the documents written through the generic routes: an RFx invitation, a
 * tender sign-up the buyer registers, an order's release. The tender's own sign-up route
 * (tender/bidding.ts) calls the same check.
 */
registerHooks('rfxSupplier', {
  async beforeCreate(values, { tx, tenantId }) {
    await assertSupplierEligible(tx, tenantId, values.supplierId as number, 'invited to an RFx');
  },
  async afterWrite(row, action, { tx, tenantId }) {
    if (action === 'update') await assertSupplierEligible(tx, tenantId, row.supplierId as number, 'invited to an RFx');
  },
});
registerHooks('tenderSupplier', {
  async beforeCreate(values, { tx, tenantId }) {
    await assertSupplierEligible(tx, tenantId, values.supplierId as number, 'signed up for a tender');
  },
});
registerHooks('poHeader', {
  async beforeWrite(current, action, { tx, tenantId }) {
    if (action === 'release') await assertSupplierEligible(tx, tenantId, current.supplierId as number, 'sent a released purchase order');
  },
});
