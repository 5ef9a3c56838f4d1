import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../server/db/open.ts';
import { DEFAULT_DEMO_PASSWORD } from '../../../server/start-server.ts';
import { freshDatabase } from '../pg-database.ts';
import { type Instance, startInstance } from './instance.ts';
import { type Proxy, startProxy } from './proxy.ts';
import { type LoadResult, runLoad, signIn } from './users.ts';

/**
 * The shortened form of `npm run test:load` (which runs 50 people for 60 s): two server processes
 * on one PostgreSQL database behind a round-robin proxy, people listing, opening, writing,
 * submitting and approving orders; then the same with one process killed (SIGKILL) and started
 * again in the middle. Nothing fails without the kill; with it, only writes that were in flight on
 * the killed process may fail, reads fail over, and every acknowledged order is there afterwards.
 */
const adminUrl = process.env.DATABASE_URL;
const USERS = Number(process.env.LOAD_USERS ?? 8);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 8);

describe.runIf(adminUrl)('two server processes behind a proxy, on PostgreSQL', () => {
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let a: Instance;
  let b: Instance;
  let proxy: Proxy;
  const dir = mkdtempSync(join(tmpdir(), 'lcb-load-'));
  let tokens: { buyer: string; approver: string };

  beforeAll(async () => {
    db = await freshDatabase(adminUrl!, 'lcb_load');
    // The first seeds the database; the second finds it seeded.
    a = await startInstance({ databaseUrl: db.url, logFile: join(dir, 'a.log') });
    b = await startInstance({ databaseUrl: db.url, logFile: join(dir, 'b.log') });
    proxy = await startProxy([a.url, b.url]);
    tokens = { buyer: await signIn(proxy.url, 'buyer', DEFAULT_DEMO_PASSWORD), approver: await signIn(proxy.url, 'approver', DEFAULT_DEMO_PASSWORD) };
  }, 300_000);
  afterAll(async () => {
    await proxy?.close();
    await Promise.all([a?.stop(), b?.stop()]);
    await db?.drop();
    if (!process.env.LOAD_KEEP_LOGS) rmSync(dir, { recursive: true, force: true });
    else console.log(`logs kept in ${dir}`);
  }, 60_000);

  /** Every acknowledged order is stored with its line and its exact total. */
  const checkAcknowledged = async (r: LoadResult) => {
    const conn = await openDatabase({ databaseUrl: db.url });
    try {
      const ids = r.acknowledged.map((x) => x.poHeaderId);
      const rows = (
        await conn.query<{ id: number; remark: string; lines: number; amount: string }>(
          `select h.po_header_id::float8 as id, h.remark, (select count(*)::int from sodr_po_line l where l.po_header_id = h.po_header_id) as lines, h.amount::text as amount
             from sodr_po_header h where h.po_header_id = any($1::bigint[])`,
          [ids],
        )
      ).rows;
      const byId = new Map(rows.map((x) => [x.id, x]));
      const missing = r.acknowledged.filter((x) => byId.get(x.poHeaderId)?.remark !== x.remark);
      expect(missing, 'acknowledged orders missing').toEqual([]);
      expect(rows.filter((x) => x.lines !== 1 || Number(x.amount) !== 251)).toEqual([]);
    } finally {
      await conn.close();
    }
  };

  const summary = (r: LoadResult) => Object.entries(r.ops).map(([op, s]) => `${op} ${s.count} calls p50 ${s.p50} ms p99 ${s.p99} ms, ${s.errors} errors, ${s.conflicts} conflicts`).join('; ');

  it('serves people for the whole run without an error', { timeout: 120_000 }, async () => {
    const r = await runLoad({ baseUrl: proxy.url, tokens, users: USERS, seconds: SECONDS, runId: 'steady' });
    console.log(`steady: ${summary(r)}`);
    expect(r.errorSamples).toEqual([]);
    expect(r.ops.create.count).toBeGreaterThan(0);
    expect(r.ops.approve.count).toBeGreaterThan(0);
    await checkAcknowledged(r);
  });

  it('fails reads over when a process is killed, loses nothing acknowledged, and takes the restarted process back', { timeout: 240_000 }, async () => {
    let killed = false;
    let restarted: Promise<void> | undefined;
    const before = proxy.failovers;
    const r = await runLoad({
      baseUrl: proxy.url,
      tokens,
      users: USERS,
      seconds: SECONDS + 4,
      runId: 'kill',
      during: (t) => {
        if (!killed && t >= 2) {
          killed = true;
          void b.kill().then(() => (restarted = b.restart()));
        }
      },
    });
    await restarted;
    console.log(`with a kill: ${summary(r)}; ${proxy.failovers - before} calls failed over`);
    // Reads never fail: a refused connection goes to the other process.
    expect(r.ops.list.errors + r.ops.open.errors).toBe(0);
    // A write may fail only if it was in flight on the killed process: at most one per person.
    const writeErrors = r.ops.create.errors + r.ops.submit.errors + r.ops.approve.errors;
    expect(writeErrors).toBeLessThanOrEqual(USERS);
    expect(r.errorSamples.every((s) => s.includes('→ 502'))).toBe(true);
    expect(proxy.failovers - before).toBeGreaterThan(0);
    await checkAcknowledged(r);
    // The restarted process serves again.
    expect((await fetch(`${b.url}/health`)).ok).toBe(true);
  });
});
