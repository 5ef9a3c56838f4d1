import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

/**
 * Self sign-up: a person with nothing creates an account of the sign-up tenant with the company
 * registrant's role and signs in with it; a taken name, a weak password, a form from another site,
 * a robot's form and a flood from one address are refused on the page, nothing created.
 */
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const form = (fields: Record<string, string>, headers: Record<string, string> = {}, ip = '10.0.0.1') =>
  s.app.inject({ method: 'POST', url: '/oauth/public/sign-up', payload: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, remoteAddress: ip });
const good = (login: string) => ({ loginName: login, realName: 'Nina Newcomer', email: `${login}@example.com`, phone: '13900001111', password: 'Supplier@2026', confirmPassword: 'Supplier@2026', redirect_uri: '/workplace' });
const users = async (login: string) => (await s.ctx.db.query<{ n: number }>('select count(*)::int as n from iam_user where lower(login_name) = lower($1)', [login])).rows[0]!.n;

describe('self sign-up', () => {
  it('is linked from the sign-in page and creates a registrant who then signs in', async () => {
    const signIn = await s.app.inject({ url: '/oauth/oauth/authorize?response_type=token&client_id=client&redirect_uri=/' });
    expect(signIn.body).toContain('/oauth/public/sign-up');
    const page = await s.app.inject({ url: '/oauth/public/sign-up?redirect_uri=/workplace' });
    expect([page.statusCode, page.headers['content-type']]).toEqual([200, 'text/html; charset=utf-8']);
    expect(page.body).toContain('name="loginName"');

    const r = await form(good('nina.new'));
    expect(r.statusCode).toBe(303);
    expect(r.headers.location).toBe('/oauth/oauth/authorize?response_type=token&client_id=client&redirect_uri=%2Fworkplace&registered=nina.new');
    const back = await s.app.inject({ url: String(r.headers.location) });
    expect(back.body).toContain('value="nina.new"');
    const role = (await s.ctx.db.query<{ code: string; tenant: number }>('select r.code, r.tenant_id::int as tenant from iam_member_role m join iam_role r on r.id = m.role_id join iam_user u on u.id = m.user_id where u.login_name = $1', ['nina.new'])).rows;
    expect(role).toEqual([{ code: 'REGISTRANT', tenant: 1 }]);
    const token = await s.login('nina.new', 'Supplier@2026');
    const me = await s.call({ url: '/iam/hzero/v1/users/self', token });
    expect([me.statusCode, me.json().loginName, me.json().realName]).toEqual([200, 'nina.new', 'Nina Newcomer']);
  });

  it('refuses a taken name, a weak or mistyped password and bad fields, keeping what was typed but the password', async () => {
    for (const [fields, field, text] of [
      [good('buyer'), 'loginName', 'is taken'],
      [good('BUYER'), 'loginName', 'is taken'],
      [{ ...good('weak.one'), password: 'abc', confirmPassword: 'abc' }, 'password', 'password policy'],
      [{ ...good('typo.one'), confirmPassword: 'Supplier@2027' }, 'confirmPassword', 'differ'],
      [{ ...good('ab') }, 'loginName', '4 to 40'],
      [{ ...good('no.mail'), email: 'nope' }, 'email', 'email address'],
      [{ ...good('no.name'), realName: '  ' }, 'realName', 'name is required'],
    ] as const) {
      const r = await form(fields as Record<string, string>, {}, `10.0.1.${Math.floor(Math.random() * 200)}`);
      expect([r.statusCode, r.body.includes(text)], `${field}: ${r.body.slice(-600)}`).toEqual([400, true]);
      expect(r.body).toContain(`id="${field}" name="${field}"`);
      expect(r.body).toMatch(new RegExp(`id="${field}"[^>]*aria-invalid="true"`));
      expect(r.body).not.toContain('Supplier@2026');
    }
    expect(await users('weak.one')).toBe(0);
    expect(await users('typo.one')).toBe(0);
  });

  it('refuses another site\'s form, a robot\'s form and a flood from one address', async () => {
    const cross = await form(good('cross.site'), { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }, '10.0.2.1');
    expect(cross.statusCode).toBe(403);
    const robot = await form({ ...good('robot.one'), website: 'http://spam.example' }, {}, '10.0.2.2');
    expect(robot.statusCode).toBe(400);
    expect([await users('cross.site'), await users('robot.one')]).toEqual([0, 0]);
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await form(good(`flood.${i}`), {}, '10.0.2.3')).statusCode);
    expect(codes).toEqual([303, 303, 303, 303, 303, 429]);
    expect(await users('flood.5')).toBe(0);
  });
});
