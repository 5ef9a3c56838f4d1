import type { BrowserContext, CDPSession, Page } from 'playwright-core';

/** A CDP session on `page` with the Performance domain on (cumulative main-thread timings). */
export async function perfSession(context: BrowserContext, page: Page): Promise<CDPSession> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable', { timeDomain: 'timeTicks' });
  return cdp;
}

/** `Performance.getMetrics` as a name → value map (durations in seconds, sizes in bytes). */
export async function metrics(cdp: CDPSession): Promise<Record<string, number>> {
  const { metrics: list } = await cdp.send('Performance.getMetrics');
  return Object.fromEntries(list.map((m) => [m.name, m.value]));
}

/** Main-thread work between two metric snapshots, in ms: script, style + layout, all tasks. */
export function work(a: Record<string, number>, b: Record<string, number>) {
  const d = (k: string) => ((b[k] ?? 0) - (a[k] ?? 0)) * 1000;
  return { script: d('ScriptDuration'), layout: d('LayoutDuration') + d('RecalcStyleDuration'), task: d('TaskDuration') };
}

/** JS heap in use after garbage collection (bytes): HeapProfiler.collectGarbage, then Runtime.getHeapUsage. */
export async function heapAfterGc(cdp: CDPSession): Promise<number> {
  for (let i = 0; i < 3; i++) await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  return usedSize;
}
