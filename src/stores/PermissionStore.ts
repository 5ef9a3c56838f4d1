import { makeAutoObservable, runInAction } from 'mobx';
import { PERMISSION_DEFER_MS } from '../config/constants.ts';

type Status = 'allowed' | 'denied';

const normalise = (code: string) => code.replace(/^\//, '').replace(/\//g, '.').replace(/:/g, '-');

/** A failed lookup is tried again this many times (backing off) before its codes count as denied. */
const RETRIES = 4;

/**
 * §4 permission checks: results cached per code; unknown codes queued and sent as one batched
 * call ~500 ms after the last request; an empty list is allowed; with several codes any approval allows.
 * A lookup that fails (a timeout on a busy network) is not an answer: caching it as "denied" hid the
 * page's buttons until a reload, so its codes are asked again. An answer that arrives after a role
 * switch cleared the cache belongs to the old role and is dropped.
 */
export class PermissionStore {
  cache = new Map<string, Status>();
  private queue = new Set<string>();
  private waiters: Array<() => void> = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private generation = 0;
  private failures = 0;

  constructor(
    private readonly lookup: (codes: string[]) => Promise<Array<{ code: string; approve: boolean }>>,
    private readonly delay = PERMISSION_DEFER_MS,
  ) {
    makeAutoObservable<PermissionStore, 'queue' | 'waiters' | 'timer' | 'lookup' | 'generation' | 'failures'>(this, { queue: false, waiters: false, timer: false, lookup: false, generation: false, failures: false }, { autoBind: true });
  }

  /** Synchronous view for observers: true/false once known, undefined while pending (and a lookup is queued). */
  status(codes: string[] | undefined): boolean | undefined {
    const list = (codes ?? []).map(normalise);
    if (list.length === 0) return true;
    if (list.some((c) => this.cache.get(c) === 'allowed')) return true;
    const unknown = list.filter((c) => !this.cache.has(c));
    if (unknown.length === 0) return false;
    this.enqueue(unknown);
    return undefined;
  }

  /** Resolves once every code is known. */
  async check(codes: string[] | undefined): Promise<boolean> {
    const first = this.status(codes);
    if (first !== undefined) return first;
    await new Promise<void>((resolve) => this.waiters.push(resolve));
    return this.status(codes) ?? false;
  }

  private enqueue(codes: string[], wait = this.delay) {
    for (const c of codes) this.queue.add(c);
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.flush(), wait);
  }

  private async flush() {
    this.timer = undefined;
    const codes = [...this.queue];
    this.queue.clear();
    if (codes.length === 0) return;
    const generation = this.generation;
    let result: Array<{ code: string; approve: boolean }> | undefined;
    try {
      result = await this.lookup(codes);
    } catch {
      result = undefined;
    }
    if (generation !== this.generation) return;
    if (!result && this.failures < RETRIES) {
      this.failures += 1;
      this.enqueue(codes, this.delay * 2 ** this.failures);
      return;
    }
    this.failures = 0;
    const answered = result ?? [];
    runInAction(() => {
      const approved = new Map(answered.map((r) => [normalise(r.code), r.approve]));
      for (const c of codes) this.cache.set(c, approved.get(c) ? 'allowed' : 'denied');
    });
    const waiters = this.waiters.splice(0);
    for (const w of waiters) w();
  }

  /** A role or tenant switch changes what is allowed. */
  clear(): void {
    this.generation += 1;
    this.failures = 0;
    this.cache.clear();
  }
}
