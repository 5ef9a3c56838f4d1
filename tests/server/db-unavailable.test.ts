import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../server/db/database.ts';
import { startTestServer, type TestServer } from './harness.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

describe('when the database refuses connections', () => {
  it('answers 503 with a message at once (no hang, no 500), and serves again once it is back', async () => {
    const token = await s.login('buyer');
    const real = s.ctx.db.query.bind(s.ctx.db) as Queryable['query'];
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    (s.ctx.db as { query: Queryable['query'] }).query = () => Promise.reject(refused);
    try {
      const r = await s.app.inject({ url: '/sodr/v1/1/po-headers?size=1&displayPoNum=unavailable-test', headers: { authorization: `bearer ${token}` } });
      expect(r.statusCode).toBe(503);
      expect(r.headers['retry-after']).toBe('5');
      expect(r.json()).toMatchObject({ failed: true, code: 'error.database.unavailable' });
    } finally {
      (s.ctx.db as { query: Queryable['query'] }).query = real;
    }
    const back = await s.app.inject({ url: '/sodr/v1/1/po-headers?size=1', headers: { authorization: `bearer ${token}` } });
    expect(back.statusCode).toBe(200);
  });

  it('is not claimed for a statement the server sent wrongly (protocol violation): that is a 500, retried in vain otherwise', async () => {
    const token = await s.login('buyer');
    const real = s.ctx.db.query.bind(s.ctx.db) as Queryable['query'];
    const wrong = Object.assign(new Error('bind message supplies 2 parameters, but prepared statement "" requires 1'), { code: '08P01' });
    (s.ctx.db as { query: Queryable['query'] }).query = () => Promise.reject(wrong);
    try {
      const r = await s.app.inject({ url: '/sodr/v1/1/po-headers?size=1&displayPoNum=protocol-test', headers: { authorization: `bearer ${token}` } });
      expect(r.statusCode).toBe(500);
    } finally {
      (s.ctx.db as { query: Queryable['query'] }).query = real;
    }
  });
});
