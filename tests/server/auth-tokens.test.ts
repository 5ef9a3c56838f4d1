import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireToken } from '../../server/auth/tokens.ts';
import { DEFAULT_DEMO_PASSWORD } from '../../server/start-server.ts';
import { startTestServer, type TestServer } from './harness.ts';

/**
 * Tokens as an attacker would try them, the sign-in form's defences, and what the server log keeps.
 * The server runs with an info-level logger writing into `log`, so every request line is there to grep.
 */
const log: string[] = [];
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ logger: { level: 'info', stream: { write: (line: string) => void log.push(line) } } });
});
afterAll(() => s.close());

const SELF = '/iam/hzero/v1/users/self';
const self = (headers: Record<string, string>) => s.app.inject({ url: SELF, headers });
const bearer = (t: string) => ({ authorization: `bearer ${t}` });
const form = (body: Record<string, string>, headers: Record<string, string> = {}) =>
  s.app.inject({
    method: 'POST',
    url: '/oauth/oauth/login',
    payload: new URLSearchParams(body).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  });
const userId = async (login: string) => (await s.ctx.db.query<{ id: number }>('select id::float8 as id from iam_user where login_name = $1', [login])).rows[0]!.id;

let cases = 0;
const expect401 = async (what: string, headers: Record<string, string>) => {
  const r = await self(headers);
  cases++;
  expect(r.statusCode, `${what}: ${r.body}`).toBe(401);
  expect(r.json()).toMatchObject({ failed: true, code: 'error.unauthorized' });
};

describe('tokens that must not work', () => {
  afterAll(() => console.log(`auth tokens: ${cases} refused token cases`));

  it('refuses a missing, empty, foreign-scheme, forged, altered, truncated, extended or oversized token with 401', async () => {
    const token = await s.login('buyer');
    expect((await self(bearer(token))).statusCode).toBe(200);
    const flipped = token.slice(0, -1) + (token.endsWith('0') ? '1' : '0');
    await expect401('missing', {});
    await expect401('empty bearer', { authorization: 'bearer ' });
    await expect401('basic scheme', { authorization: `Basic ${Buffer.from(`buyer:${DEFAULT_DEMO_PASSWORD}`).toString('base64')}` });
    await expect401('forged, same shape', bearer('ab'.repeat(token.length / 2)));
    await expect401('one character changed', bearer(flipped));
    await expect401('truncated by one', bearer(token.slice(0, -1)));
    await expect401('truncated by half', bearer(token.slice(0, token.length / 2)));
    await expect401('extended', bearer(`${token}0`));
    await expect401('upper-cased', bearer(token.toUpperCase()));
    await expect401('a JWT-looking value', bearer('eyJhbGciOiJub25lIn0.eyJzdWIiOiJhZG1pbiJ9.'));
    await expect401('SQL in the token', bearer("' or 1=1 --"));
    await expect401('oversized', bearer('a'.repeat(8000)));
    await expect401('altered cookie on GET', { cookie: `access_token=${flipped}` });
    // The untouched token still works: the refusals above were about the values, not a lockout.
    expect((await self(bearer(token))).statusCode).toBe(200);
  });

  it('refuses an expired token and one revoked by signing out, leaving the user’s other sessions alone', async () => {
    const [a, b, c] = [await s.login('approver'), await s.login('approver'), await s.login('approver')];
    await expireToken(s.ctx.db, a);
    await expect401('expired', bearer(a));
    expect((await s.app.inject({ method: 'POST', url: '/oauth/logout', headers: bearer(b) })).statusCode).toBe(200);
    await expect401('revoked by logout', bearer(b));
    await expect401('revoked, as cookie', { cookie: `access_token=${b}` });
    expect((await s.app.inject({ url: `${SELF}?access_token=${b}` })).statusCode).toBe(401);
    expect((await self(bearer(c))).statusCode).toBe(200);
  });

  it('stops a frozen user’s token at once, even before its sessions are revoked, and through the API', async () => {
    const token = await s.login('director');
    expect((await self(bearer(token))).statusCode).toBe(200);
    await s.ctx.db.query("update iam_user set enabled_flag = 0 where login_name = 'director'");
    await expect401('user frozen in the database', bearer(token));
    await s.ctx.db.query("update iam_user set enabled_flag = 1 where login_name = 'director'");
    expect((await self(bearer(token))).statusCode).toBe(200);
    const frozen = await s.call({ method: 'POST', url: `/iam/hzero/v1/users/${await userId('director')}/frozen`, payload: {}, as: 'admin' });
    expect(frozen.statusCode, frozen.body).toBe(200);
    await expect401('user frozen by an administrator', bearer(token));
    expect((await form({ username: 'director', password: DEFAULT_DEMO_PASSWORD, redirect_uri: '/' })).statusCode).toBe(403);
  });

  it('stops a token whose role is taken from the user at once', async () => {
    const token = await s.login('sysadmin');
    expect((await self(bearer(token))).statusCode).toBe(200);
    await s.ctx.db.query(`delete from iam_member_role where user_id = $1`, [await userId('sysadmin')]);
    await expect401('role removed', bearer(token));
  });
});

describe('the sign-in form', () => {
  it('refuses a post from another site (Origin, Sec-Fetch-Site, a null origin) and gives no token', async () => {
    const body = { username: 'buyer', password: DEFAULT_DEMO_PASSWORD, redirect_uri: '/' };
    const posts: Array<Record<string, string>> = [{ origin: 'https://evil.example' }, { origin: 'null' }, { 'sec-fetch-site': 'cross-site' }, { origin: 'http://localhost:80.evil.example' }];
    for (const headers of posts) {
      const r = await form(body, headers);
      expect(r.statusCode, JSON.stringify(headers)).toBe(403);
      expect(r.headers.location).toBeUndefined();
    }
    // The page's own post, and a client that sends no Origin (scripts, the tests' harness), sign in.
    expect((await form(body, { origin: 'http://localhost:80', 'sec-fetch-site': 'same-origin' })).statusCode).toBe(302);
    expect((await form(body)).statusCode).toBe(302);
  });

  it('never redirects off the site, whatever the spelling of redirect_uri', async () => {
    for (const uri of ['https://evil.example/x', '//evil.example/x', '/\\evil.example', '\\\\evil.example', '/\t/evil.example', 'javascript:alert(1)', 'javascript://localhost:80/%0aalert(1)', 'HTTPS://evil.example', ' //evil.example']) {
      const r = await form({ username: 'buyer', password: DEFAULT_DEMO_PASSWORD, redirect_uri: uri });
      expect(r.statusCode).toBe(302);
      expect(r.headers.location, uri).toMatch(/^\/(?![/\\])[^\t\n\\]*#access_token=/);
    }
    const kept = await form({ username: 'buyer', password: DEFAULT_DEMO_PASSWORD, redirect_uri: '/sodr/send-order/list?x=1' });
    expect(kept.headers.location).toMatch(/^\/sodr\/send-order\/list\?x=1#access_token=/);
  });

  it('enforces the password policy when a password is set', async () => {
    const id = await userId('expert');
    for (const weak of ['short', 'alllowercase', '12345678']) {
      const r = await s.call({ method: 'PUT', url: `/iam/hzero/v1/users/${id}/admin-password`, payload: { password: weak }, as: 'admin' });
      expect(r.json().failed, `${weak}: ${r.body}`).toBe(true);
      expect(r.json().code).toMatch(/^hiam\.warn\.password\./);
    }
    expect((await form({ username: 'expert', password: DEFAULT_DEMO_PASSWORD, redirect_uri: '/' })).statusCode).toBe(302);
  });
});

describe('the server log', () => {
  it('holds neither tokens nor passwords after sign-ins, calls by header, cookie and query, a failed sign-in and a sign-out', async () => {
    const wrong = 'Wr0ng#Secret-XYZ';
    await form({ username: 'buyer', password: wrong, redirect_uri: '/' });
    const token = await s.login('buyer');
    await self(bearer(token));
    await self({ cookie: `access_token=${token}` });
    await s.app.inject({ url: `${SELF}?access_token=${token}&x=1` });
    await s.app.inject({ url: `/hfle/v1/files/download?access_token=${token}&url=nothing` });
    await s.app.inject({ method: 'POST', url: '/oauth/logout', headers: bearer(token) });
    const text = log.join('');
    // The log is not empty: requests were logged, with their (redacted) URLs.
    expect(text).toContain('/iam/hzero/v1/users/self');
    expect(text).toContain('access_token=[redacted]');
    for (const secret of [token, token.slice(0, 16), wrong, DEFAULT_DEMO_PASSWORD]) expect(text.includes(secret), `the log holds ${secret.slice(0, 6)}…`).toBe(false);
  });
});
