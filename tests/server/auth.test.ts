import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireToken } from '../../server/auth/tokens.ts';
import { startTestServer, type TestServer } from './harness.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const form = (body: Record<string, string>) => ({
  method: 'POST' as const,
  url: '/oauth/oauth/login',
  payload: new URLSearchParams(body).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

describe('OAuth implicit grant', () => {
  it('shows a login page with username, password and one submit button', async () => {
    const r = await s.app.inject({ url: '/oauth/oauth/authorize?response_type=token&client_id=client&redirect_uri=%2Fworkplace' });
    expect(r.statusCode).toBe(200);
    expect(r.body).toContain('name="username"');
    expect(r.body).toContain('name="password"');
    expect(r.body.match(/<button/g)).toHaveLength(1);
  });

  it('redirects with the token in the hash on a good password', async () => {
    const r = await s.app.inject(form({ username: 'buyer', password: 'Demo@2026', redirect_uri: '/sodr/send-order/list' }));
    expect(r.statusCode).toBe(302);
    expect(r.headers.location).toMatch(/^\/sodr\/send-order\/list#access_token=[0-9a-f]+&token_type=bearer&expires_in=3600$/);
  });

  it('refuses a bad password and gives no token', async () => {
    const r = await s.app.inject(form({ username: 'buyer', password: 'wrong', redirect_uri: '/' }));
    expect(r.statusCode).toBe(401);
    expect(r.headers.location).toBeUndefined();
    expect(r.body).toContain('Invalid username or password');
  });

  it('never redirects to a foreign host', async () => {
    const r = await s.app.inject(form({ username: 'buyer', password: 'Demo@2026', redirect_uri: 'https://evil.example/x' }));
    expect(r.headers.location).toMatch(/^\/#access_token=/);
  });

  it('stores passwords hashed, never in clear', async () => {
    const r = await s.ctx.db.query<{ password_hash: string }>("select password_hash from iam_user where login_name = 'admin'");
    expect(r.rows[0]!.password_hash).toMatch(/^scrypt\$/);
    expect(r.rows[0]!.password_hash).not.toContain('Demo@2026');
  });

  it('answers 401 without a token and with an expired one', async () => {
    expect((await s.app.inject({ url: '/iam/hzero/v1/users/self' })).statusCode).toBe(401);
    const token = await s.login('buyer');
    expect((await s.call({ url: '/iam/hzero/v1/users/self', token })).statusCode).toBe(200);
    await expireToken(s.ctx.db, token);
    const r = await s.call({ url: '/iam/hzero/v1/users/self', token });
    expect(r.statusCode).toBe(401);
    expect(r.json().message).toMatch(/expired/);
  });

  it('revokes the token on logout', async () => {
    const token = await s.login('expert');
    await s.call({ method: 'POST', url: '/oauth/logout', token });
    expect((await s.call({ url: '/iam/hzero/v1/users/self', token })).statusCode).toBe(401);
  });

  it('locks the account after repeated failed sign-ins', async () => {
    for (let i = 0; i < 5; i++) await s.app.inject(form({ username: 'approver', password: 'nope', redirect_uri: '/' }));
    const r = await s.app.inject(form({ username: 'approver', password: 'Demo@2026', redirect_uri: '/' }));
    expect(r.statusCode).toBe(423);
    expect(r.headers.location).toBeUndefined();
  });
});
