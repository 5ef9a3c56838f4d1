import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database.ts';
import { seed } from '../../server/seed/seed.ts';
import { DEFAULT_DEMO_PASSWORD } from '../../server/start-server.ts';
import { startTestServer } from './harness.ts';
import { orderOf } from './orders.ts';

const dir = mkdtempSync(join(tmpdir(), 'lcb-durability-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const counts = async (db: Database) =>
  (
    await db.query<{ users: number; orders: number; lines: number; seeds: number }>(
      `select (select count(*)::int from iam_user) as users, (select count(*)::int from sodr_po_header) as orders,
              (select count(*)::int from sodr_po_line) as lines, (select count(*)::int from schema_migrations where version like 'seed:%') as seeds`,
    )
  ).rows[0]!;

describe('a server on a PGlite data directory', () => {
  // Two cold starts on disk, each seeding every module: slow on a loaded 2-core machine.
  it('keeps what it wrote across a restart, and seeds only once; an approval in mid-flight continues on the new server', { timeout: 240000 }, async () => {
    const first = await startTestServer({ dataDir: dir });
    const created = await first.call({ method: 'POST', url: '/sodr/v1/1/po-headers', payload: { supplierName: 'Durable Supplier', companyName: 'Demo Manufacturing Co.', remark: 'survives restarts' }, as: 'buyer' });
    expect(created.json().failed).toBeUndefined();
    const id = created.json().poHeaderId;
    // An approval in the middle of its process when the server stops: the manager has approved a
    // large order, the director has not acted yet.
    const big = await orderOf((o) => first.call(o), 'buyer', 400000, { supplierName: 'Mid-flight Supplier' });
    expect((await first.call({ method: 'POST', url: `/sodr/v1/1/po-headers/${big.poHeaderId}/actions/submit`, payload: {}, as: 'buyer' })).json().statusCode).toBe('APPROVING');
    const taskOf = async (s: typeof first, as: string) =>
      ((await s.call({ url: '/hwfl/v1/1/tasks?statusCode=PENDING&size=500', as })).json().content as Array<{ taskId: number; description: string; name: string }>).find((t) => t.description.startsWith(String(big.displayPoNum)));
    const manager = (await taskOf(first, 'approver'))!;
    expect((await first.call({ method: 'POST', url: `/hwfl/v1/1/runtime/tasks/${manager.taskId}`, payload: { action: 'Approved' }, as: 'approver' })).json().statusCode).toBe('RUNNING');
    const before = await counts(first.ctx.db);
    expect(before.orders).toBe(342);
    expect(before.seeds).toBeGreaterThanOrEqual(2);
    await first.close();

    const second = await startTestServer({ dataDir: dir });
    try {
      const r = await second.call({ url: `/sodr/v1/1/po-headers/${id}`, as: 'buyer' });
      expect(r.statusCode).toBe(200);
      expect(r.json()).toMatchObject({ supplierName: 'Durable Supplier', remark: 'survives restarts', displayPoNum: created.json().displayPoNum });
      // The new server continues the instance from its stored state: the director approves, the order is approved.
      const director = (await taskOf(second, 'director'))!;
      expect(director.name).toBe('Director');
      expect((await second.call({ method: 'POST', url: `/hwfl/v1/1/runtime/tasks/${director.taskId}`, payload: { action: 'Approved' }, as: 'director' })).json()).toMatchObject({ resultCode: 'APPROVED' });
      expect((await second.call({ url: `/sodr/v1/1/po-headers/${big.poHeaderId}`, as: 'buyer' })).json().statusCode).toBe('APPROVED');
      expect(await counts(second.ctx.db)).toEqual(before);
      expect(await seed(second.ctx.db, { demoPassword: DEFAULT_DEMO_PASSWORD, sealKeys: second.ctx.sealKeys })).toBe(false);
      expect(await counts(second.ctx.db)).toEqual(before);
      // The number counter survived too: the next order does not reuse a number.
      const next = await second.call({ method: 'POST', url: '/sodr/v1/1/po-headers', payload: { supplierName: 'Next', companyName: 'Demo Manufacturing Co.' }, as: 'buyer' });
      expect(next.json().displayPoNum > created.json().displayPoNum).toBe(true);
    } finally {
      await second.close();
    }
  });
});
