import type { RendererServices } from '../contracts/services.ts';
import { platformUrl } from './platform-url.ts';

export interface LovOption {
  value: string;
  meaning: string;
  parentValue?: string | null;
}

const caches = new WeakMap<RendererServices, Map<string, Promise<LovOption[]>>>();

/** Value-set values, fetched once per code and language for the whole app session. */
export function lovOptions(s: RendererServices, lovCode: string): Promise<LovOption[]> {
  let cache = caches.get(s);
  if (!cache) caches.set(s, (cache = new Map()));
  const key = `${s.language}:${lovCode}`;
  let hit = cache.get(key);
  if (!hit) {
    hit = s.request<LovOption[]>(platformUrl(s, 'lovValues'), { query: { lovCode } }).catch((e) => {
      cache!.delete(key);
      throw e;
    });
    cache.set(key, hit);
  }
  return hit;
}

/** Forget cached values (after an administrator edits a value set). */
export function clearLovCache(s: RendererServices): void {
  caches.delete(s);
}
