import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../harness.ts';
import { freshDatabase } from '../pg-database.ts';

/**
 * Two server instances on one PostgreSQL database (DATABASE_URL names a server where databases
 * may be created), two people acting on the same task at the same moment, one through each:
 * exactly one act wins, the other is told the task was handled, and the history has one entry.
 */
const adminUrl = process.env.DATABASE_URL;

describe.runIf(adminUrl)('one task, two server instances, two acts at once (PostgreSQL)', () => {
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    db = await freshDatabase(adminUrl!, 'lcb_wfl');
    a = await startTestServer({ databaseUrl: db.url });
    b = await startTestServer({ databaseUrl: db.url });
  }, 240_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await db?.drop();
  });

  it('lets exactly one of two simultaneous approvals through, every time', { timeout: 120_000 }, async () => {
    for (let round = 0; round < 5; round++) {
      const po = (await a.call({ method: 'POST', url: '/sodr/v1/1/po-headers', payload: { supplierName: `Race ${round}`, companyName: 'Demo Manufacturing Co.', amount: 1000 }, as: 'buyer' })).json();
      await a.call({ method: 'POST', url: `/sodr/v1/1/po-headers/${po.poHeaderId}/actions/submit`, payload: {}, as: 'buyer' });
      const task = ((await b.call({ url: '/hwfl/v1/1/tasks?statusCode=PENDING&size=500', as: 'approver' })).json().content as Array<{ taskId: number; description: string }>).find((t) => t.description.startsWith(po.displayPoNum))!;
      const act = (s: TestServer, action: string) => s.call({ method: 'POST', url: `/hwfl/v1/1/runtime/tasks/${task.taskId}`, payload: { action }, as: 'approver' });
      const [x, y] = await Promise.all([act(a, 'Approved'), act(b, round % 2 ? 'Rejected' : 'Approved')]);
      const codes = [x.statusCode, y.statusCode].sort();
      expect(codes, `${x.body} / ${y.body}`).toEqual([200, 409]);
      const loser = x.statusCode === 409 ? x : y;
      expect(loser.json().message).toMatch(/already been handled/);
      const acts = await a.ctx.db.query<{ n: number }>("select count(*)::int as n from hwfl_history h join hwfl_process_instance i on i.instance_id = h.instance_id where i.record_id = $1 and i.entity_name = 'poHeader' and h.action in ('Approved', 'Rejected')", [po.poHeaderId]);
      expect(acts.rows[0]!.n).toBe(1);
      const status = (await b.call({ url: `/sodr/v1/1/po-headers/${po.poHeaderId}`, as: 'buyer' })).json().statusCode;
      expect(['APPROVED', 'REJECTED']).toContain(status);
    }
  });
});
