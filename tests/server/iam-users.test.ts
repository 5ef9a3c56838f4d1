import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const one = async <T>(sql: string, params: unknown[] = []) => (await s.ctx.db.query<T>(sql, params)).rows[0]!;
const idOf = async (login: string) => (await one<{ id: number }>('select id::float8 as id from iam_user where login_name = $1', [login])).id;
const roleId = async (code: string, tenant: number) => (await one<{ id: number }>('select id::float8 as id from iam_role where code = $1 and tenant_id = $2', [code, tenant])).id;
const signIn = (username: string, password = 'Demo@2026') =>
  s.app.inject({
    method: 'POST',
    url: '/oauth/oauth/login',
    payload: new URLSearchParams({ username, password, redirect_uri: '/' }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

describe("a user's roles and tenants", () => {
  it('assigns and removes roles, and the tenants follow from them', async () => {
    const user = await idOf('expert');
    const before = (await s.call({ url: `/iam/hzero/v1/member-roles/user-roles/${user}`, as: 'admin' })).json();
    expect(before.content.map((r: { code: string }) => r.code)).toEqual(['EXPERT']);
    const tenants = async () => (await s.call({ url: `/iam/hzero/v1/users/${user}/tenants`, as: 'admin' })).json().content.map((t: { tenantNum: string }) => t.tenantNum);
    expect(await tenants()).toEqual(['DEMO']);

    const second = await roleId('PURCHASER_2', 2);
    const assignable = (await s.call({ url: `/iam/hzero/v1/users/${user}/assignable-roles?code=PURCHASER&size=50`, as: 'admin' })).json();
    expect(assignable.content.map((r: { id: number }) => r.id)).toContain(second);
    expect((await s.call({ method: 'POST', url: `/iam/hzero/v1/users/${user}/roles`, payload: [{ id: second }], as: 'admin' })).json()).toMatchObject({ assigned: 1 });
    expect(await tenants()).toEqual(['DEMO', 'SECOND']);
    // The self-tenants call of the shell now offers both.
    const token = (/access_token=([^&]+)/.exec(String((await signIn('expert')).headers.location)) ?? [])[1]!;
    const offered = (await s.call({ url: '/iam/hzero/v1/users/self-tenants', token })).json().map((t: { tenantNum: string }) => t.tenantNum);
    expect(offered).toEqual(['DEMO', 'SECOND']);

    expect((await s.call({ method: 'DELETE', url: `/iam/hzero/v1/users/${user}/roles/${second}`, as: 'admin' })).statusCode).toBe(200);
    expect(await tenants()).toEqual(['DEMO']);
  });

  it('lets a tenant administrator hand out only enabled roles of their own tenant, to users of their tenant', async () => {
    const user = await idOf('expert');
    const purchaser = await roleId('PURCHASER', 1);
    const ok = await s.call({ method: 'POST', url: `/iam/hzero/v1/1/member-roles/batch-assign`, payload: [{ roleId: purchaser, memberId: user, memberType: 'user' }], as: 'sysadmin' });
    expect(ok.statusCode).toBe(200);
    const held = (await s.call({ url: `/iam/hzero/v1/1/member-roles/user-roles/${user}`, as: 'sysadmin' })).json().content.map((r: { code: string }) => r.code);
    expect(held.sort()).toEqual(['EXPERT', 'PURCHASER']);

    const refuse = async (role: number) => (await s.call({ method: 'POST', url: `/iam/hzero/v1/1/users/${user}/roles`, payload: { id: role }, as: 'sysadmin' })).json();
    expect(await refuse(await roleId('PURCHASER_2', 2))).toMatchObject({ failed: true, code: 'hiam.warn.role.notAssignable' });
    expect(await refuse(await roleId('superadmin', 0))).toMatchObject({ failed: true, code: 'hiam.warn.role.notAssignable' });
    expect(await refuse(await roleId('INTERFACE_ADMIN', 1))).toMatchObject({ failed: true, code: 'hiam.warn.role.notAssignable' });
    const assignable = (await s.call({ url: `/iam/hzero/v1/1/users/${user}/assignable-roles?size=100`, as: 'sysadmin' })).json().content as Array<{ tenantId: number; level: string }>;
    expect(assignable.length).toBeGreaterThan(10);
    for (const r of assignable) expect(r).toMatchObject({ tenantId: 1, level: 'organization' });

    // Another tenant's user is not theirs; a role without the user menus may not assign.
    expect((await s.call({ url: `/iam/hzero/v1/1/member-roles/user-roles/${await idOf('buyer2')}`, as: 'sysadmin' })).statusCode).toBe(404);
    expect((await s.call({ method: 'POST', url: `/iam/hzero/v1/1/users/${user}/roles`, payload: { id: purchaser }, as: 'buyer' })).statusCode).toBe(403);
    expect((await s.call({ url: `/iam/hzero/v1/1/member-roles/user-roles/${user}`, as: 'admin2' })).statusCode).toBe(403);

    await s.call({ method: 'DELETE', url: `/iam/hzero/v1/1/member-roles/batch-delete`, payload: [{ roleId: purchaser, memberId: user }], as: 'sysadmin' });
    expect((await s.call({ url: `/iam/hzero/v1/1/member-roles/user-roles/${user}`, as: 'sysadmin' })).json().totalElements).toBe(1);
  });

  it('never lets an administrator take away the role they are using', async () => {
    const r = await s.call({ method: 'DELETE', url: `/iam/hzero/v1/1/users/${await idOf('sysadmin')}/roles/${await roleId('SYS_ADMINISTRATOR', 1)}`, as: 'sysadmin' });
    expect(r.json()).toMatchObject({ failed: true, code: 'hiam.warn.role.removeCurrent' });
  });
});

describe('freezing', () => {
  it('ends the sessions of a frozen user, refuses their sign-in, and unfreezing lets them back', async () => {
    const user = await idOf('approver');
    const token = (/access_token=([^&]+)/.exec(String((await signIn('approver')).headers.location)) ?? [])[1]!;
    const frozen = await s.call({ method: 'POST', url: `/iam/hzero/v1/1/users/${user}/frozen`, as: 'sysadmin' });
    expect(frozen.json()).toMatchObject({ id: user, enabledFlag: 0 });
    expect((await s.call({ url: '/iam/hzero/v1/users/self', token })).statusCode).toBe(401);
    const refused = await signIn('approver');
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toMatch(/frozen/);
    expect((await s.call({ method: 'POST', url: `/iam/hzero/v1/1/users/${user}/unfrozen`, as: 'sysadmin' })).json().enabledFlag).toBe(1);
    expect((await signIn('approver')).statusCode).toBe(302);
    const audit = await one<{ n: number }>(`select count(*)::int as n from hpfm_audit_log where entity_name = 'user' and record_id = $1 and action in ('FROZEN', 'UNFROZEN')`, [user]);
    expect(audit.n).toBe(2);
  });

  it('refuses freezing oneself, other tenants and roles without the user menus', async () => {
    expect((await s.call({ method: 'POST', url: `/iam/hzero/v1/1/users/${await idOf('sysadmin')}/frozen`, as: 'sysadmin' })).json().code).toBe('hiam.warn.user.freezeSelf');
    expect((await s.call({ method: 'POST', url: `/iam/hzero/v1/2/users/${await idOf('buyer2')}/frozen`, as: 'sysadmin' })).statusCode).toBe(403);
    expect((await s.call({ method: 'POST', url: `/iam/hzero/v1/1/users/${await idOf('expert')}/frozen`, as: 'buyer' })).statusCode).toBe(403);
    expect((await s.call({ method: 'POST', url: `/iam/hzero/v1/users/${await idOf('expert')}/frozen`, as: 'sysadmin' })).statusCode).toBe(403);
  });

  it('unlocks a user locked by failed sign-ins', async () => {
    for (let i = 0; i < 5; i++) await signIn('expert', 'nope');
    expect((await signIn('expert')).statusCode).toBe(423);
    await s.call({ method: 'POST', url: `/iam/hzero/v1/1/users/${await idOf('expert')}/unlocked`, as: 'sysadmin' });
    expect((await signIn('expert')).statusCode).toBe(302);
  });
});

describe('own profile', () => {
  it('updates the profile fields a user may change, and nothing else', async () => {
    const r = await s.call({
      method: 'PUT',
      url: '/iam/hzero/v1/users/self',
      payload: { realName: 'Bella B. Buyer', phone: '13900001111', timeZone: 'GMT+1', loginName: 'hacker', organizationId: 2, enabledFlag: 0 },
      as: 'buyer',
    });
    expect(r.json()).toMatchObject({ loginName: 'buyer', realName: 'Bella B. Buyer', phone: '13900001111', timeZone: 'GMT+1', organizationId: 1 });
    const self = (await s.call({ url: '/iam/hzero/v1/users/self', as: 'buyer' })).json();
    expect(self).toMatchObject({ realName: 'Bella B. Buyer', timeZone: 'GMT+1' });
    expect((await s.call({ method: 'PUT', url: '/iam/hzero/v1/users/self', payload: { language: 'xx_YY' }, as: 'buyer' })).json().failed).toBe(true);
    expect((await s.call({ method: 'PUT', url: '/iam/hzero/v1/users/self', payload: { email: 'not-an-address' }, as: 'buyer' })).statusCode).toBe(400);
  });

  it('keeps a chosen date format (one of HPFM.DATE_FORMAT), and answers §9’s without one', async () => {
    expect((await s.call({ url: '/iam/hzero/v1/users/self', as: 'approver' })).json()).toMatchObject({ dateFormat: 'YYYY-MM-DD', dateTimeFormat: 'YYYY-MM-DD HH:mm:ss' });
    await s.call({ method: 'PUT', url: '/iam/hzero/v1/users/self', payload: { dateFormat: 'DD/MM/YYYY' }, as: 'approver' });
    expect((await s.call({ url: '/iam/hzero/v1/users/self', as: 'approver' })).json()).toMatchObject({ dateFormat: 'DD/MM/YYYY', dateTimeFormat: 'DD/MM/YYYY HH:mm:ss' });
    expect((await s.call({ method: 'PUT', url: '/iam/hzero/v1/users/self', payload: { dateFormat: 'YYYY"; drop' }, as: 'approver' })).json().failed).toBe(true);
    await s.call({ method: 'PUT', url: '/iam/hzero/v1/users/self', payload: { dateFormat: null }, as: 'approver' });
    expect((await s.call({ url: '/iam/hzero/v1/users/self', as: 'approver' })).json().dateFormat).toBe('YYYY-MM-DD');
  });

  it('names the current role and the roles to switch to in the user’s language', async () => {
    const names = async () => ({
      current: (await s.call({ url: '/iam/hzero/v1/users/self', as: 'expert' })).json().currentRoleName,
      roles: (await s.call({ url: '/iam/hzero/v1/member-roles/self-roles', as: 'expert' })).json().map((r: { name: string }) => r.name),
    });
    expect(await names()).toEqual({ current: '专家', roles: ['专家'] });
    await s.call({ method: 'PUT', url: '/iam/hzero/v1/users/default-language?language=en_US', as: 'expert' });
    try {
      expect(await names()).toEqual({ current: 'Expert', roles: ['Expert'] });
    } finally {
      await s.call({ method: 'PUT', url: '/iam/hzero/v1/users/default-language?language=zh_CN', as: 'expert' });
    }
  });
});

describe('the sign-in log', () => {
  it('shows user administrators every sign-in of the scope and anyone else their own, newest first', async () => {
    await signIn('buyer', 'wrong');
    await signIn('buyer');
    const mine = (await s.call({ url: '/iam/hzero/v1/1/audit-logins/self?size=100', as: 'buyer' })).json();
    expect(mine.totalElements).toBeGreaterThan(1);
    for (const r of mine.content) expect(r.loginName).toBe('buyer');
    expect(mine.content.slice(0, 2).map((r: { loginResult: string }) => r.loginResult)).toEqual(['SUCCESS', 'FAILURE']);
    // Asking for someone else changes nothing for a plain user.
    const other = (await s.call({ url: '/iam/hzero/v1/1/audit-logins/self?loginName=sysadmin', as: 'buyer' })).json();
    expect(other.totalElements).toBe(0);

    const today = (await one<{ d: string }>(`select to_char(now(), 'YYYY-MM-DD') as d`)).d;
    const all = (await s.call({ url: `/iam/hzero/v1/1/audit-logins/self?loginDateFrom=${today}&loginDateTo=${today}&loginResult=FAILURE&size=100`, as: 'sysadmin' })).json();
    expect(all.content.map((r: { loginName: string }) => r.loginName)).toContain('buyer');
    for (const r of all.content) expect(r).toMatchObject({ loginResult: 'FAILURE', tenantId: 1 });
    const seeded = (await s.call({ url: '/iam/hzero/v1/1/audit-logins/self?loginDateTo=2026-10-01&size=1', as: 'sysadmin' })).json();
    expect(seeded.totalElements).toBeGreaterThan(10);
    // The generic list keeps to the administrators' menus.
    expect((await s.call({ url: '/hpfm/v1/1/audit-logins', as: 'buyer' })).statusCode).toBe(403);
  });
});

describe('sub-account import and data authorities', () => {
  it('validates staged lines and imports the valid ones as users with the initial password and the named role', async () => {
    const v = (await s.call({ method: 'POST', url: '/iam/hzero/v1/1/user-imports/HIAM.SUB_ACCOUNT/validate', as: 'sysadmin' })).json();
    expect(v.checked).toBeGreaterThan(20);
    expect(v.invalid).toBeGreaterThan(0);
    const errors = (await s.call({ url: '/iam/hzero/v1/1/user-imports?templateCode=HIAM.SUB_ACCOUNT&importStatus=ERROR', as: 'sysadmin' })).json();
    for (const r of errors.content) expect(r.errorMsg).toBeTruthy();
    const users = (await one<{ n: number }>('select count(*)::int as n from iam_user')).n;
    const r = (await s.call({ method: 'POST', url: '/iam/hzero/v1/1/user-imports/HIAM.SUB_ACCOUNT/import', as: 'sysadmin' })).json();
    expect(r.imported).toBe(v.valid);
    expect((await one<{ n: number }>('select count(*)::int as n from iam_user')).n).toBe(users + v.valid);
    const minh = await one<{ organization_id: number; roles: string }>(
      `select u.organization_id::float8 as organization_id, string_agg(r.code, ',') as roles from iam_user u join iam_member_role m on m.user_id = u.id join iam_role r on r.id = m.role_id
        where u.login_name = 'zhang.min' group by u.organization_id`,
    );
    expect(minh).toMatchObject({ organization_id: 1, roles: 'PURCHASER' });
    expect((await signIn('zhang.min', 'Welcome@2026')).statusCode).toBe(302);
    // Tenant 2's staged lines were not touched.
    expect((await one<{ n: number }>(`select count(*)::int as n from iam_user_import where tenant_id = 2 and import_status = 'NEW'`)).n).toBe(3);
    expect((await s.call({ method: 'POST', url: '/iam/hzero/v1/1/user-imports/HIAM.SUB_ACCOUNT/import', as: 'buyer' })).statusCode).toBe(403);
  });

  it('copies the names of the user a data authority is for', async () => {
    const user = await idOf('buyer');
    const created = (
      await s.call({ method: 'POST', url: '/iam/hzero/v1/1/user-authorities', payload: { userId: user, authorityTypeCode: 'COMPANY', dataCode: 'C1000', dataName: 'Demo Manufacturing Co.' }, as: 'sysadmin' })
    ).json();
    expect(created).toMatchObject({ loginName: 'buyer', authorityTypeCode: 'COMPANY' });
    const moved = (
      await s.call({ method: 'PUT', url: `/iam/hzero/v1/1/user-authorities/${created.authorityId}`, payload: { objectVersionNumber: 1, userId: await idOf('expert') }, as: 'sysadmin' })
    ).json();
    expect(moved).toMatchObject({ loginName: 'expert', realName: 'Eva Expert' });
    expect((await s.call({ method: 'POST', url: '/iam/hzero/v1/1/user-authorities', payload: { userId: 999999, authorityTypeCode: 'COMPANY', dataCode: 'X' }, as: 'sysadmin' })).statusCode).toBe(400);
  });
});
