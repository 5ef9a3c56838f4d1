import type { ClickTarget, ListBench, ScrollResult } from './api.ts';
import { afterPaint, measure, when } from './paint.ts';

export interface ListPageHooks {
  /** A painted data row; its `data-row-key` is the row id. */
  rowSelector: string;
  /** The element that scrolls the rows. */
  scrollSelector: string;
  /** Resolves when the page shell is mounted and waiting for its rows. */
  mounted: Promise<void>;
  /** Hands the (already generated) rows to the page: the moment they "arrive". */
  release(): void;
}

/**
 * "Rows painted" means a screenful: the 560 px viewport holds 14 rows of 40 px. A page that first
 * paints a few rows and fills the rest a frame later is timed to the full screen.
 */
const SCREENFUL = 14;

const checkbox = (row: Element) => row.querySelector<HTMLInputElement>('input[type="checkbox"]');

/** Installs `window.__bench.list` with the same measuring code for every list page, ours or baseline. */
export function installListHarness(h: ListPageHooks): void {
  const rows = (limit: number) => Array.from(document.querySelectorAll(h.rowSelector)).slice(0, limit);
  let pending: Promise<number> | undefined;
  const shown = (what: ClickTarget) => {
    if (what === 'all') return rows(20).every((r) => checkbox(r)?.checked);
    if (what === 'none') return rows(20).every((r) => !checkbox(r)?.checked);
    const row = document.querySelector(`${h.rowSelector}[data-row-key="${what.row}"]`);
    return !!row && !!checkbox(row)?.checked;
  };

  const api: ListBench = {
    ready: h.mounted.then(() => afterPaint()).then(() => undefined),

    async deliver() {
      const start = performance.now();
      h.release();
      await when(() => document.querySelectorAll(h.rowSelector).length >= SCREENFUL, 180_000);
      return measure('bench:arrival→painted', start, await afterPaint());
    },

    async scroll(jumps, capMs = Infinity): Promise<ScrollResult> {
      const el = document.querySelector<HTMLElement>(h.scrollSelector);
      if (!el) throw new Error(`no scroll element ${h.scrollSelector}`);
      const max = el.scrollHeight - el.clientHeight;
      const frames: number[] = [];
      const longTasks: number[] = [];
      const po = new PerformanceObserver((l) => l.getEntries().forEach((e) => longTasks.push(e.duration)));
      po.observe({ type: 'longtask' });
      await afterPaint();
      const start = performance.now();
      let i = 0;
      await new Promise<void>((resolve) => {
        // Two frames after the last jump, so the rendering it caused is counted too.
        let tail = 2;
        let last: number | undefined;
        const step = (ts: number) => {
          if (last !== undefined) frames.push(ts - last);
          last = ts;
          if (i < jumps && performance.now() - start < capMs) {
            i += 1;
            el.scrollTop = Math.round((max * i) / jumps);
          } else if (tail-- <= 0) return resolve();
          requestAnimationFrame(step);
        };
        requestAnimationFrame(step);
      });
      await afterPaint();
      po.takeRecords().forEach((e) => longTasks.push(e.duration));
      po.disconnect();
      measure('bench:scroll', start, performance.now());
      return { frames, longTasks, jumps: i };
    },

    async scrollHome() {
      const el = document.querySelector<HTMLElement>(h.scrollSelector);
      if (el) el.scrollTop = 0;
      await afterPaint();
      await afterPaint();
    },

    armClick(what) {
      // The capture listener runs before the page's own handlers, so the wait for the change
      // starts before it can happen and no painted frame is missed.
      pending = new Promise<number>((resolve, reject) => {
        window.addEventListener(
          'click',
          (e) => {
            const at = e.timeStamp;
            when(() => shown(what), 180_000)
              .then(() => afterPaint())
              .then((t) => resolve(measure('bench:click→painted', at, t)), reject);
          },
          { capture: true, once: true },
        );
      });
    },

    clickResult() {
      if (!pending) return Promise.reject(new Error('armClick() first'));
      return pending;
    },
  };
  window.__bench = { ...window.__bench, list: api };
}
