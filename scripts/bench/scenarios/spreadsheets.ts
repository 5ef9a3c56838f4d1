import { type ChildProcess, spawn } from 'node:child_process';
import { createServer as createNetServer } from 'node:net';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { DEFAULT_DEMO_PASSWORD } from '../../../server/start-server.ts';
import { withPostgres } from '../lib/postgres.ts';
import { measured } from '../lib/rss.ts';
import type { ResultRow, Section } from '../lib/report.ts';
import { p95 } from '../lib/stats.ts';
import { topUpOrders } from './server.ts';

/**
 * Scenario 14, spreadsheets and reports (issue 25), on PostgreSQL over 100,000 orders: a
 * 50,000-row `.xlsx` uploaded, validated and imported (background runs, polled as the page does);
 * the 100,000 orders exported to `.xlsx`; a data set grouping them by supplier and month. The
 * server runs in its own process so its resident memory is read from /proc alone: the export's
 * peak growth above its resident size before the request shows whether it streams.
 */
const quick = process.env.BENCH_QUICK === '1';
const IMPORT_ROWS = quick ? 5_000 : 50_000;
const REPORT_RUNS = quick ? 5 : 20;
const TENANT = 1;
const TEMPLATE = 'SMDM.ITEM';

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createNetServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

async function startServer(repoRoot: string, databaseUrl: string): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  // `node --import tsx` runs the server in this one process (the tsx command would add a parent).
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', SKIP_UI_BUILD: '1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  child.stderr!.on('data', (d: Buffer) => (err = (err + d.toString()).slice(-4000)));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${err}`);
    const up = await fetch(`${url}/oauth/public/default`).then(() => true, () => false);
    if (up) return { child, url };
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill();
  throw new Error(`server did not answer in 150 s: ${err}`);
}

async function signIn(url: string, user: string): Promise<string> {
  const r = await fetch(`${url}/oauth/oauth/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: user, password: process.env.DEMO_PASSWORD ?? DEFAULT_DEMO_PASSWORD, redirect_uri: '/workplace' }).toString(),
  });
  const token = /access_token=([^&]+)/.exec(r.headers.get('location') ?? '')?.[1];
  if (!token) throw new Error(`sign-in as ${user} failed (${r.status})`);
  return token;
}

/** The item template's sheet, 50,000 rows of new items with the template's own headers (as a user fills the download). */
async function itemWorkbook(url: string, token: string, prefix: string): Promise<Buffer> {
  const tpl = await fetch(`${url}/himp/v1/${TENANT}/template/${TEMPLATE}/excel`, { headers: { authorization: `bearer ${token}` } });
  if (tpl.status !== 200) throw new Error(`template download answered ${tpl.status}`);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(await tpl.arrayBuffer());
  const ws = wb.worksheets[0]!;
  for (let i = 0; i < IMPORT_ROWS; i++) ws.addRow([`${prefix}-${i}`, `Bench part ${i}`, 'MATERIAL', 'PCS', 1 + (i % 997) / 100, i % 60, `M${i % 40}`]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function call<T>(url: string, token: string, path: string, init: RequestInit = {}): Promise<T> {
  const r = await fetch(`${url}${path}`, { ...init, headers: { authorization: `bearer ${token}`, ...(init.headers ?? {}) } });
  if (r.status !== 200) throw new Error(`${init.method ?? 'GET'} ${path} answered ${r.status}: ${(await r.text()).slice(0, 300)}`);
  return (await r.json()) as T;
}

interface Batch {
  batch: string;
  status: string;
  totalCount: number;
  errorCount: number;
  importedCount: number;
}

async function until(url: string, token: string, batch: string, status: string): Promise<Batch> {
  for (;;) {
    const b = await call<Batch>(url, token, `/himp/v1/${TENANT}/import/data/status?batch=${batch}`);
    if (b.status === status) return b;
    await new Promise((r) => setTimeout(r, 200));
  }
}

const REPORT_SQL = `select supplier_name, to_char(creation_date, 'YYYY-MM') as month, count(*) as order_count, sum(amount) as amount
from po_header group by 1, 2 order by 1, 2`;

/** Runs statements on the bench's database directly (set-up and clean-up, not measured). */
async function sql(databaseUrl: string, statements: Array<[string, unknown[]]>): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (const [text, values] of statements) await client.query(text, values);
  } finally {
    await client.end();
  }
}

async function measure(repoRoot: string, databaseUrl: string, log: (s: string) => void) {
  const orders = await topUpOrders({ databaseUrl }, log);
  const { child, url } = await startServer(repoRoot, databaseUrl);
  // The demo template takes 1,000 rows; raised as an administrator would for a bulk load.
  await sql(databaseUrl, [['update himp_template_header set max_rows = $1 where template_code = $2 and tenant_id = $3', [IMPORT_ROWS, TEMPLATE, TENANT]]]);
  const pid = child.pid!;
  const prefix = `BENCH-IMP-${Date.now().toString(36).toUpperCase()}`;
  const admin = await signIn(url, 'admin');
  try {
    const buyer = await signIn(url, 'buyer');
    const file = await itemWorkbook(url, buyer, prefix);
    log(`  ${IMPORT_ROWS} rows in a ${(file.length / 1024 / 1024).toFixed(1)} MB .xlsx: upload, validate, import …`);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(file)]), 'items.xlsx');
    const upload = await measured(pid, () => call<Batch>(url, buyer, `/himp/v1/${TENANT}/import/data/data-upload?templateCode=${TEMPLATE}`, { method: 'POST', body: form }));
    const batch = upload.value.batch;
    const validate = await measured(pid, async () => {
      await call(url, buyer, `/himp/v1/${TENANT}/import/data/data-validate?templateCode=${TEMPLATE}&batch=${batch}`, { method: 'POST' });
      return until(url, buyer, batch, 'CHECKED');
    });
    const imported = await measured(pid, async () => {
      await call(url, buyer, `/himp/v1/${TENANT}/import/data/data-import?templateCode=${TEMPLATE}&batch=${batch}`, { method: 'POST' });
      return until(url, buyer, batch, 'IMPORTED');
    });
    if (imported.value.importedCount !== IMPORT_ROWS) throw new Error(`imported ${imported.value.importedCount} of ${IMPORT_ROWS} rows (${imported.value.errorCount} with errors)`);
    log(`  import: upload ${Math.round(upload.ms)} ms, validate ${Math.round(validate.ms)} ms, import ${Math.round(imported.ms)} ms`);

    const exported = await measured(pid, async () => {
      const r = await fetch(`${url}/sodr/v1/${TENANT}/po-headers?exportType=DATA&format=xlsx`, { headers: { authorization: `bearer ${buyer}` } });
      if (r.status !== 200) throw new Error(`export answered ${r.status}`);
      const body = Buffer.from(await r.arrayBuffer());
      return { bytes: body.length, truncated: r.headers.get('x-export-truncated') === 'true' };
    });
    log(`  export of ${orders} orders: ${Math.round(exported.ms)} ms, ${(exported.value.bytes / 1024 / 1024).toFixed(1)} MB, RSS +${exported.peakGrowthMb.toFixed(0)} MB`);

    const times: number[] = [];
    let groups = 0;
    for (let i = 0; i < REPORT_RUNS; i++) {
      const t0 = performance.now();
      const r = await call<{ rows?: unknown[]; content?: unknown[] }>(url, admin, `/hrpt/v1/${TENANT}/datasets/preview-sql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ sqlText: REPORT_SQL, params: {} }) });
      times.push(performance.now() - t0);
      groups = (r.rows ?? r.content ?? []).length;
    }
    if (!groups) throw new Error('the report answered no rows');
    return { orders, upload, validate, imported, exported, reportP95: p95(times), reportTimes: times, groups };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    // Leave a shared database as it was found.
    await sql(databaseUrl, [
      ['delete from smdm_item where tenant_id = $1 and item_code like $2', [TENANT, `${prefix}-%`]],
      ['update himp_template_header set max_rows = null where template_code = $1 and tenant_id = $2', [TEMPLATE, TENANT]],
    ]).catch(() => undefined);
  }
}

export async function spreadsheetScenario(repoRoot: string, log: (s: string) => void): Promise<{ rows: ResultRow[]; details: Section }> {
  const r = await withPostgres(repoRoot, log, (databaseUrl) => measure(repoRoot, databaseUrl, log));
  if (typeof r === 'string') {
    return { rows: [{ id: '14', scenario: 'Spreadsheets and reports on PostgreSQL', ours: undefined, unit: 'ms', baselines: [], target: '', pass: undefined, note: r }], details: { title: 'Scenario 14: spreadsheets and reports', lines: [r] } };
  }
  const n = (x: number) => x.toLocaleString('en-US');
  const rows: ResultRow[] = [
    {
      id: '14',
      scenario: `Import of a ${n(IMPORT_ROWS)}-row .xlsx on PostgreSQL: upload + validate + import (background runs, polled): total time`,
      ours: r.upload.ms + r.validate.ms + r.imported.ms,
      unit: 'ms',
      baselines: [],
      target: 'info (does not block: background, progress)',
      pass: undefined,
      note: `upload ${n(Math.round(r.upload.ms))} ms, validate ${n(Math.round(r.validate.ms))} ms, import ${n(Math.round(r.imported.ms))} ms (${Math.round(IMPORT_ROWS / (r.imported.ms / 1000))} rows/s); peak server RSS growth: upload ${r.upload.peakGrowthMb.toFixed(0)} MB, validate ${r.validate.peakGrowthMb.toFixed(0)} MB, import ${r.imported.peakGrowthMb.toFixed(0)} MB`,
    },
    {
      id: '14',
      scenario: `Export of ${n(r.orders)} orders to .xlsx on PostgreSQL (streamed): peak server RSS growth`,
      ours: r.exported.peakGrowthMb,
      unit: 'MB',
      baselines: [],
      target: '≤ 50 MB (flat: streamed)',
      pass: r.exported.peakGrowthMb <= 50 && !r.exported.value.truncated,
      note: `${n(Math.round(r.exported.ms))} ms, ${(r.exported.value.bytes / 1024 / 1024).toFixed(1)} MB file, server RSS ${r.exported.baseMb.toFixed(0)} MB before${r.exported.value.truncated ? ', truncated at the export limit' : ''}`,
    },
    {
      id: '14',
      scenario: `Report over ${n(r.orders)} orders grouped by supplier and month (hrpt data set, read-only views) on PostgreSQL: p95`,
      ours: r.reportP95,
      unit: 'ms',
      baselines: [],
      target: '≤ 1,000 ms',
      pass: r.reportP95 <= 1000,
      note: `${REPORT_RUNS} runs, ${r.groups} groups shown`,
    },
  ];
  return { rows, details: { title: 'Scenario 14: spreadsheets and reports (PostgreSQL)', lines: [`- report run times (ms): ${r.reportTimes.map((t) => Math.round(t)).join(', ')}`, `- server: its own process; RSS sampled from /proc every 20 ms`] } };
}
