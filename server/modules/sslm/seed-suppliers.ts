import type { Queryable } from '../../db/database.ts';
import type { SeedStep } from '../../seed/seed.ts';
import { DEMO_TENANT } from '../../seed/platform-seed.ts';

/** The demo supplier user works for two of the demo tenant's suppliers (the seeded binding). */
const SUPPLIER_LOGIN = 'supplier';
const BOUND = ['S0001', 'S0002'];

/**
 * The supplier side of the demo: the SUPPLIER role acts for suppliers (`supplierFlag`), the demo
 * supplier user is bound to two suppliers, and the demo orders point at the supplier master by
 * the name they were seeded with, so the supplier sees exactly those two suppliers' orders.
 */
async function seedSupplierSide(tx: Queryable): Promise<void> {
  await tx.query("update iam_role set supplier_flag = 1 where code = 'SUPPLIER'");
  await tx.query(
    `insert into sslm_supplier_user (tenant_id, user_id, supplier_id, enabled_flag, created_by, last_updated_by)
     select s.tenant_id, u.id, s.supplier_id, 1, 1, 1
       from sslm_supplier s join iam_user u on u.login_name = $1
      where s.tenant_id = $2 and s.supplier_num = any($3::text[])`,
    [SUPPLIER_LOGIN, DEMO_TENANT, BOUND],
  );
  await tx.query(
    `update sodr_po_header h set supplier_id = s.supplier_id
       from sslm_supplier s
      where s.tenant_id = h.tenant_id and s.supplier_name = h.supplier_name and h.supplier_id is null`,
  );
}

export const step: SeedStep = { version: 'seed:sslm-supplier-side:v1', run: (tx) => seedSupplierSide(tx) };
