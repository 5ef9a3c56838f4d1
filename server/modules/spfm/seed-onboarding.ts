import type { Queryable } from '../../db/database.ts';
import { DEMO_TENANT } from '../../seed/platform-seed.ts';
import type { SeedStep } from '../../seed/seed.ts';
import { withCheckChar } from './credit-code.ts';

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

interface DemoCompany {
  num: string;
  name: string;
  code17: string;
  owner: string | null;
  status: 'SUBMIT' | 'COMPLETE';
  legal: string;
  contact: [string, string, string];
  bank: [string, string];
}

/**
 * Companies in each state the screens show: one waiting for certification (created by its owner,
 * whose submission the tenant administrator's certification task stands for), two certified.
 */
const COMPANIES: DemoCompany[] = [
  { num: 'CP90000001', name: 'Jiangsu Tianyi New Materials Co.', code17: '91320500MA1N2P3Q4', owner: 'newcomer2', status: 'SUBMIT', legal: 'Tian Yi', contact: ['Tian Yi', '13812340001', 'tianyi@example.com'], bank: ['Bank of Jiangsu', '6217001234567890'] },
  { num: 'CP90000002', name: 'Anhui Lakeside Instruments Co.', code17: '91340100MA2R8T6U1', owner: null, status: 'COMPLETE', legal: 'Hu Bo', contact: ['Hu Bo', '13812340002', 'hubo@example.com'], bank: ['Huishang Bank', '6217009876543210'] },
  { num: 'CP90000003', name: 'Fujian Seaside Foods Co.', code17: '91350200MA3W4X5Y7', owner: null, status: 'COMPLETE', legal: 'Lin Hai', contact: ['Lin Hai', '13812340003', 'linhai@example.com'], bank: ['Bank of Xiamen', '6217005555666677'] },
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

async function seedCompanies(tx: Queryable): Promise<void> {
  const userId = async (login: string | null) => (login ? ((await tx.query<{ id: number }>('select id::float8 as id from iam_user where login_name = $1', [login])).rows[0]?.id ?? null) : null);
  for (const c of COMPANIES) {
    const owner = await userId(c.owner);
    const r = await tx.query<{ id: number }>(
      `insert into spfm_company (tenant_id, company_num, company_name, unified_social_code, legal_rep_name, company_type, registered_capital, build_date, business_scope,
                                 invoice_title, taxpayer_type, licence_attachment, current_step, process_status, process_date, owner_user_id, created_by, last_updated_by)
       values ($1, $2, $3, $4, $5, 'LIMITED', 5000000, '2015-06-01', 'Manufacture and sale', $3, 'GENERAL', $8, 'result', $6, now(), $7, coalesce($7::bigint, 1), 1)
       returning company_id::float8 as id`,
      [DEMO_TENANT, c.num, c.name, withCheckChar(c.code17), c.legal, c.status, owner, `demo-licence-${c.num}`],
    );
    const id = r.rows[0]!.id;
    await tx.query('insert into spfm_company_contact (tenant_id, company_id, contact_name, mobilephone, mail, default_flag, created_by, last_updated_by) values ($1, $2, $3, $4, $5, 1, 1, 1)', [DEMO_TENANT, id, ...c.contact]);
    await tx.query('insert into spfm_company_bank (tenant_id, company_id, bank_name, bank_account_name, bank_account_num, master_flag, created_by, last_updated_by) values ($1, $2, $3, $4, $5, 1, 1, 1)', [DEMO_TENANT, id, c.bank[0], c.name, c.bank[1]]);
    await tx.query("insert into spfm_company_address (tenant_id, company_id, country_name, address_detail, created_by, last_updated_by) values ($1, $2, 'China', $3, 1, 1)", [DEMO_TENANT, id, `${c.name} main site`]);
  }
  // Lakeside is the demo supplier S0004 on the platform: a partner of the demo tenant since its invitation was accepted.
  const tenant = (await tx.query<{ n: string }>('select tenant_name as n from hpfm_tenant where tenant_id = $1', [DEMO_TENANT])).rows[0]?.n ?? null;
  const buyer = await userId('buyer');
  const lakeside = (await tx.query<{ id: number }>("select company_id::float8 as id from spfm_company where company_num = 'CP90000002'")).rows[0]!.id;
  const seaside = (await tx.query<{ id: number }>("select company_id::float8 as id from spfm_company where company_num = 'CP90000003'")).rows[0]!.id;
  const inv = await tx.query<{ id: number }>(
    `insert into spfm_invite (tenant_id, invite_num, role_type, company_id, company_name, purchaser_company_name, category_ids, invite_remark, invite_status, invite_date, process_date, inviter_user_id, created_by, last_updated_by)
     values ($1, 'INV90000001', 'SUPPLIER', $2, 'Anhui Lakeside Instruments Co.', $3, 'INSTRUMENTS', 'Measuring instruments for line 2', 'APPROVED', now() - interval '30 days', now() - interval '29 days', $4, $4, $4) returning invite_id::float8 as id`,
    [DEMO_TENANT, lakeside, tenant, buyer],
  );
  await tx.query(
    `insert into spfm_invite (tenant_id, invite_num, role_type, company_id, company_name, purchaser_company_name, category_ids, invite_remark, invite_status, invite_date, inviter_user_id, created_by, last_updated_by)
     values ($1, 'INV90000002', 'SUPPLIER', $2, 'Fujian Seaside Foods Co.', $3, 'CANTEEN', 'Canteen supplies', 'NEW', now() - interval '2 days', $4, $4, $4)`,
    [DEMO_TENANT, seaside, tenant, buyer],
  );
  const s4 = (await tx.query<{ id: number }>("select supplier_id::float8 as id from sslm_supplier where tenant_id = $1 and supplier_num = 'S0004'", [DEMO_TENANT])).rows[0]?.id ?? null;
  if (s4 !== null) await tx.query('update sslm_supplier set spfm_company_id = $2 where supplier_id = $1', [s4, lakeside]);
  await tx.query(
    `insert into spfm_partner (tenant_id, company_id, supplier_company_num, supplier_company_name, purchaser_company_name, supplier_id, invite_id, start_date, enabled_flag, created_by, last_updated_by)
     values ($1, $2, 'CP90000002', 'Anhui Lakeside Instruments Co.', $3, $4, $5, current_date - 29, 1, $6, $6)`,
    [DEMO_TENANT, lakeside, tenant, s4, inv.rows[0]!.id, buyer],
  );
}

export const step: SeedStep = {
  version: 'seed:spfm-onboarding:v1',
  run: async (tx) => {
    await seedNewcomers(tx);
    await seedCompanies(tx);
  },
};
