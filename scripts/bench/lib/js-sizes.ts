import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page, Response } from 'playwright-core';

export interface Script {
  url: string;
  bytes: number;
  /** gzip -6 (zlib's default, what servers commonly send) of the body as served. */
  gzip: number;
}

const isJs = (r: Response) => r.request().resourceType() === 'script' || /\.m?js(\?|$)/.test(new URL(r.url()).pathname) || (r.headers()['content-type'] ?? '').includes('javascript');

/**
 * Records every JavaScript response the page receives, sized from its body. Turn the HTTP
 * cache off first (`noCache`) so every chunk the page needs is actually fetched and seen.
 */
export function recordScripts(page: Page) {
  const seen: Script[] = [];
  const pending = new Set<Promise<void>>();
  page.on('response', (r) => {
    if (!isJs(r) || r.status() !== 200) return;
    const job = r.body().then(
      (body) => void seen.push({ url: r.url(), bytes: body.length, gzip: gzipSync(body).length }),
      () => undefined,
    );
    pending.add(job);
    void job.finally(() => pending.delete(job));
  });
  return {
    /** Waits for bodies still being read, then returns everything recorded after index `from`. */
    async since(from = 0): Promise<Script[]> {
      await Promise.all(pending);
      return seen.slice(from);
    },
    count: () => seen.length,
  };
}

export async function noCache(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
}

export const kb = (bytes: number) => bytes / 1024;

const built = new Map<string, Script>();

/** A file of the built UI by its URL, sized like a recorded response (cached: one gzip per file). */
export function builtFile(uiDir: string, url: string): Script {
  const path = new URL(url).pathname;
  let hit = built.get(path);
  if (!hit) {
    const body = readFileSync(join(uiDir, path));
    built.set(path, (hit = { url, bytes: body.length, gzip: gzipSync(body).length }));
  }
  return hit;
}
