import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const enabled = async (login: string) => (await s.ctx.db.query<{ f: number }>('select enabled_flag as f from iam_user where login_name = $1', [login])).rows[0]!.f;

describe('where the access token is taken from', () => {
  it('a form posted with only the cookie (another application on the host) changes nothing: 401, the user stays enabled', async () => {
    const token = await s.login('admin');
    const id = (await s.ctx.db.query<{ id: number }>("select id::float8 as id from iam_user where login_name = 'buyer'")).rows[0]!.id;
    const form = await s.app.inject({ method: 'POST', url: `/iam/hzero/v1/users/${id}/frozen`, payload: 'x=1', headers: { cookie: `access_token=${token}`, 'content-type': 'application/x-www-form-urlencoded' } });
    expect(form.statusCode).toBe(415);
    const json = await s.app.inject({ method: 'POST', url: `/iam/hzero/v1/users/${id}/frozen`, payload: {}, headers: { cookie: `access_token=${token}` } });
    expect(json.statusCode).toBe(401);
    const query = await s.app.inject({ method: 'POST', url: `/iam/hzero/v1/users/${id}/frozen?access_token=${token}`, payload: {} });
    expect(query.statusCode).toBe(401);
    expect(await enabled('buyer')).toBe(1);
  });

  it('the cookie and the query parameter still serve GET (downloads, exports, the websocket); the header serves every method', async () => {
    const token = await s.login('buyer');
    expect((await s.app.inject({ url: '/iam/hzero/v1/users/self', headers: { cookie: `access_token=${token}` } })).statusCode).toBe(200);
    expect((await s.app.inject({ url: `/iam/hzero/v1/users/self?access_token=${token}` })).statusCode).toBe(200);
    const created = await s.app.inject({ method: 'POST', url: '/sodr/v1/1/po-headers', payload: { supplierName: 'Header Co.', companyName: 'Demo Manufacturing Co.' }, headers: { authorization: `bearer ${token}` } });
    expect(created.json().failed).toBeUndefined();
  });

  it('sign-in still takes its form', async () => {
    expect(await s.login('buyer')).toMatch(/\w+/);
  });
});
