import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schedulerOf } from '../../server/modules/hsdr/scheduler.ts';
import { wallTime } from '../../server/modules/hsdr/times.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { freshDatabase } from './pg-database.ts';

/**
 * Two server instances, each with its own scheduler and connection pool, on one PostgreSQL
 * database (DATABASE_URL names a server where databases may be created): every firing of every
 * job is logged exactly once, whichever instance claims it, round after round.
 */
const adminUrl = process.env.DATABASE_URL;

describe.runIf(adminUrl)('two scheduler instances on one PostgreSQL database', () => {
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    db = await freshDatabase(adminUrl!, 'lcb_hsdr');
    a = await startTestServer({ databaseUrl: db.url });
    b = await startTestServer({ databaseUrl: db.url });
  }, 240_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await db?.drop();
  });

  it('fires each job once per tick (log rows counted), with both instances claiming at the same moment', { timeout: 120_000 }, async () => {
    const jobs: number[] = [];
    for (let i = 0; i < 12; i++) {
      const r = await a.call({ as: 'admin', method: 'POST', url: '/hsdr/v1/job-info', payload: { jobCode: `PG_${i}`, description: 'pg', jobHandler: 'JOB_LOG_CLEAN', jobParam: '{"keepDays": 30}', jobCron: '* * * * * *' } });
      expect(r.statusCode, r.body).toBe(200);
      jobs.push(r.json().jobId);
    }
    const sa = schedulerOf(a.ctx);
    const sb = schedulerOf(b.ctx);
    const start = Date.now();
    const rounds = 5;
    let claimedA = 0;
    let claimedB = 0;
    for (let round = 0; round < rounds; round++) {
      const now = new Date(start + round * 1000);
      await a.ctx.db.query('update hsdr_job_info set next_fire_time = $2 where job_id = any($1::bigint[])', [jobs, wallTime(new Date(now.getTime() - 500))]);
      const [x, y] = await Promise.all([sa.tick(now), sb.tick(now)]);
      claimedA += x;
      claimedB += y;
    }
    const counts = await b.ctx.db.query<{ job: number; n: number }>('select job_id::float8 as job, count(*)::int as n from hsdr_job_log where job_id = any($1::bigint[]) group by job_id', [jobs]);
    expect(counts.rows).toHaveLength(jobs.length);
    expect(counts.rows.every((r) => r.n === rounds)).toBe(true);
    expect(claimedA + claimedB).toBe(jobs.length * rounds);
    const results = await a.ctx.db.query<{ r: string; n: number }>("select client_result as r, count(*)::int as n from hsdr_job_log where job_id = any($1::bigint[]) group by client_result", [jobs]);
    expect(results.rows).toEqual([{ r: 'SUCCESS', n: jobs.length * rounds }]);
  });

  it('runs a manual trigger once although both instances poll for it', { timeout: 60_000 }, async () => {
    const r = await a.call({ as: 'admin', method: 'POST', url: '/hsdr/v1/job-info', payload: { jobCode: 'PG_TRIGGER', description: 'pg', jobHandler: 'JOB_LOG_CLEAN', jobParam: '{"keepDays": 30}', jobCron: '0 0 3 * * *' } });
    const id = r.json().jobId as number;
    for (let i = 0; i < 3; i++) {
      expect((await b.call({ as: 'admin', method: 'POST', url: '/hsdr/v1/job-info/trigger', payload: { jobId: id } })).json().jobStatus).toBe('NORMAL');
      await Promise.all([schedulerOf(a.ctx).tick(), schedulerOf(b.ctx).tick()]);
    }
    const n = await a.ctx.db.query<{ n: number }>("select count(*)::int as n from hsdr_job_log where job_id = $1 and trigger_type = 'MANUAL' and client_result = 'SUCCESS'", [id]);
    expect(n.rows[0]!.n).toBe(3);
  });
});
