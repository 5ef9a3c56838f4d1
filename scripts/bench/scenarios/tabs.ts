import type { BrowserContext, Page } from 'playwright-core';
import { openWorkplace } from '../lib/app-server.ts';
import { heapAfterGc, metrics } from '../lib/cdp.ts';
import { noCache } from '../lib/js-sizes.ts';
import { openScript } from '../lib/page-scripts.ts';
import type { ResultRow, Section } from '../lib/report.ts';
import { max, median, p95 } from '../lib/stats.ts';
import { shownIn } from './bundle.ts';

/**
 * Scenarios 7 and 8 on the real app and server: opening the user list as a new tab until its
 * first row is painted, and the JS heap with 30 tabs open and after closing them all.
 */
const quick = process.env.BENCH_QUICK === '1';
const OPEN_RUNS = quick ? 3 : 7;
/** The first cycle and at least one more; the later ones are the runs of the steady-state row. */
const HEAP_CYCLES = quick ? 2 : 5;
/** Opening tabs gets slower with every tab open (see BENCHMARKS.md), so runs are time-boxed. */
const HEAP_RUN_CAP_MS = 90_000;
const HEAP_BUDGET_MS = 150_000;
const LIST = '/hiam/user';
const firstRow = (path: string) => `[data-tab-page="${path}"] [role="row"][data-row-key]`;
const MB = 1024 * 1024;

/**
 * 30 tabs of real schema screens. A detail opens in the list's tab when that is open (the
 * shell's tab rule), so the 28 user details come first, then the create form and the list.
 */
export const THIRTY = [...Array.from({ length: 28 }, (_, i) => `/hiam/user/detail/${i + 1}`), '/hiam/user/create', LIST];

async function closeActiveTab(page: Page): Promise<void> {
  const before = await page.locator('.ant-tabs-tab').count();
  await page.click('.ant-tabs-tab-active .ant-tabs-tab-remove');
  await page.waitForFunction((n) => document.querySelectorAll('.ant-tabs-tab').length < n, before);
}

const open = (page: Page, path: string, selector = shownIn(path)) => page.evaluate(openScript(path, selector)) as Promise<number>;

export async function tabScenarios(signedIn: BrowserContext, appUrl: string, log: (s: string) => void): Promise<{ rows: ResultRow[]; details: Section }> {
  // 7: first open in a session (HTTP cache off: every chunk comes from the local server), and
  // opening it again after closing it (chunks already loaded).
  const cold: number[] = [];
  const reopen: number[] = [];
  for (let i = 0; i < OPEN_RUNS; i++) {
    const page = await openWorkplace(signedIn, appUrl, noCache);
    cold.push(await open(page, LIST, firstRow(LIST)));
    await page.waitForLoadState('networkidle');
    await closeActiveTab(page);
    await page.waitForLoadState('networkidle');
    reopen.push(await open(page, LIST, firstRow(LIST)));
    await page.close();
    log(`  open ${LIST}: first ${cold.at(-1)!.toFixed(0)} ms, again ${reopen.at(-1)!.toFixed(0)} ms`);
  }

  // 8: one page opens 30 tabs and closes them all, cycle after cycle; the heap is read after
  // garbage collection before the first cycle, with the tabs open and after each close. The first
  // cycle also compiles hot code and fills first-use caches (kept on purpose), so it is reported
  // on its own; what closing fails to give back shows in every later cycle.
  const runs: Array<{ before: number; open: number; closed: number; domOpen: number; domClosed: number; tabs: number }> = [];
  const page = await openWorkplace(signedIn, appUrl);
  const cdp = await signedIn.newCDPSession(page);
  await cdp.send('Performance.enable');
  // Warm-up: each kind of screen opened and closed once, so the code, entity declarations, texts
  // and value sets loaded on first use are not taken for what closing leaks.
  for (const path of [THIRTY[0]!, '/hiam/user/create', LIST]) {
    await open(page, path);
    await page.waitForLoadState('networkidle');
    await closeActiveTab(page);
  }
  let before = await heapAfterGc(cdp);
  const budgetEnd = performance.now() + HEAP_BUDGET_MS;
  for (let i = 0; i < HEAP_CYCLES && (i < 2 || performance.now() < budgetEnd); i++) {
    const capEnd = performance.now() + HEAP_RUN_CAP_MS;
    let tabs = 0;
    for (const path of THIRTY) {
      if (performance.now() > capEnd) break;
      await open(page, path);
      tabs += 1;
    }
    await page.waitForLoadState('networkidle');
    const openHeap = await heapAfterGc(cdp);
    const domOpen = (await metrics(cdp)).Nodes ?? 0;
    while ((await page.locator('.ant-tabs-tab-remove').count()) > 0) await closeActiveTab(page);
    await page.waitForLoadState('networkidle');
    const closed = await heapAfterGc(cdp);
    const domClosed = (await metrics(cdp)).Nodes ?? 0;
    runs.push({ before, open: openHeap, closed, domOpen, domClosed, tabs });
    log(`  cycle ${i + 1}, ${tabs} tabs: heap ${(before / MB).toFixed(1)} → ${(openHeap / MB).toFixed(1)} → ${(closed / MB).toFixed(1)} MB`);
    before = closed;
  }
  await page.close();
  const openMb = median(runs.map((r) => r.open / MB));
  const growth = (r: (typeof runs)[number]) => ((r.closed - r.before) / r.before) * 100;
  const later = runs.slice(1).map(growth);
  const overall = ((runs.at(-1)!.closed - runs[0]!.before) / runs[0]!.before) * 100;
  const rows: ResultRow[] = [
    { id: '7', scenario: `Open the user list as a new tab until its first row is painted, first open in the session (HTTP cache off), p95 of ${cold.length}`, ours: p95(cold), unit: 'ms', baselines: [], target: '≤ 250 ms', pass: p95(cold) <= 250, note: `median ${median(cold).toFixed(0)} ms` },
    { id: '7', scenario: `Same, opened again after closing it, p95 of ${reopen.length}`, ours: p95(reopen), unit: 'ms', baselines: [], target: '(≤ 250 ms)', pass: undefined, note: `median ${median(reopen).toFixed(0)} ms` },
    { id: '8', scenario: `${Math.min(...runs.map((r) => r.tabs))} tabs open (user details, create, list): JS heap in use after GC, median of ${runs.length} cycles`, ours: openMb, unit: 'MB', baselines: [], target: '≤ 300 MB', pass: openMb <= 300, note: `max ${max(runs.map((r) => r.open / MB)).toFixed(1)} MB` },
    { id: '8', scenario: 'All closed, first cycle: heap after closing vs before opening (after a warm-up open and close of each screen kind; includes code compiled and caches filled on first use)', ours: growth(runs[0]!), unit: '%', baselines: [], target: '≤ +10 %', pass: growth(runs[0]!) <= 10 },
    { id: '8', scenario: `All closed, later cycles: heap after closing vs before that cycle's opening, worst of ${later.length}`, ours: max(later), unit: '%', baselines: [], target: '≤ +10 %', pass: max(later) <= 10, note: `all ${runs.length} cycles together: ${overall >= 0 ? '+' : ''}${overall.toFixed(1)} % over the start` },
  ];
  const lines = [
    `- open ${LIST}: first open ${cold.map((v) => v.toFixed(0)).join(', ')} ms; again ${reopen.map((v) => v.toFixed(0)).join(', ')} ms`,
    ...runs.map((r, i) => `- heap cycle ${i + 1} (${r.tabs} tabs): before ${(r.before / MB).toFixed(1)} MB, 30 tabs ${(r.open / MB).toFixed(1)} MB (${r.domOpen} DOM nodes), closed ${(r.closed / MB).toFixed(1)} MB (${r.domClosed} DOM nodes)`),
  ];
  return { rows, details: { title: 'Scenarios 7–8: tabs in the real app (raw numbers)', lines } };
}
