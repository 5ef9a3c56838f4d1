import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { singleStatement } from '../../server/modules/hpfm/sql-execute.ts';
import { startTestServer, type TestServer } from './harness.ts';

const URL = '/hpfm/v1/sql-execute/execute';
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const run = (sqlText: string, extra: Record<string, unknown> = {}, as = 'admin') => s.call({ method: 'POST', url: URL, payload: { sqlText, ...extra }, as });

describe('/hpfm/sql-execute', () => {
  it('runs one SELECT for the site administrator and records it', async () => {
    const r = await run("select tenant_num, tenant_name from hpfm_tenant where tenant_id <= 2 order by tenant_id -- the demo tenants; not two statements");
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(body).toMatchObject({ statusCode: 'SUCCESS', rowCount: 3, truncatedFlag: 0, loginName: 'admin' });
    expect(body.result[1]).toEqual({ tenant_num: 'DEMO', tenant_name: 'Demo Manufacturing Co.' });
    const history = (await s.call({ url: '/hpfm/v1/sql-executions', as: 'admin' })).json();
    expect(history.content[0]).toMatchObject({ executionId: body.executionId, statusCode: 'SUCCESS' });
  });

  it('caps the rows and runs WITH and EXPLAIN', async () => {
    const capped = (await run('select po_header_id from sodr_po_header', { maxRows: 5 })).json();
    expect(capped).toMatchObject({ rowCount: 5, truncatedFlag: 1 });
    expect(capped.result).toHaveLength(5);
    expect((await run('with t as (select 1 as x) select x from t;')).json()).toMatchObject({ statusCode: 'SUCCESS', rowCount: 1 });
    expect((await run('explain select * from hpfm_tenant')).json().statusCode).toBe('SUCCESS');
  });

  it('refuses writes, several statements and dangerous functions unless writes are allowed', async () => {
    for (const [sql, code] of [
      ["delete from hpfm_tenant where tenant_num = 'SECOND'", 'hpfm.sqlExecute.refused'],
      ['update iam_user set enabled_flag = 0', 'hpfm.sqlExecute.refused'],
      ['select 1; delete from hpfm_tenant', 'hpfm.sqlExecute.refused'],
      ["select 1; select 2", 'hpfm.sqlExecute.refused'],
      ['select pg_sleep(10)', 'hpfm.sqlExecute.refused'],
      ['select token_hash from oauth_token', 'hpfm.sqlExecute.refused'],
      ['drop table hpfm_tenant', 'hpfm.sqlExecute.refused'],
    ] as const) {
      const r = await run(sql);
      expect(r.json(), sql).toMatchObject({ failed: true, code });
    }
    // A write hidden in a WITH is stopped by the read-only transaction itself.
    const hidden = (await run("with d as (delete from hpfm_tenant where tenant_num = 'SECOND' returning 1) select * from d")).json();
    expect(hidden).toMatchObject({ statusCode: 'FAILED' });
    expect(hidden.errorMessage).toMatch(/read-only|data-modifying/);
    // And at the top level of an EXPLAIN ANALYZE it meets the read-only transaction.
    const analyzed = (await run("explain analyze delete from hpfm_tenant where tenant_num = 'SECOND'")).json();
    expect(analyzed).toMatchObject({ statusCode: 'FAILED' });
    expect(analyzed.errorMessage).toMatch(/read-only/);
    expect((await s.ctx.db.query("select 1 from hpfm_tenant where tenant_num = 'SECOND'")).rows).toHaveLength(1);
    // Refusals are recorded too.
    const refused = (await s.call({ url: '/hpfm/v1/sql-executions?statusCode=REFUSED', as: 'admin' })).json();
    expect(refused.totalElements).toBeGreaterThanOrEqual(7);
  });

  it('commits a write only with the explicit flag', async () => {
    const r = (await run("update hpfm_config set config_value = 'SRM' where config_code = 'TITLE' and tenant_id = 0", { allowWritesFlag: 1 })).json();
    expect(r).toMatchObject({ statusCode: 'SUCCESS', rowCount: 1 });
    expect((await s.ctx.db.query<{ v: string }>("select config_value as v from hpfm_config where config_code = 'TITLE' and tenant_id = 0")).rows[0]!.v).toBe('SRM');
  });

  it('answers 403 to anyone but a site administrator, whatever their menus', async () => {
    for (const who of ['sysadmin', 'buyer', 'admin2']) {
      expect((await run('select 1', {}, who)).statusCode, who).toBe(403);
      expect((await run('select 1', { allowWritesFlag: 1 }, who)).statusCode, who).toBe(403);
      expect((await s.call({ url: '/hpfm/v1/sql-executions', as: who })).statusCode, who).toBe(403);
      expect((await s.call({ url: '/hpfm/v1/datasources', as: who })).statusCode, who).toBe(403);
      expect((await s.call({ url: '/hpfm/v1/databases', as: who })).statusCode, who).toBe(403);
    }
    expect((await s.call({ method: 'POST', url: URL, payload: { sqlText: 'select 1' } })).statusCode).toBe(401);
    expect((await s.call({ method: 'POST', url: URL, payload: { sqlText: '' }, as: 'admin' })).statusCode).toBe(400);
  });

  it('splits statements outside quotes and comments', () => {
    expect(singleStatement("select ';' as x; ").text).toBe("select ';' as x");
    expect(singleStatement('select $$a;b$$ /* ; */').keyword).toBe('select');
    expect(singleStatement('  (select 1)').keyword).toBe('select');
    expect(() => singleStatement('select 1; select 2')).toThrow(/one statement/);
    expect(() => singleStatement("select 'x")).toThrow(/unterminated/);
  });
});
