import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../server/db/open.ts';
import { DEFAULT_DEMO_PASSWORD } from '../../../server/start-server.ts';
import { freshDatabase } from '../pg-database.ts';
import { type Instance, startInstance } from './instance.ts';
import { signIn } from './users.ts';

/**
 * A server killed (SIGKILL: no shutdown, no flush) in the middle of a burst of writes, then
 * started again on the same database: every write it acknowledged is there, and a write of
 * several rows in one call (a batch save of three countries) is there whole or not at all.
 * On PGlite's data directory always, on PostgreSQL when DATABASE_URL names a server.
 */
const dir = mkdtempSync(join(tmpdir(), 'lcb-sigkill-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const WORKERS = 6;
const letters = (i: number) => 'XYZ'[Math.floor(i / 676) % 3]! + String.fromCharCode(65 + (Math.floor(i / 26) % 26)) + String.fromCharCode(65 + (i % 26));

async function burstThenKill(server: Instance) {
  const admin = await signIn(server.url, 'admin', DEFAULT_DEMO_PASSWORD);
  const buyer = await signIn(server.url, 'buyer', DEFAULT_DEMO_PASSWORD);
  const batches: number[] = [];
  const orders: string[] = [];
  let next = 0;
  let stop = false;
  const post = async (token: string, method: string, path: string, body: unknown) => {
    try {
      const r = await fetch(`${server.url}${path}`, { method, headers: { authorization: `bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      return r.ok && !(await r.json() as { failed?: boolean }).failed;
    } catch {
      return false; // the server died under the call: not acknowledged
    }
  };
  const worker = async (w: number) => {
    while (!stop) {
      const b = next++;
      if (w % 2 === 0) {
        const rows = [0, 1, 2].map((k) => ({ countryCode: letters(b * 3 + k), countryName: `kill-${b}-${k}` }));
        if (await post(admin, 'PATCH', '/hpfm/v1/countries', rows)) batches.push(b);
      } else {
        const remark = `kill-order-${b}`;
        if (await post(buyer, 'POST', '/sodr/v1/1/po-headers', { supplierName: 'Kill Supplier', companyName: 'Demo Manufacturing Co.', remark })) orders.push(remark);
      }
    }
  };
  const running = Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)));
  const deadline = Date.now() + 20_000;
  while (batches.length + orders.length < 40 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  await server.kill();
  stop = true;
  await running;
  return { batches, orders, attempted: next };
}

async function checkAfterRestart(server: Instance, databaseUrl: string | undefined, dataDir: string | undefined, acked: { batches: number[]; orders: string[] }) {
  await server.restart();
  await server.stop(); // read the files with the server down (PGlite is one process's at a time)
  const db = await openDatabase({ databaseUrl, dataDir });
  try {
    const names = (await db.query<{ name: string }>("select country_name as name from hpfm_country where country_name like 'kill-%'")).rows.map((r) => r.name);
    const perBatch = new Map<number, number>();
    for (const n of names) {
      const b = Number(n.split('-')[1]);
      perBatch.set(b, (perBatch.get(b) ?? 0) + 1);
    }
    expect([...perBatch.entries()].filter(([, n]) => n !== 3), 'batches written in part').toEqual([]);
    expect(acked.batches.filter((b) => perBatch.get(b) !== 3), 'acknowledged batches missing').toEqual([]);
    const remarks = new Set((await db.query<{ remark: string }>("select remark from sodr_po_header where remark like 'kill-order-%'")).rows.map((r) => r.remark));
    expect(acked.orders.filter((o) => !remarks.has(o)), 'acknowledged orders missing').toEqual([]);
  } finally {
    await db.close();
  }
}

describe('a server killed during a burst of writes', () => {
  it('on a PGlite data directory keeps every acknowledged write, and no batch in part', { timeout: 300_000 }, async () => {
    const dataDir = join(dir, 'pglite');
    const server = await startInstance({ dataDir, logFile: join(dir, 'pglite.log') });
    const acked = await burstThenKill(server);
    console.log(`PGlite: ${acked.batches.length} batches and ${acked.orders.length} orders acknowledged of ${acked.attempted} attempted before the kill`);
    expect(acked.batches.length + acked.orders.length).toBeGreaterThan(0);
    await checkAfterRestart(server, undefined, dataDir, acked);
  });

  it.runIf(process.env.DATABASE_URL)('on PostgreSQL keeps every acknowledged write, and no batch in part', { timeout: 300_000 }, async () => {
    const db = await freshDatabase(process.env.DATABASE_URL!, 'lcb_kill');
    try {
      const server = await startInstance({ databaseUrl: db.url, logFile: join(dir, 'pg.log') });
      const acked = await burstThenKill(server);
      console.log(`PostgreSQL: ${acked.batches.length} batches and ${acked.orders.length} orders acknowledged of ${acked.attempted} attempted before the kill`);
      await checkAfterRestart(server, db.url, undefined, acked);
    } finally {
      await db.drop();
    }
  });
});
