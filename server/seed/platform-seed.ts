import { hashPassword } from '../auth/passwords.ts';
import type { Queryable } from '../db/database.ts';
import { bumpSequence, insertRows } from './insert.ts';
import { buildMenus } from './menu-seed.ts';
import { grantRoleMenus } from './role-menus.ts';
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

/** The demo roles (names in Chinese, `nameEn` in English); the menus each one gets are in role-menus.json. */
export const ROLES = [
  { code: 'superadmin', name: '平台超级管理员', nameEn: 'Platform administrator', level: 'site', tenant: 0 },
  { code: 'SYS_ADMINISTRATOR', name: '系统管理员', nameEn: 'System administrator', level: 'organization', tenant: DEMO_TENANT },
  { code: 'PURCHASER', name: '采购员', nameEn: 'Purchaser', level: 'organization', tenant: DEMO_TENANT },
  { code: 'SUPPLIER', name: '供应商', nameEn: 'Supplier', level: 'organization', tenant: DEMO_TENANT },
  { code: 'EXPERT', name: '专家', nameEn: 'Expert', level: 'organization', tenant: DEMO_TENANT },
  { code: 'APPROVER', name: '审批人', nameEn: 'Approver', level: 'organization', tenant: DEMO_TENANT },
  { code: 'TENANT_ADMIN_2', name: '租户管理员', nameEn: 'Tenant administrator', level: 'organization', tenant: SECOND_TENANT },
  { code: 'PURCHASER_2', name: '采购员', nameEn: 'Purchaser', level: 'organization', tenant: SECOND_TENANT },
  { code: 'REGISTRANT', name: '企业注册人', nameEn: 'Company registrant', level: 'organization', tenant: DEMO_TENANT },
] as const;

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

  await grantRoleMenus(db);

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
