import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Scheduler } from '../../server/modules/hsdr/scheduler.ts';
import { startTestServer, type TestServer } from './harness.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
}, 240_000);
afterAll(() => s.close());

type Log = { clientResult: string; messageHeader: string; message: string | null };

/** Creates a job in tenant 1 with `handler` and `param`, triggers it, runs the queue, and answers its log. */
async function runOnce(handler: string, param: Record<string, unknown>): Promise<Log> {
  const r = await s.call({ as: 'admin', method: 'POST', url: '/hsdr/v1/1/job-info', payload: { jobCode: `H_${handler}_${Date.now().toString(36)}`, description: handler, jobHandler: handler, jobParam: JSON.stringify(param), jobCron: '0 0 3 * * *' } });
  expect(r.statusCode, r.body).toBe(200);
  const jobId = r.json().jobId as number;
  await s.call({ as: 'admin', method: 'POST', url: `/hsdr/v1/1/job-info/${jobId}/actions/trigger`, payload: {} });
  await new Scheduler(s.ctx).tick();
  const logs = (await s.call({ as: 'admin', url: `/hsdr/v1/1/job-logs?jobId=${jobId}` })).json().content as Log[];
  expect(logs).toHaveLength(1);
  return logs[0]!;
}

describe('exchange-rate refresh', () => {
  it("copies the platform's newest rates the tenant lacks, exactly, and adds nothing on a second run", async () => {
    const before = (await s.ctx.db.query<{ n: number }>("select count(*)::int as n from smdm_exchange_rate where tenant_id = 1 and rate_type_code = 'CORPORATE'")).rows[0]!.n;
    const newest = await s.ctx.db.query<{ from: string; rate: string }>(
      `select distinct on (from_currency_code) from_currency_code as from, rate::text as rate from hpfm_exchange_rate
        where rate_type_code = 'CORPORATE' and to_currency_code = 'CNY' order by from_currency_code, rate_date desc`,
    );
    const log = await runOnce('EXCHANGE_RATE_REFRESH', { rateTypeCode: 'CORPORATE', toCurrencyCode: 'CNY' });
    expect(log.clientResult).toBe('SUCCESS');
    expect(log.messageHeader).toBe(`${newest.rows.length} rate(s) refreshed from the platform's rates`);
    const after = (await s.ctx.db.query<{ n: number }>("select count(*)::int as n from smdm_exchange_rate where tenant_id = 1 and rate_type_code = 'CORPORATE'")).rows[0]!.n;
    expect(after - before).toBe(newest.rows.length);
    // The tenant's rate is the platform's to its six decimals, computed by the database, never a float.
    const usd = newest.rows.find((r) => r.from === 'USD')!;
    const copied = await s.ctx.db.query<{ rate: string }>("select rate::text as rate from smdm_exchange_rate where tenant_id = 1 and rate_type_code = 'CORPORATE' and from_currency_code = 'USD' order by rate_date desc limit 1");
    expect(Number(copied.rows[0]!.rate).toFixed(6)).toBe(Number(usd.rate).toFixed(6));
    expect((await runOnce('EXCHANGE_RATE_REFRESH', { rateTypeCode: 'CORPORATE', toCurrencyCode: 'CNY' })).messageHeader).toBe("0 rate(s) refreshed from the platform's rates");
    // Tenant 2 is untouched by tenant 1's job.
    expect((await s.ctx.db.query<{ n: number }>("select count(*)::int as n from smdm_exchange_rate where tenant_id = 2 and rate_type_code = 'CORPORATE' and rate_date >= '2026-06-01'")).rows[0]!.n).toBe(0);
  });

  it('refuses parameters that are not codes when the job is saved', async () => {
    const r = await s.call({ as: 'admin', method: 'POST', url: '/hsdr/v1/1/job-info', payload: { jobCode: 'BAD_RATE', description: 'x', jobHandler: 'EXCHANGE_RATE_REFRESH', jobParam: '{"rateTypeCode": "x; drop"}', jobCron: '0 0 3 * * *' } });
    expect([r.statusCode, r.json().field]).toEqual([400, 'jobParam']);
  });
});

describe('order-confirmation reminders', () => {
  it('messages the supplier users of every released, unconfirmed order older than the given days', async () => {
    await s.ctx.db.query("update sodr_po_header set released_date = now() - interval '5 days' where tenant_id = 1 and status_code = 'PUBLISHED'");
    const due = (await s.ctx.db.query<{ n: number }>("select count(*)::int as n from sodr_po_header h where tenant_id = 1 and status_code = 'PUBLISHED' and exists (select 1 from sslm_supplier_user su where su.supplier_id = h.supplier_id and su.tenant_id = 1)")).rows[0]!.n;
    expect(due).toBeGreaterThan(0);
    // Every user of each order's supplier is told (the demo suppliers have one user or two).
    const pairs = (await s.ctx.db.query<{ n: number }>("select count(*)::int as n from sodr_po_header h join sslm_supplier_user su on su.supplier_id = h.supplier_id and su.tenant_id = 1 where h.tenant_id = 1 and h.status_code = 'PUBLISHED'")).rows[0]!.n;
    const inbox = async () => (await s.ctx.db.query<{ n: number }>("select count(*)::int as n from hmsg_user_message where tenant_id = 1 and subject like '请确认采购订单%'")).rows[0]!.n;
    const before = await inbox();
    const log = await runOnce('PO_CONFIRM_REMINDER', { olderThanDays: 2 });
    expect(log.clientResult).toBe('SUCCESS');
    expect(log.messageHeader).toBe(`${pairs} reminder(s) sent about ${due} unconfirmed order(s)`);
    expect((await inbox()) - before).toBe(pairs);
    // Orders released only yesterday are not yet due for a reminder at 2 days.
    await s.ctx.db.query("update sodr_po_header set released_date = now() - interval '1 day' where tenant_id = 1 and status_code = 'PUBLISHED'");
    expect((await runOnce('PO_CONFIRM_REMINDER', { olderThanDays: 2 })).messageHeader).toBe('0 reminder(s) sent about 0 unconfirmed order(s)');
  });
});

describe('job log clean-up', () => {
  it('deletes only logs older than the age given, never runs in progress', async () => {
    await s.ctx.db.query("insert into hsdr_job_log (tenant_id, job_code, client_result, start_time) values (1, 'OLD', 'SUCCESS', now() - interval '40 days'), (1, 'OLD', 'DOING', now() - interval '40 days'), (1, 'NEW', 'SUCCESS', now())");
    const log = await runOnce('JOB_LOG_CLEAN', { keepDays: 30 });
    expect(log.messageHeader).toMatch(/^[1-9]\d* log\(s\) older than 30 day\(s\) deleted$/);
    const left = await s.ctx.db.query<{ r: string }>("select client_result as r from hsdr_job_log where job_code in ('OLD', 'NEW') order by job_code, client_result");
    expect(left.rows.map((x) => x.r)).toEqual(['SUCCESS', 'DOING']);
    expect((await s.call({ as: 'admin', method: 'DELETE', url: '/hsdr/v1/1/job-logs/clear' })).statusCode).toBe(400);
    expect((await s.call({ as: 'admin', method: 'DELETE', url: '/hsdr/v1/1/job-logs/clear?clearType=7' })).json().deleted).toBeGreaterThan(0);
  });
});
