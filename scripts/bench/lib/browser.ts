import { existsSync } from 'node:fs';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The flags of tests/e2e/browser.ts: Debian's Chromium, headless, nothing running in the background. */
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
export const VIEWPORT = { width: 1440, height: 900 };

export async function launch(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: install it with "apt-get install -y chromium" (or set CHROMIUM_PATH)`);
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
}

/** A page that fails loudly on script errors, so a broken page is never measured as a fast one. */
export async function newPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error(`  page error on ${page.url()}: ${e.message}`));
  return page;
}

/** Runs `fn`, failing with a clear message if it takes longer than `ms`. */
export async function within<T>(ms: number, what: string, fn: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([fn(), new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: over ${ms / 1000} s`)), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}
