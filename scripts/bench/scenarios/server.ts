import { addOrders } from '../../../server/seed/order-seed.ts';
import type { ServerContext } from '../../../server/context.ts';
import { createServer } from '../../../server/start-server.ts';
import { runTsx } from '../lib/child.ts';
import { listeningAs } from '../lib/listening.ts';
import { withPostgres } from '../lib/postgres.ts';
import type { ResultRow, Section } from '../lib/report.ts';

/**
 * Scenario 10: the real server over 100,000 orders, 32 connections for 20 s of paged, sorted,
 * filtered order lists (autocannon in its own process). PGlite always (data seeded by
 * `server/seed-cli.ts` into a temporary DATA_DIR), and PostgreSQL: DATABASE_URL when set, else a
 * throwaway server started by scripts/local-postgres.sh (Debian's postgresql package).
 */
const ORDERS = 100_000;
const CONNECTIONS = 32;
const DURATION_S = process.env.BENCH_QUICK === '1' ? 5 : 20;
const TENANT = 1;

interface Load {
  p50: number;
  p90: number;
  p99: number;
  max: number;
  avg: number;
  requests: number;
  rps: number;
  ok: number;
  errors: number;
  timeouts: number;
  non2xx: number;
}

const countOrders = async (ctx: ServerContext) => Number((await ctx.db.query<{ n: number }>('select count(*)::float8 as n from sodr_po_header where tenant_id = $1', [TENANT])).rows[0]!.n);

/** A PostgreSQL database is shared: top it up to 100,000 orders, never beyond. */
async function topUp(ctx: ServerContext): Promise<void> {
  const have = await countOrders(ctx);
  if (have >= ORDERS) return;
  await addOrders(ctx.db, ORDERS - have, { tenantId: TENANT });
  // As seed-cli does: statistics and visibility maps now, not whenever autovacuum gets to it.
  await ctx.db.exec('vacuum analyze');
}

/** Brings a PostgreSQL database (seeded by its first start) to 100,000 orders of the demo tenant; answers the count. */
export async function topUpOrders(opts: { databaseUrl: string }, log: (s: string) => void): Promise<number> {
  const { app, ctx } = await createServer(opts);
  try {
    await topUp(ctx);
    const n = await countOrders(ctx);
    log(`  ${n} orders on ${ctx.db.kind}`);
    return n;
  } finally {
    await app.close();
  }
}

async function loadServer(repoRoot: string, opts: { dataDir?: string; databaseUrl?: string }, log: (s: string) => void): Promise<{ load: Load; orders: number }> {
  const { app, ctx } = await createServer(opts);
  try {
    if (opts.databaseUrl) await topUp(ctx);
    const orders = await countOrders(ctx);
    const { url, token } = await listeningAs(app);
    const probe = await fetch(`${url}/sodr/v1/${TENANT}/po-headers?page=0&size=20&sort=amount,desc&statusCode=PUBLISHED`, { headers: { authorization: `bearer ${token}` } });
    if (probe.status !== 200) throw new Error(`order list answered ${probe.status}: ${(await probe.text()).slice(0, 200)}`);
    log(`  ${ctx.db.kind}: ${orders} orders; ${CONNECTIONS} connections for ${DURATION_S} s …`);
    const load = JSON.parse(await runTsx(repoRoot, 'scripts/bench/load/list-load.ts', [url, token, String(TENANT), String(CONNECTIONS), String(DURATION_S)])) as Load;
    return { load, orders };
  } finally {
    await app.close();
  }
}

const row = (db: string, r: { load: Load; orders: number } | undefined, why?: string): ResultRow => {
  const failed = r ? r.load.errors + r.load.timeouts + r.load.non2xx : 0;
  return {
    id: '10',
    scenario: `Server on ${db}: paged, sorted, filtered order list over ${r ? r.orders.toLocaleString('en-US') : '100,000'} orders, ${CONNECTIONS} connections × ${DURATION_S} s: p99 latency`,
    ours: r?.load.p99,
    unit: 'ms',
    baselines: [],
    target: '≤ 50 ms, zero errors',
    pass: r ? r.load.p99 <= 50 && failed === 0 : undefined,
    note: r ? `p50 ${r.load.p50} ms, ${Math.round(r.load.rps)} req/s, ${r.load.requests} requests, ${failed} errors/timeouts/non-2xx` : why,
  };
};

export async function serverScenario(repoRoot: string, pgliteDir: string, log: (s: string) => void): Promise<{ rows: ResultRow[]; details: Section }> {
  const lite = await loadServer(repoRoot, { dataDir: pgliteDir }, log);
  const rows = [row('PGlite', lite)];
  const lines = [`- PGlite: ${JSON.stringify(lite.load)}`];
  const pg = await withPostgres(repoRoot, log, (databaseUrl) => loadServer(repoRoot, { databaseUrl }, log));
  if (typeof pg === 'string') rows.push(row('PostgreSQL', undefined, pg));
  else {
    rows.push(row('PostgreSQL', pg));
    lines.push(`- PostgreSQL: ${JSON.stringify(pg.load)}`);
  }
  return { rows, details: { title: 'Scenario 10: server load (autocannon summary, latency in ms)', lines } };
}
