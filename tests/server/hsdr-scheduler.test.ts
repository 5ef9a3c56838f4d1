import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerJobHandler } from '../../server/modules/hsdr/handlers.ts';
import { Scheduler, schedulerOf } from '../../server/modules/hsdr/scheduler.ts';
import { storedNextFire } from '../../server/modules/hsdr/jobs.ts';
import { wallTime } from '../../server/modules/hsdr/times.ts';
import { startTestServer, type TestServer } from './harness.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
}, 240_000);
afterAll(() => s.close());

type Job = { jobId: number; jobCode: string; jobStatus: string; nextFireTime: string | null; cronDescription: string | null; objectVersionNumber: number };
type Log = { logId: number; jobResult: string | null; clientResult: string; duration: number | null; attempts: number; messageHeader: string | null; message: string | null; errorDetail: string | null; triggerType: string };

let seq = 0;
const createJob = async (body: Record<string, unknown>) =>
  s.call({ as: 'admin', method: 'POST', url: '/hsdr/v1/job-info', payload: { jobCode: `T_${++seq}_${Date.now().toString(36)}`, description: 'test job', jobHandler: 'JOB_LOG_CLEAN', jobParam: '{"keepDays": 30}', jobCron: '0 0 3 * * *', ...body } });
const job = async (body: Record<string, unknown> = {}) => {
  const r = await createJob(body);
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as Job;
};
const act = (j: { jobId: number }, action: string) => s.call({ as: 'admin', method: 'POST', url: `/hsdr/v1/job-info/${j.jobId}/actions/${action}`, payload: {} });
const logsOf = async (jobId: number) =>
  (await s.call({ as: 'admin', url: `/hsdr/v1/job-logs?jobId=${jobId}&size=100&sort=logId,asc` })).json().content as Log[];
/** Makes a job due at `at` (as if its time had come), without waiting for the clock. */
const dueAt = (jobId: number, at: Date) => s.ctx.db.query('update hsdr_job_info set next_fire_time = $2 where job_id = $1', [jobId, wallTime(at)]);

describe('bad input', () => {
  it('refuses an invalid cron, naming the field', async () => {
    for (const jobCron of ['61 * * * *', 'every minute', '* * * *', '*/0 * * * *', '']) {
      const r = await createJob({ jobCron });
      expect(r.statusCode, jobCron).toBe(400);
      expect(r.json().field).toBe('jobCron');
    }
  });

  it('refuses a handler that does not exist and parameters the handler cannot use', async () => {
    const a = await createJob({ jobHandler: 'NO_SUCH_HANDLER' });
    expect(a.statusCode).toBe(400);
    expect(a.json()).toMatchObject({ field: 'jobHandler' });
    expect(a.json().message).toMatch(/NO_SUCH_HANDLER.*not a registered job handler/);
    const b = await createJob({ jobParam: '{"keepDays": ' });
    expect([b.statusCode, b.json().field]).toEqual([400, 'jobParam']);
    // A log clean-up with no age is refused before it can ever run.
    const c = await createJob({ jobParam: '{}' });
    expect([c.statusCode, c.json().field]).toEqual([400, 'jobParam']);
    expect(c.json().message).toMatch(/keepDays/);
    const d = await createJob({ startDate: '2026-05-01 00:00:00', endDate: '2026-04-01 00:00:00' });
    expect([d.statusCode, d.json().field]).toEqual([400, 'endDate']);
  });

  it('answers a valid job with its next fire time and a description of its cron in the reader\'s language', async () => {
    const j = await job({ jobCron: '0 30 9 * * MON-FRI' });
    expect(j.jobStatus).toBe('NORMAL');
    expect(j.nextFireTime).toMatch(/ 09:30:00$/);
    expect(j.cronDescription).toMatch(/09:30/);
    const zh = (await s.call({ as: 'buyer', url: `/hsdr/v1/1/job-info/${j.jobId}` })).statusCode;
    expect([403, 404]).toContain(zh); // a tenant buyer does not reach platform jobs
    const preview = (await s.call({ as: 'admin', url: '/hsdr/v1/job-info/cron-preview?jobCron=' + encodeURIComponent('*/15 * * * *') })).json();
    expect(preview.nextFireTimes).toHaveLength(5);
    expect(preview.description).toBeTruthy();
    const bad = await s.call({ as: 'admin', url: '/hsdr/v1/job-info/cron-preview?jobCron=nonsense' });
    expect([bad.statusCode, bad.json().field]).toEqual([400, 'jobCron']);
  });
});

describe('status actions', () => {
  it('allows each action only in the statuses it starts from, and says why otherwise', async () => {
    const j = await job();
    expect((await act(j, 'resume')).json()).toMatchObject({ failed: true, message: expect.stringMatching(/Cannot resume a jobInfo in status NORMAL/) });
    const paused = (await act(j, 'pause')).json();
    expect(paused.jobStatus).toBe('PAUSED');
    expect(paused.nextFireTime).toBeNull();
    expect((await act(j, 'trigger')).json()).toMatchObject({ failed: true, message: expect.stringMatching(/Cannot trigger a jobInfo in status PAUSED/) });
    expect((await act(j, 'pause')).json().failed).toBe(true);
    // Editing a paused job is refused with a reason; deleting a job that has not ended too.
    const edit = await s.call({ as: 'admin', method: 'PUT', url: '/hsdr/v1/job-info', payload: { jobId: j.jobId, objectVersionNumber: paused.objectVersionNumber, description: 'changed' } });
    expect(edit.json()).toMatchObject({ failed: true, message: expect.stringMatching(/PAUSED cannot be edited/) });
    const del = await s.call({ as: 'admin', method: 'DELETE', url: '/hsdr/v1/job-info', payload: [{ jobId: j.jobId }] });
    expect(del.json()).toMatchObject({ failed: true, message: expect.stringMatching(/stop it first/) });
    const resumed = (await act(j, 'resume')).json();
    expect([resumed.jobStatus, typeof resumed.nextFireTime]).toEqual(['NORMAL', 'string']);
    expect((await act(j, 'stop')).json().jobStatus).toBe('NONE');
    expect((await act(j, 'stop')).json().failed).toBe(true);
    expect((await s.call({ as: 'admin', method: 'DELETE', url: '/hsdr/v1/job-info', payload: [{ jobId: j.jobId }] })).statusCode).toBe(200);
  });

  it('answers HZERO\'s body-addressed calls (POST job-info/pause with the job)', async () => {
    const j = await job();
    const r = await s.call({ as: 'admin', method: 'POST', url: '/hsdr/v1/job-info/pause', payload: { jobId: j.jobId } });
    expect(r.json().jobStatus).toBe('PAUSED');
    expect((await s.call({ as: 'admin', method: 'POST', url: '/hsdr/v1/job-info/pause', payload: {} })).statusCode).toBe(400);
  });
});

describe('firing', () => {
  it('runs a due job once, logs result and duration, and moves its next fire time on', async () => {
    const j = await job({ jobCron: '*/10 * * * * *' });
    const sch = new Scheduler(s.ctx);
    const now = new Date();
    await dueAt(j.jobId, new Date(now.getTime() - 1000));
    expect(await sch.tick(now)).toBeGreaterThanOrEqual(1);
    const logs = await logsOf(j.jobId);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ clientResult: 'SUCCESS', jobResult: 'SUCCESS', triggerType: 'CRON', attempts: 1 });
    expect(logs[0]!.duration).toBeGreaterThanOrEqual(0);
    expect(logs[0]!.messageHeader).toMatch(/log\(s\) older than 30 day\(s\) deleted/);
    expect((await storedNextFire(s.ctx.db, j.jobId))!.getTime()).toBeGreaterThan(now.getTime());
    await sch.tick(now);
    expect(await logsOf(j.jobId)).toHaveLength(1);
  });

  it('triggers now: one run, logged as triggered by hand', async () => {
    const j = await job();
    expect((await act(j, 'trigger')).json().jobStatus).toBe('NORMAL');
    expect((await logsOf(j.jobId))[0]).toMatchObject({ clientResult: 'PENDING', triggerType: 'MANUAL' });
    await new Scheduler(s.ctx).tick();
    const logs = await logsOf(j.jobId);
    expect(logs.map((l) => l.clientResult)).toEqual(['SUCCESS']);
  });

  it('does not fire a paused job', async () => {
    const j = await job({ jobCron: '* * * * * *' });
    await act(j, 'pause');
    await dueAt(j.jobId, new Date(Date.now() - 5000));
    await new Scheduler(s.ctx).tick();
    expect(await logsOf(j.jobId)).toHaveLength(0);
  });

  it('retries a failing job as many times as its strategy says, logs the failure, and keeps running others', async () => {
    let calls = 0;
    registerJobHandler('TEST_ALWAYS_FAILS', {
      async run() {
        calls += 1;
        throw new Error(`supplier gateway down (call ${calls})`);
      },
    });
    const failing = await job({ jobHandler: 'TEST_ALWAYS_FAILS', jobParam: '', failStrategy: 'RETRY', retryNumber: 2 });
    const ignoring = await job({ jobHandler: 'TEST_ALWAYS_FAILS', jobParam: '', failStrategy: 'IGNORE', retryNumber: 5 });
    const fine = await job();
    const now = new Date();
    for (const j of [failing, ignoring, fine]) await dueAt(j.jobId, new Date(now.getTime() - 1000));
    await new Scheduler(s.ctx, { retryDelayMs: 5 }).tick(now);
    const [f] = await logsOf(failing.jobId);
    expect(f).toMatchObject({ clientResult: 'FAILURE', attempts: 3 });
    expect(f!.messageHeader).toMatch(/Failed after 3 attempts: supplier gateway down/);
    expect(f!.message!.split('\n')).toHaveLength(3);
    expect(f!.errorDetail).toMatch(/supplier gateway down/);
    expect((await logsOf(ignoring.jobId))[0]).toMatchObject({ clientResult: 'FAILURE', attempts: 1 });
    expect((await logsOf(fine.jobId))[0]!.clientResult).toBe('SUCCESS');
    expect(calls).toBe(4);
    // The periodic job keeps its schedule after a failure.
    expect((await s.call({ as: 'admin', url: `/hsdr/v1/job-info/${failing.jobId}` })).json().jobStatus).toBe('NORMAL');
  });

  it('fires each due job exactly once when two schedulers share the database', async () => {
    const jobs = await Promise.all([1, 2, 3, 4, 5, 6].map(() => job({ jobCron: '* * * * * *' })));
    const a = new Scheduler(s.ctx);
    const b = new Scheduler(s.ctx);
    const start = Date.now();
    for (let round = 0; round < 3; round++) {
      const now = new Date(start + round * 1000);
      for (const j of jobs) await dueAt(j.jobId, new Date(now.getTime() - 500));
      const [x, y] = await Promise.all([a.tick(now), b.tick(now)]);
      expect(x + y).toBeGreaterThanOrEqual(jobs.length);
    }
    for (const j of jobs) expect((await logsOf(j.jobId)).length).toBe(3);
    const byExecutor = await s.ctx.db.query<{ n: number }>('select count(distinct executor_name)::int as n from hsdr_job_log where job_id = any($1::bigint[])', [jobs.map((j) => j.jobId)]);
    expect(byExecutor.rows[0]!.n).toBeGreaterThanOrEqual(1);
  });

  it('runs a firing missed while no instance ran once at the next start, then keeps to the schedule', async () => {
    const j = await job({ jobCron: '0 0 * * * *' });
    const now = new Date();
    await dueAt(j.jobId, new Date(now.getTime() - 3 * 3600_000));
    const restarted = new Scheduler(s.ctx);
    await restarted.tick(now);
    await restarted.tick(now);
    const logs = await logsOf(j.jobId);
    expect(logs).toHaveLength(1);
    expect(logs[0]!.triggerType).toBe('MISFIRE');
    expect((await storedNextFire(s.ctx.db, j.jobId))!.getTime()).toBeGreaterThan(now.getTime());
  });

  it('ends a one-off job with its run', async () => {
    const j = await job({ cycleFlag: 0, jobCron: null });
    await new Scheduler(s.ctx).tick(new Date(Date.now() + 1000));
    expect((await logsOf(j.jobId)).map((l) => l.clientResult)).toEqual(['SUCCESS']);
    const after = (await s.call({ as: 'admin', url: `/hsdr/v1/job-info/${j.jobId}` })).json();
    expect(after.jobStatus).toBe('COMPLETE');
    expect((await act(j, 'pause')).json().failed).toBe(true);
    expect((await act(j, 'again')).json().jobStatus).toBe('NORMAL');
    await new Scheduler(s.ctx).tick();
    expect(await logsOf(j.jobId)).toHaveLength(2);
  });

  it("keeps an instance an administrator took offline offline through its heartbeats, and marks a silent one lost and back, each move audited", async () => {
    const executor = async (code: string) =>
      ((await s.call({ as: 'admin', url: '/hsdr/v1/executors?executorType=0&size=100' })).json().content as Array<{ executorId: number; executorCode: string; status: string; objectVersionNumber: number }>).find((e) => e.executorCode === code)!;
    const audit = async (id: number) => (await s.ctx.db.query<{ action: string; login_name: string }>("select action, login_name from hpfm_audit_log where entity_name = 'executor' and record_id = $1 order by audit_id", [id])).rows;
    const t0 = Date.now();
    const held = new Scheduler(s.ctx);
    await held.heartbeat(new Date(t0));
    const e = await executor(held.code);
    expect(e.status).toBe('ONLINE');
    const off = await s.call({ as: 'admin', method: 'POST', url: `/hsdr/v1/executors/${e.executorId}/actions/offline`, payload: { objectVersionNumber: e.objectVersionNumber } });
    expect(off.statusCode, off.body).toBe(200);
    await held.heartbeat(new Date(t0 + 1000));
    expect((await executor(held.code)).status).toBe('M-OFFLINE');
    // Nobody marks an instance lost by hand: that is the scheduler's move.
    const byHand = await s.call({ as: 'admin', method: 'POST', url: `/hsdr/v1/executors/${e.executorId}/actions/lost`, payload: {} });
    expect(byHand.statusCode, byHand.body).toBe(403);

    const silent = new Scheduler(s.ctx);
    await silent.heartbeat(new Date(t0));
    const quiet = await executor(silent.code);
    await held.heartbeat(new Date(t0 + 10 * 60_000));
    expect((await executor(silent.code)).status).toBe('A-OFFLINE');
    await silent.heartbeat(new Date(t0 + 10 * 60_000 + 1000));
    expect((await executor(silent.code)).status).toBe('ONLINE');
    expect((await audit(quiet.executorId)).map((a) => [a.action, a.login_name])).toEqual([['LOST', 'hsdr'], ['BEAT', 'hsdr']]);
    expect((await audit(e.executorId)).map((a) => a.action)).toEqual(['OFFLINE']);
    await s.ctx.db.query('delete from hsdr_executor where executor_code = any($1::text[])', [[held.code, silent.code]]);
  });

  it('runs on its own once started, and stops firing when paused', async () => {
    const sch = schedulerOf(s.ctx);
    const j = await job({ jobCron: '* * * * * *' });
    await sch.start();
    try {
      const deadline = Date.now() + 8000;
      while ((await logsOf(j.jobId)).filter((l) => l.clientResult === 'SUCCESS').length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
      expect((await logsOf(j.jobId)).filter((l) => l.clientResult === 'SUCCESS').length).toBeGreaterThanOrEqual(2);
      const executors = (await s.call({ as: 'admin', url: '/hsdr/v1/executors?executorType=0' })).json().content as Array<{ executorCode: string; status: string }>;
      expect(executors.find((e) => e.executorCode === sch.code)?.status).toBe('ONLINE');
      await act(j, 'pause');
      await new Promise((r) => setTimeout(r, 300));
      const count = (await logsOf(j.jobId)).length;
      await new Promise((r) => setTimeout(r, 1500));
      expect((await logsOf(j.jobId)).length).toBe(count);
    } finally {
      await sch.stop();
    }
    const mine = await s.ctx.db.query<{ status: string }>('select status from hsdr_executor where executor_code = $1', [sch.code]);
    expect(mine.rows[0]!.status).toBe('A-OFFLINE');
  });
});
