import { join } from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { readManifest } from '../../../renderer/schema-files/screen-files.ts';
import { openWorkplace } from '../lib/app-server.ts';
import { VIEWPORT } from '../lib/browser.ts';
import { builtFile, kb, noCache, recordScripts, type Script } from '../lib/js-sizes.ts';
import { beforeMark, scriptsSince } from '../lib/page-scripts.ts';
import { FIRST_SCREEN_MARK } from '../../../src/routes/first-screen-mark.ts';
import type { ResultRow, Section } from '../lib/report.ts';
import { max, median, sum } from '../lib/stats.ts';

/**
 * Scenarios 5 and 6: JavaScript the real built app loads, recorded as Chromium receives it
 * (HTTP cache off) and gzip-sized. 5: everything up to the first signed-in screen (/workplace).
 * 6: what each schema route of the manifest adds to that: the chunks Chromium's resource timing
 * lists for the route that /workplace did not load, sized from the built files (the bodies the
 * server sends).
 */
const RUNS = process.env.BENCH_QUICK === '1' ? 2 : 5;
const total = (xs: Script[]) => kb(sum(xs.map((s) => s.gzip)));
/** Scenario 6 stops starting new routes after this long, so the whole run stays within 15 minutes. */
const ROUTE_BUDGET_MS = Number(process.env.BENCH_ROUTE_BUDGET_MS ?? 90_000);

/**
 * Routes in an order that reaches every module and page kind early (round robin over
 * module × kind), so a run that stops at its time budget has still seen every kind of screen.
 */
function spread(entries: Array<{ file: string; kind: string; routes: string[] }>): string[] {
  const groups = new Map<string, string[]>();
  for (const e of entries) {
    const key = `${e.file.split('/')[0]}:${e.kind}`;
    groups.set(key, [...(groups.get(key) ?? []), ...e.routes]);
  }
  const out: string[] = [];
  for (let i = 0; out.length < entries.flatMap((e) => e.routes).length; i++) for (const g of groups.values()) if (g[i]) out.push(g[i]!);
  return out;
}

/** A concrete path for a route pattern: parameters get the id of a seeded record (1). */
export const concrete = (route: string) => route.replace(/:[A-Za-z]+/g, '1');

/**
 * What shows that a route's screen is up: its schema page, an error panel or an exception page,
 * inside its tab (or anywhere for /pub/ pages, which have no tabs).
 */
export const shownIn = (path: string) => {
  const scope = path.startsWith('/pub/') ? '' : `[data-tab-page="${path}"] `;
  return ['[data-screen]', '[data-testid="schema-error"]', '.ant-result', '.ant-alert-error'].map((s) => scope + s).join(', ');
};

export async function bundleScenarios(browser: Browser, signedIn: BrowserContext, appUrl: string, uiDir: string, benchUrl: string, repoRoot: string, log: (s: string) => void): Promise<{ rows: ResultRow[]; details: Section }> {
  // 5: the first signed-in screen, and a bare React page for comparison.
  // "Before the first screen" = requested before the app's first-screen mark; what the app then
  // prefetches while idle (shared renderer code) is reported on its own row.
  const workplace: number[] = [];
  const prefetched: number[] = [];
  let files: Script[] = [];
  let everything: Script[] = [];
  // JSON assets (the route table, prompt keys) the workplace page fetched: a route opened later does not fetch them again.
  let workplaceAssets: string[] = [];
  for (let i = 0; i < RUNS; i++) {
    let rec: ReturnType<typeof recordScripts> | undefined;
    const page = await openWorkplace(signedIn, appUrl, async (p) => {
      await noCache(p);
      await p.addInitScript('performance.setResourceTimingBufferSize(10000)');
      rec = recordScripts(p);
    });
    workplaceAssets = (await page.evaluate(scriptsSince(0, 600))) as string[];
    const before = new Set(((await page.evaluate(beforeMark(FIRST_SCREEN_MARK))) as string[]).map((u) => new URL(u).pathname));
    everything = await rec!.since();
    files = everything.filter((f) => before.has(new URL(f.url).pathname));
    workplace.push(total(files));
    prefetched.push(total(everything) - total(files));
    await page.close();
  }
  const bare: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const context: BrowserContext = await browser.newContext({ viewport: VIEWPORT });
    const page = await context.newPage();
    await noCache(page);
    const rec = recordScripts(page);
    await page.goto(`${benchUrl}/bare-react.html`);
    await page.waitForLoadState('networkidle');
    bare.push(total(await rec.since()));
    await context.close();
  }
  log(`  /workplace JS ${median(workplace).toFixed(1)} KB gzip in ${files.length} files; bare React ${median(bare).toFixed(1)} KB`);

  // 6: every route of the manifest, each loaded directly in a fresh page: what it loads that
  // /workplace does not is what opening it from /workplace adds. Two pages work side by side
  // (this counts bytes, not time), within a time budget so a growing catalogue cannot stall the run.
  const routes = spread(readManifest(join(repoRoot, 'schemas')));
  const atWorkplace = new Set([...everything.map((f) => f.url), ...workplaceAssets].map((u) => new URL(u).pathname));
  const perRoute: Array<{ route: string; added: number; largest: Script | undefined; files: number; shown: boolean }> = [];
  const queue = [...routes];
  const deadline = performance.now() + ROUTE_BUDGET_MS;
  const worker = async () => {
    const page = await signedIn.newPage();
    await page.addInitScript('performance.setResourceTimingBufferSize(10000)');
    while (queue.length && performance.now() < deadline) {
      const route = queue.shift()!;
      const path = concrete(route);
      await page.goto(`${appUrl}${path}`, { waitUntil: 'domcontentloaded' });
      const shown = await page.waitForSelector(shownIn(path), { timeout: 10_000 }).then(
        () => true,
        () => false,
      );
      const urls = (await page.evaluate(scriptsSince(0, 200))) as string[];
      const added = urls.filter((u) => !atWorkplace.has(new URL(u).pathname)).map((u) => builtFile(uiDir, u));
      const largest = [...added].sort((a, b) => b.gzip - a.gzip)[0];
      perRoute.push({ route, added: total(added), largest, files: added.length, shown });
    }
    await page.close();
  };
  await Promise.all([worker(), worker()]);
  perRoute.sort((a, b) => routes.indexOf(a.route) - routes.indexOf(b.route));
  const notShown = perRoute.filter((r) => !r.shown).map((r) => r.route);
  const skipped = routes.length - perRoute.length;
  log(`  ${perRoute.length} of ${routes.length} routes: median +${median(perRoute.map((r) => r.added)).toFixed(1)} KB gzip${notShown.length ? `; screen not shown within 10 s (measured anyway): ${notShown.join(', ')}` : ''}`);
  const adds = perRoute.map((r) => r.added);

  const largestChunk = max(perRoute.map((r) => (r.largest ? kb(r.largest.gzip) : 0)));
  const biggest = [...perRoute].sort((a, b) => b.added - a.added)[0];

  const wp = median(workplace);
  const rows: ResultRow[] = [
    { id: '5', scenario: `JavaScript loaded before the first signed-in screen (/workplace), gzip (${files.length} files)`, ours: wp, unit: 'KB', baselines: [{ name: 'bare React page', value: median(bare) }], target: '≤ 300 KB', pass: wp <= 300 },
    { id: '6', scenario: 'Shared renderer code prefetched while idle after the first screen (page kinds, common widgets), gzip', ours: median(prefetched), unit: 'KB', baselines: [], target: '—', pass: undefined },
    { id: '6', scenario: `JavaScript and schema one route adds to an idle /workplace, gzip, median over ${perRoute.length} of ${routes.length} routes${skipped ? ` (time budget reached)` : ''}`, ours: median(adds), unit: 'KB', baselines: [], target: '≤ 8 KB', pass: median(adds) <= 8, note: `max ${biggest ? `${biggest.added.toFixed(1)} KB (${biggest.route})` : '—'}` },
    { id: '6', scenario: 'Largest single chunk a route loads, gzip', ours: largestChunk, unit: 'KB', baselines: [], target: '≤ 100 KB', pass: largestChunk <= 100 },
  ];
  const lines = [
    `- /workplace loads ${files.length} JavaScript files, ${wp.toFixed(1)} KB gzip (${kb(sum(files.map((f) => f.bytes))).toFixed(0)} KB as served): ${[...files]
      .sort((a, b) => b.gzip - a.gzip)
      .slice(0, Number(process.env.BENCH_LIST_FILES ?? 8))
      .map((f) => `${f.url.split('/').pop()} ${kb(f.gzip).toFixed(1)} KB`)
      .join(', ')}, …`,
    `- per route (KB gzip added, files): ${perRoute.map((r) => `${r.route} ${r.added.toFixed(1)} (${r.files})${r.shown ? '' : ' not shown'}`).join('; ')}`,
  ];
  return { rows, details: { title: 'Scenarios 5–6: JavaScript of the built app (gzip -6 of each body as served)', lines } };
}
