import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { ServerContext } from '../../../server/context.ts';
import { MAX_SHEET_ROWS } from '../../../server/resources/export.ts';
import { encodeCursor, sortTerms } from '../../../server/resources/list-query.ts';
import { addOrders } from '../../../server/seed/order-seed.ts';
import { createServer } from '../../../server/start-server.ts';
import { runTsx } from '../lib/child.ts';
import { listeningAs } from '../lib/listening.ts';
import { withPostgres } from '../lib/postgres.ts';
import { measured } from '../lib/rss.ts';
import type { ResultRow, Section } from '../lib/report.ts';
import { median, p95 } from '../lib/stats.ts';

/**
 * Scenario 15, the cost curve (issue 26): one database grown to 10,000, 100,000 and 1,000,000
 * orders of five lines, and at each size the order list under 32 connections (as scenario 10),
 * page 1 against a deep page reached by cursor (and by offset, for contrast), and contains-searches
 * on supplier names and order numbers with a different fragment each time (so no cached total
 * answers them). PostgreSQL gets a database of its own, dropped after; PGlite stops at 100,000.
 */
const quick = process.env.BENCH_QUICK === '1';
// BENCH_SCALE_SIZES=2000,5000 tries the scenario itself on small sizes (PostgreSQL and PGlite alike).
const given = process.env.BENCH_SCALE_SIZES?.split(',').map(Number);
const PG_SIZES = given ?? (quick ? [10_000, 100_000] : [10_000, 100_000, 1_000_000]);
const LITE_SIZES = given ?? [10_000, 100_000];
const CONNECTIONS = 32;
const DURATION_S = quick ? 5 : 20;
const RUNS = quick ? 7 : 21;
const TENANT = 1;
const PAGE = 20;
const FRAGMENTS = ['greenleaf', 'brightway', 'harbor', 'everstrong', 'panda', 'sunrise', 'northstar', 'ocean lo', 'unity', 'mingda', 'bluewave', 'feinmech', 'kogyo', 'componenti', 'precision', 'machinery', 'optics', 'metals', 'textiles', 'plastics', 'ceramics'];

interface Load {
  p50: number;
  p99: number;
  rps: number;
  requests: number;
  errors: number;
  timeouts: number;
  non2xx: number;
}
interface Point {
  orders: number;
  load: Load;
  page1: number;
  deepPage: number;
  deepCursor: number;
  deepOffset: number;
  searchName: number;
  searchNumber: number;
  /** Every order exported to .xlsx (the last PostgreSQL size only). */
  exportAll?: { rows: number; ms: number; mb: number; peakGrowthMb: number };
}

async function timed(fn: () => Promise<Response>): Promise<number> {
  const t0 = performance.now();
  const r = await fn();
  await r.arrayBuffer();
  if (r.status !== 200) throw new Error(`answered ${r.status}`);
  return performance.now() - t0;
}

async function measureAt(repoRoot: string, ctx: ServerContext, url: string, token: string, orders: number, log: (s: string) => void): Promise<Point> {
  // Asked as the list screen asks: an estimated total where counting would hold the rows up.
  const get = (path: string) => fetch(`${url}/sodr/v1/${TENANT}/po-headers${path}&total=estimate`, { headers: { authorization: `bearer ${token}` } });
  // Warm-up, as a user's first screen would.
  await get(`?page=0&size=${PAGE}`).then((r) => r.arrayBuffer());
  const load = JSON.parse(await runTsx(repoRoot, 'scripts/bench/load/list-load.ts', [url, token, String(TENANT), String(CONNECTIONS), String(DURATION_S)])) as Load;
  // The default order (newest first): page 1 against the deepest page up to 50,000.
  const pages = Math.ceil(orders / PAGE);
  const deepPage = Math.min(50_000, pages - 1);
  const terms = sortTerms(ctx.entities.get('poHeader')!, undefined);
  const before = await ctx.db.query<{ k: string }>('select po_header_id::text as k from sodr_po_header where tenant_id = $1 order by po_header_id desc offset $2 limit 1', [TENANT, deepPage * PAGE - 1]);
  const cursor = encodeCursor(terms, [before.rows[0]!.k]);
  const page1: number[] = [];
  const deepCursor: number[] = [];
  const deepOffset: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    page1.push(await timed(() => get(`?page=0&size=${PAGE}`)));
    deepCursor.push(await timed(() => get(`?page=${deepPage}&size=${PAGE}&cursor=${cursor}`)));
    deepOffset.push(await timed(() => get(`?page=${deepPage}&size=${PAGE}`)));
  }
  const byName: number[] = [];
  const byNumber: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    byName.push(await timed(() => get(`?page=0&size=${PAGE}&supplierName=${encodeURIComponent(FRAGMENTS[i % FRAGMENTS.length]!)}`)));
    byNumber.push(await timed(() => get(`?page=0&size=${PAGE}&displayPoNum=${String(10_000 + ((i * 7919) % 89_999)).slice(0, 5)}`)));
  }
  const point = { orders, load, page1: median(page1), deepPage, deepCursor: median(deepCursor), deepOffset: median(deepOffset), searchName: p95(byName), searchNumber: p95(byNumber) };
  log(`  ${ctx.db.kind} ${orders}: p50 ${load.p50} p99 ${load.p99} ms, ${Math.round(load.rps)} req/s; page 1 ${point.page1.toFixed(1)} ms, page ${deepPage} by cursor ${point.deepCursor.toFixed(1)} / by offset ${point.deepOffset.toFixed(1)} ms; search p95 name ${point.searchName.toFixed(1)}, number ${point.searchNumber.toFixed(1)} ms`);
  return point;
}

/**
 * Every order of the tenant as .xlsx, the server's resident size sampled meanwhile (the server
 * runs in this process; the body is counted as it arrives, never held).
 */
async function exportAll(url: string, token: string): Promise<{ rows: number; ms: number; mb: number; peakGrowthMb: number }> {
  const r = await measured(process.pid, async () => {
    const res = await fetch(`${url}/sodr/v1/${TENANT}/po-headers?exportType=DATA&format=xlsx`, { headers: { authorization: `bearer ${token}` } });
    if (res.status !== 200 || !res.body) throw new Error(`export answered ${res.status}`);
    let bytes = 0;
    for await (const chunk of res.body) bytes += (chunk as Uint8Array).byteLength;
    return { bytes, rows: Math.min(Number(res.headers.get('x-export-total')), Number(res.headers.get('x-export-limit'))) };
  });
  return { rows: r.value.rows, ms: r.ms, mb: r.value.bytes / 1024 / 1024, peakGrowthMb: r.peakGrowthMb };
}

/** Grows one database through the sizes, measuring at each. */
async function curve(repoRoot: string, opts: { dataDir?: string; databaseUrl?: string }, sizes: number[], log: (s: string) => void, exportAtLast = false): Promise<Point[]> {
  // Exports up to what one sheet holds, so the largest size is exported whole.
  const { app, ctx } = await createServer({ ...opts, exportRowLimit: MAX_SHEET_ROWS });
  try {
    const { url, token } = await listeningAs(app);
    const points: Point[] = [];
    for (const size of sizes) {
      const have = Number((await ctx.db.query<{ n: number }>('select count(*)::float8 as n from sodr_po_header where tenant_id = $1', [TENANT])).rows[0]!.n);
      if (have < size) {
        const t0 = performance.now();
        await addOrders(ctx.db, size - have, { tenantId: TENANT, lines: 5 });
        await ctx.db.exec('vacuum analyze');
        log(`  ${ctx.db.kind}: ${size - have} orders of five lines added in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
      }
      points.push(await measureAt(repoRoot, ctx, url, token, size, log));
    }
    if (exportAtLast && points.length) {
      const last = points[points.length - 1]!;
      last.exportAll = await exportAll(url, token);
      log(`  ${ctx.db.kind} ${last.orders}: export of ${last.exportAll.rows} orders to .xlsx in ${Math.round(last.exportAll.ms / 1000)} s, ${last.exportAll.mb.toFixed(0)} MB, RSS +${last.exportAll.peakGrowthMb.toFixed(0)} MB`);
    }
    return points;
  } finally {
    await app.close();
  }
}

/** A database of its own on the PostgreSQL server, dropped after. */
async function ownDatabase<T>(serverUrl: string, fn: (url: string) => Promise<T>): Promise<T> {
  const name = `bench_scale_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
    const u = new URL(serverUrl);
    u.pathname = `/${name}`;
    try {
      return await fn(u.toString());
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
    }
  } finally {
    await admin.end();
  }
}

const n = (x: number) => x.toLocaleString('en-US');
const failures = (p: Point) => p.load.errors + p.load.timeouts + p.load.non2xx;

function rowsOf(db: string, points: Point[], final: boolean): ResultRow[] {
  const base = points[0]!;
  const rows: ResultRow[] = points.map((p) => ({
    id: '15',
    scenario: `${db}: order list at ${n(p.orders)} orders (five lines each), ${CONNECTIONS} connections × ${DURATION_S} s: p99`,
    ours: p.load.p99,
    unit: 'ms' as const,
    baselines: p === base ? [] : [{ name: `p99 at ${n(base.orders)}`, value: base.load.p99 }],
    target: final && p === points[points.length - 1] ? '≤ 50 ms, 0 errors; ≤ 1.5× the smallest' : 'info',
    pass: final && p === points[points.length - 1] ? p.load.p99 <= 50 && failures(p) === 0 && p.load.p99 <= 1.5 * base.load.p99 : undefined,
    note: `p50 ${p.load.p50} ms (${(p.load.p50 / Math.max(1, base.load.p50)).toFixed(2)}× smallest), ${Math.round(p.load.rps)} req/s (${(p.load.rps / base.load.rps).toFixed(2)}×), ${failures(p)} errors/timeouts/non-2xx`,
  }));
  const last = points[points.length - 1]!;
  rows.push({
    id: '15',
    scenario: `${db} at ${n(last.orders)} orders: page ${n(last.deepPage)} reached by cursor, median (newest first, 20 rows)`,
    ours: last.deepCursor,
    unit: 'ms',
    baselines: [
      { name: 'page 1', value: last.page1 },
      { name: `page ${n(last.deepPage)} by offset`, value: last.deepOffset },
    ],
    target: final ? '≤ 1.2× page 1' : 'info',
    pass: final ? last.deepCursor <= 1.2 * last.page1 : undefined,
  });
  rows.push({
    id: '15',
    scenario: `${db} at ${n(last.orders)} orders: contains-search on supplier name (trigram index), a new fragment each time: p95`,
    ours: last.searchName,
    unit: 'ms',
    baselines: [{ name: 'order number fragment', value: last.searchNumber }],
    target: final ? '≤ 100 ms' : 'info',
    pass: final ? Math.max(last.searchName, last.searchNumber) <= 100 : undefined,
    note: `order number fragment p95 ${last.searchNumber.toFixed(1)} ms`,
  });
  if (last.exportAll) {
    rows.push({
      id: '15',
      scenario: `${db} at ${n(last.orders)} orders: export of ${n(last.exportAll.rows)} orders to .xlsx (streamed; encoded in a heap-capped thread): peak server RSS growth`,
      ours: last.exportAll.peakGrowthMb,
      unit: 'MB',
      baselines: [],
      target: final ? '≤ 50 MB' : 'info',
      pass: final ? last.exportAll.peakGrowthMb <= 50 : undefined,
      note: `${n(Math.round(last.exportAll.ms / 1000))} s, ${last.exportAll.mb.toFixed(0)} MB file`,
    });
  }
  return rows;
}

export async function scaleScenario(repoRoot: string, log: (s: string) => void): Promise<{ rows: ResultRow[]; details: Section }> {
  const lines: string[] = [];
  const rows: ResultRow[] = [];
  const pgPoints = await withPostgres(repoRoot, log, (serverUrl) => ownDatabase(serverUrl, (databaseUrl) => curve(repoRoot, { databaseUrl }, PG_SIZES, log, true)));
  if (typeof pgPoints === 'string') rows.push({ id: '15', scenario: 'Cost curve on PostgreSQL', ours: undefined, unit: 'ms', baselines: [], target: '', pass: undefined, note: pgPoints });
  else {
    rows.push(...rowsOf('PostgreSQL', pgPoints, PG_SIZES[PG_SIZES.length - 1] === 1_000_000));
    lines.push(...pgPoints.map((p) => `- PostgreSQL ${n(p.orders)}: ${JSON.stringify(p)}`));
  }
  const dir = mkdtempSync(join(tmpdir(), 'bench-scale-'));
  try {
    const lite = await curve(repoRoot, { dataDir: dir }, LITE_SIZES, log);
    rows.push(...rowsOf('PGlite', lite, false));
    lines.push(...lite.map((p) => `- PGlite ${n(p.orders)}: ${JSON.stringify(p)}`));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return { rows, details: { title: 'Scenario 15: cost curve (sizes, latency in ms)', lines } };
}
