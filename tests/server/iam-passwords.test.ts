import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordViolation, DEFAULT_RULES } from '../../server/auth/password-policy.ts';
import { startTestServer, type TestServer } from './harness.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const idOf = async (login: string) => Number((await s.ctx.db.query<{ id: number }>('select id::float8 as id from iam_user where login_name = $1', [login])).rows[0]!.id);
const policy = async (tenant: number) => (await s.call({ url: `/iam/v1/${tenant}/password-policies/current`, as: 'admin' })).json();
const updatePolicy = async (tenant: number, changes: Record<string, unknown>, as = 'admin') => {
  const p = await policy(tenant);
  return s.call({ method: 'PUT', url: `/iam/v1/${tenant}/password-policies/${p.passwordPolicyId}`, payload: { objectVersionNumber: p.objectVersionNumber, ...changes }, as });
};
const setPassword = (tenant: number | null, userId: number, password: string, as = 'admin', extra: Record<string, unknown> = {}) =>
  s.call({ method: 'PUT', url: `/iam/hzero/v1/${tenant === null ? '' : `${tenant}/`}users/${userId}/admin-password`, payload: { password, ...extra }, as });
const signIn = (username: string, password: string) =>
  s.app.inject({
    method: 'POST',
    url: '/oauth/oauth/login',
    payload: new URLSearchParams({ username, password, redirect_uri: '/' }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

describe('password rules', () => {
  it('names the first rule a password breaks', () => {
    const p = { ...DEFAULT_RULES, minLength: 10, uppercaseCount: 1, specialCharCount: 1 };
    expect(passwordViolation(p, 'Ab#1', 'someone')?.code).toBe('hiam.warn.password.minLength');
    expect(passwordViolation(p, 'Abcdefgh#ij', 'someone')?.code).toBe('hiam.warn.password.digits');
    expect(passwordViolation(p, 'ABCDEFGH#12', 'someone')?.code).toBe('hiam.warn.password.lowercase');
    expect(passwordViolation(p, 'abcdefgh#12', 'someone')?.code).toBe('hiam.warn.password.uppercase');
    expect(passwordViolation(p, 'Abcdefgh123', 'someone')?.code).toBe('hiam.warn.password.special');
    expect(passwordViolation(p, 'Someone#2026', 'someone')?.code).toBe('hiam.warn.password.username');
    expect(passwordViolation(p, 'Abcdefgh#12', 'someone')).toBeUndefined();
    expect(passwordViolation({ ...p, enablePassword: 0 }, 'x', 'someone')).toBeUndefined();
    expect(passwordViolation({ ...p, maxLength: 12 }, 'Abcdefgh#12345', 'someone')?.code).toBe('hiam.warn.password.maxLength');
  });
});

describe('administrators set passwords under the policy of the user tenant', () => {
  it('refuses a password breaking the policy with a business error naming the rule, in the caller language', async () => {
    const r = await setPassword(null, await idOf('supplier'), 'abc1');
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ failed: true, code: 'hiam.warn.password.minLength', type: 'warn' });
    expect(r.json().message).toContain('最小长度');
    await s.call({ method: 'PUT', url: '/iam/hzero/v1/users/default-language?language=en_US', as: 'admin' });
    const en = await setPassword(null, await idOf('supplier'), 'abc1');
    expect(en.json().message).toMatch(/minimum length/);
    await s.call({ method: 'PUT', url: '/iam/hzero/v1/users/default-language?language=zh_CN', as: 'admin' });
  });

  it('stores only a scrypt hash, keeps a history row, and the user signs in with the new password', async () => {
    const id = await idOf('supplier');
    const r = await setPassword(1, id, 'Vendor2026xy', 'sysadmin', { confirmPassword: 'Vendor2026xy' });
    expect(r.json()).toMatchObject({ userId: id, loginName: 'supplier', changeType: 'ADMIN', changedBy: 'sysadmin' });
    expect(r.body).not.toContain('Vendor2026xy');
    const row = (await s.ctx.db.query<{ password_hash: string }>('select password_hash from iam_user where id = $1', [id])).rows[0]!;
    expect(row.password_hash).toMatch(/^scrypt\$/);
    expect((await signIn('supplier', 'Vendor2026xy')).statusCode).toBe(302);
    expect((await signIn('supplier', 'Demo@2026')).statusCode).toBe(401);
    const history = (await s.call({ url: `/iam/hzero/v1/1/password-histories?userId=${id}`, as: 'sysadmin' })).json();
    expect(history.content[0]).toMatchObject({ changeType: 'ADMIN', password: null });
    expect(history.content[0].passwordHash).toBeUndefined();
  });

  it('refuses differing confirmation, other tenants and roles without the user menus', async () => {
    const id = await idOf('expert');
    expect((await setPassword(1, id, 'Expert2026x', 'sysadmin', { confirmPassword: 'Expert2026y' })).json().code).toBe('hiam.warn.password.confirmMismatch');
    expect((await setPassword(1, id, 'Expert2026x', 'admin2')).statusCode).toBe(403);
    expect((await setPassword(2, id, 'Expert2026x', 'admin2')).statusCode).toBe(404);
    expect((await setPassword(1, id, 'Expert2026x', 'buyer')).statusCode).toBe(403);
    expect((await setPassword(null, id, 'Expert2026x', 'sysadmin')).statusCode).toBe(403);
  });

  it('resets to the initial password of the policy', async () => {
    const id = await idOf('expert');
    const r = await s.call({ method: 'PUT', url: `/iam/hzero/v1/1/users/${id}/admin-password-reset`, as: 'sysadmin' });
    expect(r.json()).toMatchObject({ changeType: 'RESET' });
    expect((await signIn('expert', (await policy(1)).originalPassword)).statusCode).toBe(302);
  });

  it('forbids reusing recent passwords when the policy says so', async () => {
    const id = await idOf('buyer2');
    expect((await updatePolicy(2, {}, 'admin2')).json().notRecentCount).toBe(3);
    const r = await setPassword(2, id, 'Demo@2026xx', 'admin2');
    expect(r.json().failed).toBeUndefined();
    const again = await setPassword(2, id, 'Demo@2026xx', 'admin2');
    expect(again.json()).toMatchObject({ failed: true, code: 'hiam.warn.password.recent' });
  });
});

describe('users change their own password', () => {
  it('needs the current password and follows the policy', async () => {
    expect((await s.call({ method: 'PUT', url: '/iam/hzero/v1/users/password', payload: { originalPassword: 'wrong', password: 'Approver#2026x' }, as: 'approver' })).json().code).toBe(
      'hiam.warn.password.originalWrong',
    );
    expect((await s.call({ method: 'PUT', url: '/iam/hzero/v1/users/password', payload: { originalPassword: 'Demo@2026', password: 'short' }, as: 'approver' })).json().code).toBe(
      'hiam.warn.password.minLength',
    );
    const ok = await s.call({ method: 'PUT', url: '/iam/hzero/v1/users/password', payload: { originalPassword: 'Demo@2026', password: 'Checked#2026' }, as: 'approver' });
    expect(ok.json()).toMatchObject({ changeType: 'SELF', loginName: 'approver' });
    expect((await signIn('approver', 'Checked#2026')).statusCode).toBe(302);
  });
});

describe('the policy itself', () => {
  it('is created with defaults for a tenant that has none, and only holders of its menu read it', async () => {
    const t = Number(
      (await s.ctx.db.query<{ id: number }>(`insert into hpfm_tenant (tenant_id, tenant_num, tenant_name, enabled_flag)
           select max(tenant_id) + 1, 'NEWCO', 'New Co.', 1 from hpfm_tenant returning tenant_id::float8 as id`)).rows[0]!.id,
    );
    const p = await policy(t);
    expect(p).toMatchObject({ code: 'NEWCO.DEFAULT', minLength: 8, maxErrorTime: 5, tenantId: t });
    expect((await s.call({ url: '/iam/v1/1/password-policies/current', as: 'buyer' })).statusCode).toBe(403);
    expect((await s.call({ url: '/iam/v1/1/password-policies/current', as: 'admin2' })).statusCode).toBe(403);
  });

  it('refuses rules its own initial password breaks, or that cannot be met', async () => {
    const r = await updatePolicy(1, { minLength: 20 });
    expect(r.json()).toMatchObject({ failed: true, code: 'hiam.warn.password.minLength' });
    expect(r.json().message).toMatch(/初始密码/);
    expect((await policy(1)).minLength).toBe(8);
    expect((await updatePolicy(1, { minLength: 12, maxLength: 10 })).json().code).toBe('hiam.warn.passwordPolicy.length');
  });

  it('gives new users the initial password', async () => {
    const created = await s.call({ method: 'POST', url: '/iam/hzero/v1/1/users', payload: { loginName: 'policy.new', realName: 'Policy New', organizationId: 1 }, as: 'sysadmin' });
    expect(created.json().failed).toBeUndefined();
    await s.call({ method: 'POST', url: `/iam/hzero/v1/1/users/${created.json().id}/roles`, payload: { id: 3 }, as: 'sysadmin' });
    expect((await signIn('policy.new', (await policy(1)).originalPassword)).statusCode).toBe(302);
  });

  it('decides the sign-in lockout of its tenant', async () => {
    await updatePolicy(2, { maxErrorTime: 2, lockedExpireTime: 30 }, 'admin2');
    const buyer2 = await idOf('buyer2');
    await setPassword(2, buyer2, 'Second#Lock2026', 'admin2');
    for (let i = 0; i < 2; i++) expect((await signIn('buyer2', 'nope')).statusCode).toBe(401);
    expect((await signIn('buyer2', 'Second#Lock2026')).statusCode).toBe(423);
    const lockedFor = (await s.ctx.db.query<{ m: number }>(`select extract(epoch from locked_until - now())::float8 / 60 as m from iam_user where id = $1`, [buyer2])).rows[0]!.m;
    expect(lockedFor).toBeGreaterThan(28);
    // Unlocked by an administrator; with locking switched off, failures never lock.
    await s.call({ method: 'POST', url: `/iam/hzero/v1/2/users/${buyer2}/unlocked`, as: 'admin2' });
    await updatePolicy(2, { enableLock: 0 }, 'admin2');
    for (let i = 0; i < 4; i++) expect((await signIn('buyer2', 'nope')).statusCode).toBe(401);
    expect((await signIn('buyer2', 'Second#Lock2026')).statusCode).toBe(302);
  });
});
