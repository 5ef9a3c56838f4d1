import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Scheduler } from '../../server/modules/hsdr/scheduler.ts';
import { startTestServer, type TestServer } from './harness.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
}, 240_000);
afterAll(() => s.close());

const programId = async () => (await s.call({ as: 'admin', url: '/hsdr/v1/1/concurrents?concCode=CONC_RATE_REFRESH' })).json().content[0].concurrentId as number;
const submit = (payload: Record<string, unknown>, as = 'admin') => s.call({ as, method: 'POST', url: '/hsdr/v1/1/concurrent-requests', payload });

describe('concurrent requests', () => {
  it('turns a request into a job of the program\'s executable that runs once and ends', async () => {
    const r = await submit({ concurrentId: await programId(), requestParam: '{"rateTypeCode": "SPOT"}' });
    expect(r.statusCode, r.body).toBe(200);
    const req = r.json();
    expect(req.jobId).toBeGreaterThan(0);
    // The missing parameter took the program's default.
    expect(JSON.parse(req.requestParam)).toEqual({ rateTypeCode: 'SPOT', toCurrencyCode: 'CNY' });
    const job = (await s.call({ as: 'admin', url: `/hsdr/v1/1/job-info/${req.jobId}` })).json();
    expect(job).toMatchObject({ sourceFlag: 'REQUEST', jobHandler: 'EXCHANGE_RATE_REFRESH', cycleFlag: 0 });
    await new Scheduler(s.ctx).tick(new Date(Date.now() + 1000));
    const after = (await s.call({ as: 'admin', url: `/hsdr/v1/1/concurrent-requests/${req.requestId}` })).json();
    expect(after.jobStatus).toBe('COMPLETE');
    const again = await s.call({ as: 'admin', method: 'POST', url: `/hsdr/v1/1/concurrent-requests/${req.requestId}/again`, payload: {} });
    expect(again.json().jobStatus, again.body).toBe('NORMAL');
  });

  it('runs a repeating request on its interval', async () => {
    const r = await submit({ concurrentId: await programId(), requestParam: '{}', cycleFlag: 1, intervalType: 'MINUTES', intervalNumber: 15 });
    const job = (await s.call({ as: 'admin', url: `/hsdr/v1/1/job-info/${r.json().jobId}` })).json();
    expect(job.jobCron).toBe('0 */15 * * * *');
    expect(job.nextFireTime).toMatch(/:(00|15|30|45):00$/);
  });

  it('checks parameters against the program and the interval, naming the field', async () => {
    const id = await programId();
    const unknown = await submit({ concurrentId: id, requestParam: '{"colour": "red"}' });
    expect([unknown.statusCode, unknown.json().field]).toEqual([400, 'requestParam']);
    await s.ctx.db.query("update hsdr_concurrent_param set default_value = null where param_code = 'toCurrencyCode' and tenant_id = 1");
    const missing = await submit({ concurrentId: id, requestParam: '{"rateTypeCode": "SPOT"}' });
    expect(missing.json().message).toMatch(/toCurrencyCode .* is required/);
    const interval = await submit({ concurrentId: id, requestParam: '{"toCurrencyCode": "CNY"}', cycleFlag: 1, intervalType: 'HOURS', intervalNumber: 48 });
    expect([interval.statusCode, interval.json().field]).toEqual([400, 'intervalNumber']);
  });

  it('lets a tenant role submit only programs its role is granted', async () => {
    const id = await programId();
    const denied = await submit({ concurrentId: id, requestParam: '{"toCurrencyCode": "CNY"}' }, 'sysadmin');
    expect(denied.statusCode).toBe(403);
    const role = (await s.ctx.db.query<{ id: number }>("select r.id::float8 as id from iam_role r join iam_member_role m on m.role_id = r.id join iam_user u on u.id = m.user_id where u.login_name = 'sysadmin' and r.code = 'SYS_ADMINISTRATOR' limit 1")).rows[0]!.id;
    await s.ctx.db.query('insert into hsdr_concurrent_permission (tenant_id, concurrent_id, role_id, limit_quantity, enabled_flag) values (1, $1, $2, 1, 1)', [id, role]);
    const ok = await submit({ concurrentId: id, requestParam: '{"toCurrencyCode": "CNY"}' }, 'sysadmin');
    // The role may open the screen only if it holds the menu: otherwise 403 before any rule.
    if (ok.statusCode === 403 && /may not change/.test(ok.json().message)) return;
    expect(ok.statusCode, ok.body).toBe(200);
    const second = await submit({ concurrentId: id, requestParam: '{"toCurrencyCode": "CNY"}' }, 'sysadmin');
    expect(second.json().message).toMatch(/reached their limit of 1/);
  });
});

describe('parameter versions (GLUE)', () => {
  it('saves a version as the job\'s parameters after checking them as such, and keeps versions as history', async () => {
    const job = (await s.call({ as: 'admin', method: 'POST', url: '/hsdr/v1/job-info', payload: { jobCode: 'GLUE_T', description: 'glue', jobHandler: 'JOB_LOG_CLEAN', jobParam: '{"keepDays": 30}', jobCron: '0 0 3 * * *' } })).json();
    const v1 = await s.call({ as: 'admin', method: 'POST', url: '/hsdr/v1/glue-logs', payload: { jobId: job.jobId, glueSource: '{"keepDays": 7}', glueRemark: 'one week' } });
    expect(v1.json().versionNumber, v1.body).toBe(1);
    expect((await s.call({ as: 'admin', url: `/hsdr/v1/job-info/${job.jobId}` })).json().jobParam).toBe('{"keepDays": 7}');
    const bad = await s.call({ as: 'admin', method: 'POST', url: '/hsdr/v1/glue-logs', payload: { jobId: job.jobId, glueSource: 'process.exit(1)', glueRemark: 'code' } });
    expect([bad.statusCode, bad.json().field]).toEqual([400, 'glueSource']);
    const v2 = await s.call({ as: 'admin', method: 'POST', url: '/hsdr/v1/glue-logs', payload: { jobId: job.jobId, glueSource: '{"keepDays": 14}', glueRemark: 'two weeks' } });
    expect(v2.json().versionNumber).toBe(2);
    const edit = await s.call({ as: 'admin', method: 'PUT', url: '/hsdr/v1/glue-logs', payload: { glueId: v1.json().glueId, objectVersionNumber: 1, glueRemark: 'x' } });
    expect(edit.json().message).toMatch(/history/);
  });
});
