import type { Queryable } from '../../db/database.ts';
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
  const cols = (
    await tx.query<{ c: string }>(
      "select column_name as c from information_schema.columns where table_schema = current_schema() and table_name = 'iam_user' and column_name not in ('id', 'login_name', 'real_name', 'email', 'phone')",
    )
  ).rows.map((r) => r.c);
  const list = cols.join(', ');
  for (const [n, [login, name, num]] of EXTRA.entries()) {
    const u = await tx.query<{ id: number }>(
      `insert into iam_user (login_name, real_name, email, phone, ${list})
       select $1::text, $2::text, $1::text || '@example.com', $3::text, ${list} from iam_user where login_name = 'supplier' returning id::float8 as id`,
      [login, name, `1370000000${n + 3}`],
    );
    const id = u.rows[0]?.id;
    if (id === undefined) throw new Error('the extra supplier accounts copy the demo `supplier` account, which is missing');
    await tx.query("insert into iam_member_role (user_id, role_id) select $1, role_id from iam_member_role m join iam_user u on u.id = m.user_id where u.login_name = 'supplier'", [id]);
    const bound = await tx.query(
      `insert into sslm_supplier_user (tenant_id, user_id, supplier_id, enabled_flag, created_by, last_updated_by)
       select tenant_id, $1, supplier_id, 1, 1, 1 from sslm_supplier where tenant_id = $2 and supplier_num = $3`,
      [id, DEMO_TENANT, num],
    );
    if (!bound.affectedRows) throw new Error(`supplier ${num} of the demo tenant is missing`);
  }
}

export const step: SeedStep = { version: 'seed:ssrc-supplier-users:v1', run: (tx) => seedSupplierUsers(tx) };
