import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../server/db/database.ts';
import { startTestServer, type TestServer } from './harness.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

/** The answer to a list call while every query fails with `err`; the database is given back afterwards. */
async function listWhileFailing(err: Error, marker: string) {
  const token = await s.login('buyer');
  const real = s.ctx.db.query.bind(s.ctx.db) as Queryable['query'];
  (s.ctx.db as { query: Queryable['query'] }).query = () => Promise.reject(err);
  try {
    return await s.app.inject({ url: `/sodr/v1/1/po-headers?size=1&displayPoNum=${marker}`, headers: { authorization: `bearer ${token}` } });
  } finally {
    (s.ctx.db as { query: Queryable['query'] }).query = real;
  }
}

describe('when the database refuses connections', () => {
  it('answers 503 with a message at once (no hang, no 500), and serves again once it is back', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const r = await listWhileFailing(refused, 'unavailable-test');
    expect(r.statusCode).toBe(503);
    expect(r.headers['retry-after']).toBe('5');
    expect(r.json()).toMatchObject({ failed: true, code: 'error.database.unavailable' });
    const token = await s.login('buyer');
    const back = await s.app.inject({ url: '/sodr/v1/1/po-headers?size=1', headers: { authorization: `bearer ${token}` } });
    expect(back.statusCode).toBe(200);
  });

  it('is not claimed for a statement the server sent wrongly (protocol violation): that is a 500, retried in vain otherwise', async () => {
    const wrong = Object.assign(new Error('bind message supplies 2 parameters, but prepared statement "" requires 1'), { code: '08P01' });
    expect((await listWhileFailing(wrong, 'protocol-test')).statusCode).toBe(500);
  });
});
