import { hashPassword } from '../auth/passwords.ts';
import type { Queryable } from '../db/database.ts';
import { bumpSequence, insertRows } from './insert.ts';
import { buildMenus, type MenuSeedRow } from './menu-seed.ts';
import { rng } from '../../renderer/schema/seed/rng.ts';
import { screenTitles } from './screen-titles.ts';

export const DEMO_TENANT = 1;
export const SECOND_TENANT = 2;

/** Demo accounts of the README; every one signs in with DEMO_PASSWORD. */
export const DEMO_USERS = [
  { login: 'admin', name: 'Platform Admin', tenant: 0, roles: ['superadmin'] },
  { login: 'sysadmin', name: 'Tenant Administrator', tenant: DEMO_TENANT, roles: ['SYS_ADMINISTRATOR'] },
  { login: 'buyer', name: 'Bella Buyer', tenant: DEMO_TENANT, roles: ['PURCHASER', 'APPROVER'] },
  { login: 'supplier', name: 'Sam Supplier', tenant: DEMO_TENANT, roles: ['SUPPLIER'] },
  { login: 'expert', name: 'Eva Expert', tenant: DEMO_TENANT, roles: ['EXPERT'] },
  { login: 'approver', name: 'Alex Approver', tenant: DEMO_TENANT, roles: ['APPROVER'] },
  { login: 'admin2', name: 'Second Tenant Admin', tenant: SECOND_TENANT, roles: ['TENANT_ADMIN_2'] },
  { login: 'buyer2', name: 'Second Tenant Buyer', tenant: SECOND_TENANT, roles: ['PURCHASER_2'] },
  // The purchase-order approval's second step (orders over 100,000): server/modules/hwfl/seed-processes.ts.
  { login: 'director', name: 'Dora Director', tenant: DEMO_TENANT, roles: ['APPROVER'] },
] as const;

/**
 * Every person's own workflow pages (their tasks, what they started, were involved in or were
 * copied on, their delegation): granted to every tenant role, while the process settings and the
 * monitor stay with administrators. A `modules` entry with a slash grants the routes under it.
 */
const OWN_WORKFLOW = ['hwfl/workflow/task', 'hwfl/workflow/involved-task', 'hwfl/workflow/carbon-copy-task', 'hwfl/workflow/start-by-task', 'hwfl/workflow/delegate'];

/** A buyer's screens, the same in every buying tenant: tenant 2 runs the whole procurement cycle too. */
const PURCHASER_MODULES = ['sodr', 'ssrc', 'sprm', 'scm', 'smdm', 'tender', 'clarifyLetter/createRelease', 'stnd', 'hmsg', 'hptl', 'sslm', 'spfm/investigation-template-define', 'supply', 'vendorCode', 'supplierApprove', 'himp', 'spfm/invitation-list', 'spfm/partner-list', 'spfm/partnership', 'spfm/company-search', 'spfm/import-erp', 'spfm/business-apv-method', 'spfm/message-receiver-setting', 'hrpt/report-query', 'hrpt/report-manage', 'hrpt/report-request', ...OWN_WORKFLOW];

/** The demo roles (names in Chinese, `nameEn` in English) and the modules (or routes under a module) each one's menu grants. */
export const ROLES = [
  { code: 'superadmin', name: '平台超级管理员', nameEn: 'Platform administrator', level: 'site', tenant: 0, modules: '*' },
  { code: 'SYS_ADMINISTRATOR', name: '系统管理员', nameEn: 'System administrator', level: 'organization', tenant: DEMO_TENANT, modules: '*' },
  { code: 'PURCHASER', name: '采购员', nameEn: 'Purchaser', level: 'organization', tenant: DEMO_TENANT, modules: PURCHASER_MODULES },
  { code: 'SUPPLIER', name: '供应商', nameEn: 'Supplier', level: 'organization', tenant: DEMO_TENANT, modules: ['spfm/enterprise', 'spfm/partner-list/customer', 'spfm/company-search/purchaser', 'spfm/dispose-invite', 'spfm/partnership', 'spfm/message-receiver-setting', 'sslm/evaluation/received-query', 'sslm/investigation-received', 'sslm/problem-report-received', 'pub/sslm/supplier-quality-audit-supply', 'supplierBidding', 'clarifyLetter/queryClarify', 'vendorInfo', 'supplierInfo', 'hmsg', 'sodr/received-order', 'sodr/confirm-order', 'scm/my-contract', 'scm/query-my-contract', 'ssrc/supplier-quotation', 'ssrc/query-quotation', 'ssrc/quotation-history', ...OWN_WORKFLOW] },
  { code: 'EXPERT', name: '专家', nameEn: 'Expert', level: 'organization', tenant: DEMO_TENANT, modules: ['tender/expertGrade', 'ssrc/sims-login', 'ssrc/expert-personal', 'hmsg', ...OWN_WORKFLOW] },
  { code: 'APPROVER', name: '审批人', nameEn: 'Approver', level: 'organization', tenant: DEMO_TENANT, modules: ['supplierApprove', 'spfm/certification-approval', 'sprm', 'sodr', 'scm/query-archived-contract', 'sslm/supplier-life-manage', 'ssrc/expert-approve', 'ssrc/expert-reqQuery', 'ssrc/plan-query', 'ssrc/inquiry-hall/approvals', 'tender/tenderResultApproval', 'sslm/evaluation/archive-filling', 'sslm/evaluation/archive-filled', 'hmsg', ...OWN_WORKFLOW] },
  { code: 'TENANT_ADMIN_2', name: '租户管理员', nameEn: 'Tenant administrator', level: 'organization', tenant: SECOND_TENANT, modules: ['hiam', 'hpfm', 'smdm', 'hmsg', 'hfile', 'hptl', 'hwfl', 'hsdr', 'hcnf', 'hitf', 'sitf'] },
  { code: 'PURCHASER_2', name: '采购员', nameEn: 'Purchaser', level: 'organization', tenant: SECOND_TENANT, modules: PURCHASER_MODULES },
  { code: 'REGISTRANT', name: '企业注册人', nameEn: 'Company registrant', level: 'organization', tenant: DEMO_TENANT, modules: ['spfm/enterprise', 'spfm/invitation-list', 'spfm/partner-list', 'spfm/partnership', 'spfm/company-search', 'hmsg'] },
] as const;

const moduleOf = (m: MenuSeedRow) => (m.route ? m.route.split('/')[1] : undefined);

const FIRST = ['Wei', 'Li', 'Chen', 'Yang', 'Zhao', 'Anna', 'Ben', 'Clara', 'David', 'Emma', 'Felix', 'Grace', 'Hugo', 'Iris', 'Jack', 'Lena', 'Max', 'Nora', 'Oscar', 'Paula'];
const LAST = ['Wang', 'Zhang', 'Liu', 'Huang', 'Zhou', 'Smith', 'Meyer', 'Rossi', 'Dubois', 'Novak', 'Garcia', 'Kim', 'Sato', 'Brown', 'Lopez'];

export async function seedPlatform(db: Queryable, demoPassword: string): Promise<void> {
  await insertRows(db, 'hpfm_tenant', [
    { tenantId: 0, tenantNum: 'HZERO', tenantName: 'HZERO Platform', enabledFlag: 1 },
    { tenantId: DEMO_TENANT, tenantNum: 'DEMO', tenantName: 'Demo Manufacturing Co.', enabledFlag: 1 },
    { tenantId: SECOND_TENANT, tenantNum: 'SECOND', tenantName: 'Second Trading Co.', enabledFlag: 1 },
  ]);
  await bumpSequence(db, 'hpfm_tenant', 'tenant_id');

  const menus = buildMenus(screenTitles());
  await insertRows(db, 'iam_menu', menus.map((m) => ({ ...m, permissionCodes: JSON.stringify(m.permissionCodes) })));
  await bumpSequence(db, 'iam_menu', 'id');

  const roleIds = new Map<string, number>();
  await insertRows(
    db,
    'iam_role',
    ROLES.map((r, i) => {
      roleIds.set(r.code, i + 1);
      return { id: i + 1, code: r.code, name: r.name, nameEn: r.nameEn, level: r.level, tenantId: r.tenant, enabledFlag: 1, description: `Demo role ${r.code}` };
    }),
  );
  await bumpSequence(db, 'iam_role', 'id');

  const grants: Array<Record<string, unknown>> = [];
  for (const r of ROLES) {
    if (r.level === 'site') continue;
    for (const m of menus) {
      const mod = moduleOf(m);
      const granted = r.modules === '*' || (r.modules as readonly string[]).some((x) => (x.includes('/') ? !!m.route?.startsWith(`/${x}/`) || m.route === `/${x}` : x === mod));
      if (mod && granted) grants.push({ role_id: roleIds.get(r.code), menu_id: m.id });
    }
  }
  await insertRows(db, 'iam_role_menu', grants);

  // One hash for every demo account: scrypt is deliberately slow and the demo password is shared anyway.
  const hash = await hashPassword(demoPassword);
  const users: Array<Record<string, unknown>> = [];
  const members: Array<Record<string, unknown>> = [];
  let id = 1;
  for (const u of DEMO_USERS) {
    users.push({ id, loginName: u.login, realName: u.name, email: `${u.login}@example.com`, phone: `138${String(10000000 + id).slice(-8)}`, organizationId: u.tenant, language: 'zh_CN', timeZone: 'GMT+8', enabledFlag: 1, startDateActive: '2024-01-01', passwordHash: hash });
    for (const code of u.roles) members.push({ user_id: id, role_id: roleIds.get(code) });
    id++;
  }
  const r = rng(20261122);
  const tenantRoles = { [DEMO_TENANT]: ['PURCHASER', 'SUPPLIER', 'EXPERT', 'APPROVER'], [SECOND_TENANT]: ['PURCHASER_2'] } as const;
  for (let i = 0; i < 60; i++) {
    const tenant = i < 45 ? DEMO_TENANT : SECOND_TENANT;
    const first = r.pick(FIRST);
    const last = r.pick(LAST);
    const login = `${first}.${last}${i}`.toLowerCase();
    users.push({
      id,
      loginName: login,
      realName: `${first} ${last}`,
      email: `${login}@example.com`,
      phone: `139${String(10000000 + r.int(0, 89999999)).slice(-8)}`,
      organizationId: tenant,
      language: r.next() < 0.7 ? 'zh_CN' : 'en_US',
      timeZone: r.pick(['GMT+8', 'GMT+1', 'GMT+0', 'GMT-5']),
      enabledFlag: r.next() < 0.85 ? 1 : 0,
      startDateActive: `202${r.int(2, 5)}-0${r.int(1, 9)}-1${r.int(0, 9)}`,
      passwordHash: hash,
    });
    members.push({ user_id: id, role_id: roleIds.get(r.pick(tenantRoles[tenant])) });
    id++;
  }
  await insertRows(db, 'iam_user', users);
  await bumpSequence(db, 'iam_user', 'id');
  await insertRows(db, 'iam_member_role', members);
}
