import type { Browser } from 'playwright-core';
import '../pages/src/harness/api.ts';
import { newPage, VIEWPORT, within } from '../lib/browser.ts';
import { metrics, perfSession, work } from '../lib/cdp.ts';
import type { ResultRow, Section } from '../lib/report.ts';
import { max, median, p95 } from '../lib/stats.ts';

/**
 * Scenarios 1–3 on the 10,000 × 20 list: arrival → painted, 60-jump scroll, select a row / all.
 * Every page is loaded fresh for each run; runs of the pages are interleaved so a noisy moment
 * on the machine hits all of them alike.
 */
interface PageSpec {
  name: string;
  page: string;
  runs: number;
  /** Runs (from the first) that also scroll and click; later runs only time the paint. */
  fullRuns: number;
  scrollCapMs: number;
  rowBox: (key: string) => string;
  allBox: string;
  timeoutMs: number;
  clickCapMs: number;
}

const JUMPS = 60;
const quick = process.env.BENCH_QUICK === '1';

const PAGES: PageSpec[] = [
  { name: 'ours', page: 'list-ours', runs: quick ? 3 : 7, fullRuns: 99, scrollCapMs: 30_000, rowBox: (k) => `.dt [data-row-key="${k}"] input[type="checkbox"]`, allBox: '.dt [aria-label="select all"]', timeoutMs: 60_000, clickCapMs: 30_000 },
  { name: 'TanStack+virtual', page: 'list-tanstack', runs: quick ? 3 : 7, fullRuns: 99, scrollCapMs: 30_000, rowBox: (k) => `.tt-row[data-row-key="${k}"] input[type="checkbox"]`, allBox: '.tt-head input[type="checkbox"]', timeoutMs: 60_000, clickCapMs: 30_000 },
  { name: 'antd virtual', page: 'list-antd-virtual', runs: quick ? 2 : 5, fullRuns: 99, scrollCapMs: 30_000, rowBox: (k) => `.ant-table-row[data-row-key="${k}"] input[type="checkbox"]`, allBox: '.ant-table-thead input[type="checkbox"]', timeoutMs: 60_000, clickCapMs: 30_000 },
  // 20–40 s to paint and over 1 s a frame: one load, not five, which scrolls for at most 10 s and
  // clicks (each given at most 30 s) — enough to show the order of magnitude.
  { name: 'antd plain', page: 'list-antd-plain', runs: 1, fullRuns: 1, scrollCapMs: 10_000, rowBox: (k) => `tr.ant-table-row[data-row-key="${k}"] input[type="checkbox"]`, allBox: '.ant-table-thead input[type="checkbox"]', timeoutMs: 180_000, clickCapMs: 30_000 },
];

interface Run {
  paint: number;
  script: number;
  layout: number;
  frames: number[];
  longTasks: number[];
  jumps: number;
  clickRow?: number;
  clickAll?: number;
  /** Steps stopped by their time cap. */
  capped?: string[];
}

async function runOnce(browser: Browser, base: string, spec: PageSpec, full: boolean): Promise<Run> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const page = await newPage(context);
    const cdp = await perfSession(context, page);
    await page.goto(`${base}/${spec.page}.html`);
    await page.evaluate(() => window.__bench!.list!.ready);
    const m0 = await metrics(cdp);
    const paint = await within(spec.timeoutMs, `${spec.name} paint`, () => page.evaluate(() => window.__bench!.list!.deliver()));
    const w = work(m0, await metrics(cdp));
    const run: Run = { paint, script: w.script, layout: w.layout, frames: [], longTasks: [], jumps: 0 };
    if (!full) return run;
    const scroll = await within(spec.scrollCapMs + spec.timeoutMs, `${spec.name} scroll`, () => page.evaluate(([j, cap]) => window.__bench!.list!.scroll(j, cap), [JUMPS, spec.scrollCapMs] as const));
    Object.assign(run, { frames: scroll.frames, longTasks: scroll.longTasks, jumps: scroll.jumps });
    await within(spec.timeoutMs, `${spec.name} scroll home`, () => page.evaluate(() => window.__bench!.list!.scrollHome()));
    for (const what of ['row', 'all'] as const) {
      try {
        await page.evaluate((w) => window.__bench!.list!.armClick(w === 'row' ? { row: '4' } : 'all'), what);
        await page.click(what === 'row' ? spec.rowBox('4') : spec.allBox, { timeout: spec.clickCapMs });
        const ms = await within(spec.clickCapMs, `${spec.name} select ${what}`, () => page.evaluate(() => window.__bench!.list!.clickResult()));
        if (what === 'row') run.clickRow = ms;
        else run.clickAll = ms;
      } catch (e) {
        // A page that has not painted the selection within the cap is reported without a value.
        run.capped = [...(run.capped ?? []), `select ${what} > ${spec.clickCapMs / 1000} s`];
        console.error(`  ${spec.name}: ${(e as Error).message.split('\n')[0]}`);
        break;
      }
    }
    return run;
  } finally {
    await context.close();
  }
}

export async function listScenarios(browser: Browser, base: string, log: (s: string) => void): Promise<{ rows: ResultRow[]; details: Section }> {
  const runs = new Map<string, Run[]>(PAGES.map((p) => [p.name, []]));
  const most = Math.max(...PAGES.map((p) => p.runs));
  for (let i = 0; i < most; i++) {
    for (const spec of PAGES) {
      if (i >= spec.runs) continue;
      const r = await runOnce(browser, base, spec, i < spec.fullRuns);
      runs.get(spec.name)!.push(r);
      log(`  list ${spec.name} run ${i + 1}: paint ${r.paint.toFixed(0)} ms${r.jumps ? `, scroll p95 frame ${p95(r.frames).toFixed(0)} ms, ${r.longTasks.length} long tasks` : ''}${r.clickRow !== undefined ? `, row ${r.clickRow.toFixed(0)} ms` : ''}${r.clickAll !== undefined ? `, all ${r.clickAll.toFixed(0)} ms` : ''}${r.capped ? `, capped: ${r.capped.join(', ')}` : ''}`);
    }
  }

  const all = (name: string, f: (r: Run) => number | undefined) => runs.get(name)!.map(f).filter((v): v is number => v !== undefined);
  const frames = (name: string) => runs.get(name)!.flatMap((r) => r.frames);
  const longTaskCounts = (name: string) => runs.get(name)!.filter((r) => r.jumps > 0).map((r) => r.longTasks.length);
  const n = (name: string) => runs.get(name)!.length;
  const others = PAGES.filter((p) => p.name !== 'ours').map((p) => p.name);
  const bases = (f: (name: string) => number, note?: (name: string) => string | undefined) => others.map((name) => ({ name, value: f(name), note: note?.(name) }));
  const plainCapped = runs.get('antd plain')!.flatMap((r) => r.capped ?? []);
  const plainNote = (name: string) => (name === 'antd plain' ? `${n(name)} run${n(name) > 1 ? 's' : ''}${plainCapped.length ? `; ${plainCapped.join(', ')}` : ''}` : undefined);

  const paintMed = median(all('ours', (r) => r.paint));
  const tanMed = median(all('TanStack+virtual', (r) => r.paint));
  const paintP95 = p95(all('ours', (r) => r.paint));
  const frameP95 = p95(frames('ours'));
  const ltMedian = median(longTaskCounts('ours'));
  const rowP95 = p95(all('ours', (r) => r.clickRow));
  const allP95 = p95(all('ours', (r) => r.clickAll));
  const plainJumps = runs.get('antd plain')!.find((r) => r.jumps > 0)?.jumps;

  const rows: ResultRow[] = [
    { id: '1', scenario: `List 10,000 rows × 20 columns from a schema: data arrival → rows painted, median of ${n('ours')} runs`, ours: paintMed, unit: 'ms', baselines: bases((b) => median(all(b, (r) => r.paint)), plainNote), target: '≤ 120 ms; ≤ 1.1× TanStack+virtual', pass: paintMed <= 120 && paintMed <= 1.1 * tanMed },
    { id: '1', scenario: 'List 10,000 × 20: data arrival → rows painted, p95', ours: paintP95, unit: 'ms', baselines: bases((b) => p95(all(b, (r) => r.paint)), plainNote), target: '≤ 200 ms', pass: paintP95 <= 200 },
    {
      id: '2',
      scenario: `Scroll top → bottom in ${JUMPS} jumps: frame time p95 (all frames of all runs)`,
      ours: frameP95,
      unit: 'ms',
      baselines: bases((b) => p95(frames(b)), (b) => (b === 'antd plain' && plainJumps !== undefined && plainJumps < JUMPS ? `${plainJumps} jumps in 10 s, then stopped` : undefined)),
      target: '≤ 33 ms',
      pass: frameP95 <= 33,
    },
    { id: '2', scenario: `Scroll ${JUMPS} jumps: long tasks (> 50 ms) per scroll, median of runs`, ours: ltMedian, unit: 'tasks', baselines: bases((b) => median(longTaskCounts(b))), target: '≤ 2', pass: ltMedian <= 2, note: `max ${max(longTaskCounts('ours'))} in one run` },
    { id: '3', scenario: `Select a row: click → painted, p95 of ${n('ours')}`, ours: rowP95, unit: 'ms', baselines: bases((b) => p95(all(b, (r) => r.clickRow)), plainNote), target: '≤ 100 ms', pass: rowP95 <= 100 },
    { id: '3', scenario: `Select all 10,000 rows: click → painted, p95 of ${n('ours')}`, ours: allP95, unit: 'ms', baselines: bases((b) => p95(all(b, (r) => r.clickAll)), plainNote), target: '≤ 100 ms', pass: allP95 <= 100 },
  ];

  const lines = PAGES.map((p) => {
    const rs = runs.get(p.name)!;
    const fr = frames(p.name);
    const capped = rs.flatMap((r) => r.capped ?? []);
    return `- **${p.name}** (${rs.length} loads${capped.length ? `; stopped by time caps: ${capped.join(', ')}` : ''}): paint ${rs.map((r) => r.paint.toFixed(0)).join(', ')} ms; main-thread work from arrival to paint (CDP Performance.getMetrics) median script ${median(rs.map((r) => r.script)).toFixed(0)} ms, style+layout ${median(rs.map((r) => r.layout)).toFixed(0)} ms; scroll frames: ${fr.length} (median ${median(fr).toFixed(0)} ms, p95 ${p95(fr).toFixed(0)} ms, max ${max(fr).toFixed(0)} ms), long tasks per scroll ${longTaskCounts(p.name).join(', ') || '—'}; select row ${all(p.name, (r) => r.clickRow).map((v) => v.toFixed(0)).join(', ') || '—'} ms; select all ${all(p.name, (r) => r.clickAll).map((v) => v.toFixed(0)).join(', ') || '—'} ms`;
  });
  return { rows, details: { title: 'Scenarios 1–3: the 10,000-row list (raw numbers)', lines } };
}
