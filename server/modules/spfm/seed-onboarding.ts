import type { Queryable } from '../../db/database.ts';
import { DEMO_TENANT } from '../../seed/platform-seed.ts';
import type { SeedStep } from '../../seed/seed.ts';

/**
 * People who register a company: `newcomer` has no company yet (the registration wizard starts
 * empty for them), `newcomer2` has submitted one that waits for certification. Both are members
 * of the demo tenant with only the registrant's role (REGISTRANT), and sign in with the demo
 * password (they copy the demo supplier account's other columns).
 */
const NEWCOMERS: Array<[string, string, string]> = [
  ['newcomer', 'Nina Newcomer', '13700001001'],
  ['newcomer2', 'Ned Newcomer', '13700001002'],
];

async function seedNewcomers(tx: Queryable): Promise<void> {
  const cols = (
    await tx.query<{ c: string }>(
      "select column_name as c from information_schema.columns where table_schema = current_schema() and table_name = 'iam_user' and column_name not in ('id', 'login_name', 'real_name', 'email', 'phone')",
    )
  ).rows.map((r) => r.c);
  const list = cols.join(', ');
  for (const [login, name, phone] of NEWCOMERS) {
    const u = await tx.query<{ id: number }>(
      `insert into iam_user (login_name, real_name, email, phone, ${list})
       select $1::text, $2::text, $1::text || '@example.com', $3::text, ${list} from iam_user where login_name = 'supplier' returning id::float8 as id`,
      [login, name, phone],
    );
    const id = u.rows[0]?.id;
    if (id === undefined) throw new Error('the newcomer accounts copy the demo `supplier` account, which is missing');
    await tx.query("insert into iam_member_role (user_id, role_id) select $1, id from iam_role where code = 'REGISTRANT'", [id]);
  }
}

/**
 * The companies, their contacts, banks and addresses, the invitations and the partnership are
 * fixed rows of the spfm entity files (their recipes replace this step's rows): what stays here
 * needs the newcomer accounts. Tianyi waits for certification, submitted by its owner `newcomer2`
 * (whose submission the tenant administrator's certification task stands for); Lakeside is the
 * demo supplier S0004 on the platform.
 */
async function linkCompanies(tx: Queryable): Promise<void> {
  await tx.query("update spfm_company c set owner_user_id = u.id, created_by = u.id from iam_user u where u.login_name = 'newcomer2' and c.company_num = 'CP90000001'");
  await tx.query("update sslm_supplier s set spfm_company_id = c.company_id from spfm_company c where c.company_num = 'CP90000002' and s.tenant_id = $1 and s.supplier_num = 'S0004'", [DEMO_TENANT]);
}

export const step: SeedStep = {
  version: 'seed:spfm-onboarding:v1',
  run: async (tx) => {
    await seedNewcomers(tx);
    await linkCompanies(tx);
  },
};
