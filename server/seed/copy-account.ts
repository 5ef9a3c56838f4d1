import type { Queryable } from '../db/database.ts';

/**
 * A demo account made as a copy of another (`from`): its password, language, time zone, tenant and
 * roles (or the `roles` given), with its own login, name, e-mail and phone. The extra suppliers,
 * experts and company registrants of the demo are made so, each signing in with the demo password as its own person.
 */
export async function copyAccount(tx: Queryable, from: string, login: string, name: string, phone: string, roles?: string[]): Promise<number> {
  const cols = (
    await tx.query<{ c: string }>(
      "select column_name as c from information_schema.columns where table_schema = current_schema() and table_name = 'iam_user' and column_name not in ('id', 'login_name', 'real_name', 'email', 'phone')",
    )
  ).rows.map((r) => r.c);
  const list = cols.join(', ');
  const u = await tx.query<{ id: number }>(
    `insert into iam_user (login_name, real_name, email, phone, ${list})
     select $1::text, $2::text, $1::text || '@example.com', $3::text, ${list} from iam_user where login_name = $4 returning id::float8 as id`,
    [login, name, phone, from],
  );
  const id = u.rows[0]?.id;
  if (id === undefined) throw new Error(`the demo account ${login} copies the account \`${from}\`, which is missing`);
  if (roles) await tx.query('insert into iam_member_role (user_id, role_id) select $1, id from iam_role where code = any($2::text[]) and tenant_id = (select organization_id from iam_user where id = $1)', [id, roles]);
  else await tx.query('insert into iam_member_role (user_id, role_id) select $1, role_id from iam_member_role m join iam_user u on u.id = m.user_id where u.login_name = $2', [id, from]);
  return id;
}
