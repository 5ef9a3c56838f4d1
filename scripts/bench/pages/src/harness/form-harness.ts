import type { FormBench } from './api.ts';
import { afterPaint, measure } from './paint.ts';

/**
 * Installs `window.__bench.form`: every keydown (captured before the page's handlers) is timed to
 * the paint of the frame after it, the latency a person feels. Same code for every form page.
 */
export function installFormHarness(mounted: Promise<void>): void {
  const samples: number[] = [];
  let last: Promise<unknown> = Promise.resolve();
  document.addEventListener(
    'keydown',
    (e) => {
      const at = e.timeStamp;
      last = afterPaint().then((t) => samples.push(measure('bench:key→paint', at, t)));
    },
    { capture: true },
  );
  const api: FormBench = {
    ready: mounted.then(() => afterPaint()).then(() => undefined),
    take: () => samples.splice(0),
    settled: () => last.then(() => afterPaint()).then(() => undefined),
  };
  window.__bench = { ...window.__bench, form: api };
}
