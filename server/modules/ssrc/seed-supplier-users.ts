import type { Queryable } from '../../db/database.ts';
import { copyAccount } from '../../seed/copy-account.ts';
import { DEMO_TENANT } from '../../seed/platform-seed.ts';
import type { SeedStep } from '../../seed/seed.ts';

/**
 * Two more supplier-side accounts, so an RFx can be quoted by three suppliers each signed in as
 * their own person (the demo `supplier` acts for S0001 and S0002): `supplier3` for S0003 and
 * `supplier4` for S0004. They copy the demo supplier's account (password, language, roles), so
 * they sign in with the demo password and see the supplier menu.
 */
const EXTRA: Array<[string, string, string]> = [
  ['supplier3', 'Sue Supplier (S0003)', 'S0003'],
  ['supplier4', 'Sid Supplier (S0004)', 'S0004'],
];

async function seedSupplierUsers(tx: Queryable): Promise<void> {
  for (const [n, [login, name, num]] of EXTRA.entries()) {
    const id = await copyAccount(tx, 'supplier', login, name, `1370000000${n + 3}`);
    const bound = await tx.query(
      `insert into sslm_supplier_user (tenant_id, user_id, supplier_id, enabled_flag, created_by, last_updated_by)
       select tenant_id, $1, supplier_id, 1, 1, 1 from sslm_supplier where tenant_id = $2 and supplier_num = $3`,
      [id, DEMO_TENANT, num],
    );
    if (!bound.affectedRows) throw new Error(`supplier ${num} of the demo tenant is missing`);
  }
}

export const step: SeedStep = { version: 'seed:ssrc-supplier-users:v1', run: (tx) => seedSupplierUsers(tx) };
