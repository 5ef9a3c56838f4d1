import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { projectRoot } from '../../server/paths.ts';
import { signedInContext, startAppServer } from './lib/app-server.ts';
import { launch } from './lib/browser.ts';
import { runTsx } from './lib/child.ts';
import { machine } from './lib/machine.ts';
import { type ResultRow, type Section, table } from './lib/report.ts';
import { serveDir } from './lib/static-server.ts';
import { LIMITS } from './limits.ts';
import { bundleScenarios } from './scenarios/bundle.ts';
import { documentScenario } from './scenarios/documents.ts';
import { formScenario } from './scenarios/form.ts';
import { listScenarios } from './scenarios/list.ts';
import { schemaScenario } from './scenarios/schemas.ts';
import { scaleScenario } from './scenarios/scale.ts';
import { serverScenario } from './scenarios/server.ts';
import { sourcingScenario } from './scenarios/sourcing.ts';
import { spreadsheetScenario } from './scenarios/spreadsheets.ts';
import { tabScenarios } from './scenarios/tabs.ts';
import { workflowScenario } from './scenarios/workflow.ts';

/**
 * `npm run bench`: every scenario of issue 9 in headless Chromium and against the real server,
 * ours and the baselines in the same run on the same data, then BENCHMARKS.md rewritten.
 * BENCH_QUICK=1 makes fewer runs (for working on the bench itself, not for the record).
 * BENCH_ONLY=5,6 runs only those scenarios and prints their table instead of rewriting BENCHMARKS.md
 * (for checking one fix without the whole 15-minute run).
 */
const only = process.env.BENCH_ONLY ? new Set(process.env.BENCH_ONLY.split(',').map((s) => s.trim())) : undefined;
const wanted = (ids: string[]) => !only || ids.some((id) => only.has(id));
const started = performance.now();
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(0)} s`;
const log = (s: string) => console.log(`[${elapsed().padStart(5)}] ${s}`);
const tmp = mkdtempSync(join(tmpdir(), 'srm-bench-'));
const dirs = { pages: join(tmp, 'pages'), app: join(tmp, 'app'), orders: join(tmp, 'orders') };

const rows: ResultRow[] = [];
const details: Section[] = [];
/** A scenario that throws is reported as not measured; the others still run. */
async function scenario(ids: string[], name: string, run: () => Promise<{ rows: ResultRow[]; details: Section }>) {
  if (!wanted(ids)) return;
  log(`${name} …`);
  try {
    const r = await run();
    rows.push(...r.rows);
    details.push(r.details);
  } catch (e) {
    console.error(e);
    for (const id of ids) rows.push({ id, scenario: name, ours: undefined, unit: 'ms', baselines: [], target: '', pass: false, note: `failed: ${(e as Error).message.split('\n')[0]}` });
  }
}

log(`temporary files in ${tmp}`);
// 100,000 orders for scenario 10, seeded by the server's own CLI while everything else gets built
// and while the scenarios that count bytes (not time) run.
const seeding = !wanted(['10']) ? Promise.resolve(undefined) : runTsx(projectRoot, 'server/seed-cli.ts', ['--orders', '100000'], { DATA_DIR: dirs.orders }).then(
  () => log('100,000 orders seeded'),
  (e: unknown) => e as Error,
);
// The browser scenarios need the bench pages, the built app and Chromium; the server ones do not.
const seeded = async () => {
  const r = await seeding;
  if (r instanceof Error) throw r;
};
let header = machine('not started');
if (wanted(['1', '2', '3', '4', '5', '6', '7', '8', '11', '12', '13'])) {
  log('building the bench pages and the app …');
  await build({ configFile: join(import.meta.dirname, 'vite.bench.config.ts'), build: { outDir: dirs.pages }, logLevel: 'warn' });
  await build({ configFile: join(projectRoot, 'vite.config.ts'), root: projectRoot, build: { outDir: dirs.app, emptyOutDir: true }, logLevel: 'warn' });

  const pages = await serveDir(dirs.pages);
  const app = await startAppServer(dirs.app);
  const browser = await launch();
  header = machine(browser.version());
  const signedIn = await signedInContext(browser, app.baseUrl);
  log(`bench pages ${pages.url}, app ${app.baseUrl}`);

  await scenario(['5', '6'], 'Scenarios 5–6: JavaScript of the built app', () => bundleScenarios(browser, signedIn, app.baseUrl, dirs.app, pages.url, projectRoot, log));
  await seeding;
  await scenario(['1', '2', '3'], 'Scenarios 1–3: 10,000-row list', () => listScenarios(browser, pages.url, log));
  await scenario(['4'], 'Scenario 4: 300-field form', () => formScenario(browser, pages.url, log));
  await scenario(['7', '8'], 'Scenarios 7–8: tabs in the real app', () => tabScenarios(signedIn, app.baseUrl, log));
  await scenario(['11'], 'Scenario 11: workflow', () => workflowScenario(projectRoot, browser, dirs.app, log));
  await scenario(['12'], 'Scenario 12: big documents', () => documentScenario(browser, dirs.app, log));
  await scenario(['13'], 'Scenario 13: sourcing', () => sourcingScenario(browser, dirs.app, log));
  await browser.close();
  await app.close();
  await pages.close();
}
await scenario(['9'], 'Scenario 9: schema check', () => schemaScenario(projectRoot, log));
await scenario(['10'], 'Scenario 10: server under load', async () => {
  await seeded();
  return serverScenario(projectRoot, dirs.orders, log);
});
await scenario(['14'], 'Scenario 14: spreadsheets and reports', () => spreadsheetScenario(projectRoot, log));
await scenario(['15'], 'Scenario 15: cost curve', () => scaleScenario(projectRoot, log));
rmSync(tmp, { recursive: true, force: true });

rows.sort((a, b) => Number(a.id) - Number(b.id));
const failed = rows.filter((r) => r.pass === false);
const limits = [...new Set(failed.map((r) => r.id))].filter((id) => LIMITS[id]).map((id) => `- **${id}**: ${LIMITS[id]}`);
const md = [
  '# Benchmarks',
  '',
  `Generated by \`npm run bench\` (scripts/bench/run.ts) on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC in ${elapsed()}; do not edit by hand.`,
  '',
  `Machine: ${header}.`,
  '',
  'Ours and every baseline are measured in the same run, on the same generated data, interleaved run by run, so ratios hold on a noisy machine. ' +
    'Times come from the pages themselves (performance marks; "painted" = the frame after the change, via requestAnimationFrame + a posted message) and from the Chrome DevTools Protocol ' +
    '(Performance.getMetrics for script time, HeapProfiler/Runtime for the heap); frame times are requestAnimationFrame deltas, long tasks come from PerformanceObserver. ' +
    'p95 interpolates between ranks. Rows marked *info* have no target of their own.',
  '',
  table(rows),
  '',
  ...(limits.length ? ['## What limits the misses', '', ...limits, ''] : []),
  ...details.flatMap((d) => [`## ${d.title}`, '', ...d.lines, '']),
].join('\n');
if (only) console.log(`\n${table(rows)}\n\n${details.flatMap((d) => [`## ${d.title}`, ...d.lines]).join("\n")}`);
else writeFileSync(join(projectRoot, 'BENCHMARKS.md'), md);
log(`${only ? "printed (BENCHMARKS.md left as it was)" : "BENCHMARKS.md written"}: ${rows.filter((r) => r.pass).length} pass, ${failed.length} fail, ${rows.filter((r) => r.pass === undefined).length} info`);
process.exit(0);
