import { makeAutoObservable, runInAction } from 'mobx';
import { PERMISSION_DEFER_MS } from '../config/constants.ts';

type Status = 'allowed' | 'denied';

const normalise = (code: string) => code.replace(/^\//, '').replace(/\//g, '.').replace(/:/g, '-');

/**
 * §4 permission checks: results cached per code; unknown codes queued and sent as one batched
 * call ~500 ms after the last request; an empty list is allowed; with several codes any approval allows.
 */
export class PermissionStore {
  cache = new Map<string, Status>();
  private queue = new Set<string>();
  private waiters: Array<() => void> = [];
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly lookup: (codes: string[]) => Promise<Array<{ code: string; approve: boolean }>>,
    private readonly delay = PERMISSION_DEFER_MS,
  ) {
    makeAutoObservable<PermissionStore, 'queue' | 'waiters' | 'timer' | 'lookup'>(this, { queue: false, waiters: false, timer: false, lookup: false }, { autoBind: true });
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

  private enqueue(codes: string[]) {
    for (const c of codes) this.queue.add(c);
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.flush(), this.delay);
  }

  private async flush() {
    this.timer = undefined;
    const codes = [...this.queue];
    this.queue.clear();
    if (codes.length === 0) return;
    let result: Array<{ code: string; approve: boolean }> = [];
    try {
      result = await this.lookup(codes);
    } catch {
      result = [];
    }
    runInAction(() => {
      const approved = new Map(result.map((r) => [normalise(r.code), r.approve]));
      for (const c of codes) this.cache.set(c, approved.get(c) ? 'allowed' : 'denied');
    });
    const waiters = this.waiters.splice(0);
    for (const w of waiters) w();
  }

  /** A role or tenant switch changes what is allowed. */
  clear(): void {
    this.cache.clear();
  }
}
