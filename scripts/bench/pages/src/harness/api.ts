/**
 * What every bench page exposes as `window.__bench`; the runner (scripts/bench/scenarios/*)
 * drives the page through it with page.evaluate, and the page measures with its own clock.
 */
export interface ScrollResult {
  /** requestAnimationFrame deltas (ms) while the jumps ran. */
  frames: number[];
  /** Durations (ms) of long tasks (> 50 ms) seen by PerformanceObserver during the jumps. */
  longTasks: number[];
  /** Jumps made (fewer than asked when the time cap stopped a very slow page). */
  jumps: number;
}

/** What a click should make visible: one row checked, every row checked, or none. */
export type ClickTarget = { row: string } | 'all' | 'none';

export interface ListBench {
  /** The page is mounted, its table shell painted and its data request pending. */
  ready: Promise<void>;
  /** Hands over the 10,000 rows; resolves with data arrival → first rows painted (ms). */
  deliver(): Promise<number>;
  /** Scrolls the table from top to bottom in `jumps` steps, one per frame; stops early after `capMs`. */
  scroll(jumps: number, capMs?: number): Promise<ScrollResult>;
  /** Back to the top, untimed. */
  scrollHome(): Promise<void>;
  /** Starts listening for the next click (the runner then clicks through CDP). */
  armClick(what: ClickTarget): void;
  /** The armed click's timestamp → the frame showing its effect has been painted (ms). */
  clickResult(): Promise<number>;
}

export interface FormBench {
  /** Mounted, fields painted. */
  ready: Promise<void>;
  /** keydown timestamp → next paint (ms) for every key since the last call. */
  take(): number[];
  /** Resolves once every key pressed so far has been painted. */
  settled(): Promise<void>;
}

declare global {
  interface Window {
    __bench?: { list?: ListBench; form?: FormBench };
  }
}
