import type { Queryable } from '../../db/database.ts';
import { DEMO_TENANT } from '../../seed/platform-seed.ts';
import { copyAccount } from '../../seed/copy-account.ts';
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
    for (const [login, name, phone] of NEWCOMERS) await copyAccount(tx, 'supplier', login, name, phone, ['REGISTRANT']);
    await linkCompanies(tx);
  },
};
