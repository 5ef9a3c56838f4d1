import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { freshDatabase } from '../server/pg-database.ts';
import { seedImage } from '../server/seed-image.ts';
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, type Page } from 'playwright-core';
import { createServer, DEFAULT_DEMO_PASSWORD } from '../../server/start-server.ts';
import { projectRoot } from '../../server/paths.ts';
import type { ServerContext } from '../../server/context.ts';
import type { FastifyInstance } from 'fastify';
import { REDUCE_MOTION_KEY } from '../../src/stores/reduced-motion.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface E2E {
  baseUrl: string;
  browser: Browser;
  app: FastifyInstance;
  ctx: ServerContext;
  /**
   * A fresh browser context (a `person`, asking for reduced motion unless `still` is false) signed in
   * as `user` with the token the sign-in page would hand over, landing on `path`.
   */
  signIn(user: string, path?: string, still?: boolean): Promise<Page>;
  /**
   * The platform administrator working inside a tenant (the route-visit test's way): the tenant
   * administrator's own menu keeps only the leaves of §6, whatever its role grants.
   */
  adminIn(tenantId: number, path: string): Promise<Page>;
  /**
   * Every call a signed-in page made that the server refused (4xx/5xx), as "user METHOD path →
   * status body": a flow that stalls on a slow machine names the refusal in its failure.
   */
  refusals: string[];
  /** What the pages said went wrong besides refusals: console errors and calls that never got an answer. */
  troubles: string[];
  /** A bearer token of `user` for calls the test makes itself (setting up data as that person). */
  token(user: string): Promise<string>;
  /** What every page shows and every refusal and trouble so far: printed when a test fails. */
  report(): Promise<string>;
  close(): Promise<void>;
}

/** The browser tests' servers now running in this worker (tests/e2e/setup.ts reports on them when a test fails). */
export const live = new Set<E2E>();

/** Debian's Chromium, headless, with the flags every browser test uses (never a downloaded browser). */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: install it with "apt-get install -y chromium" (or set CHROMIUM_PATH)`);
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

/**
 * A person's browser context. They ask for reduced motion, as many do: antd then shows dialogs
 * without its zoom. With the zoom, a click could land as the dialog started to grow (its button
 * moved between the mouse going down and up, so no click reached it), and a confirm stayed open in
 * about one run in ten on CI. Asked both ways: the system setting (Chromium's media emulation) and
 * the app's own choice in this browser (the user menu's, read before the app starts), because a CI
 * run once showed a confirm zooming with the emulation alone. `still: false` leaves both unasked.
 */
export async function person(browser: Browser, options: BrowserContextOptions = {}, { still = true }: { still?: boolean } = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, ...(still ? { reducedMotion: 'reduce' as const } : {}), ...options });
  if (still)
    await context.addInitScript((key) => {
      try {
        localStorage.setItem(key, '1');
      } catch {
        // about:blank and opaque origins have no storage; the app's own pages do.
      }
    }, REDUCE_MOTION_KEY);
  return context;
}

/**
 * One server (built UI) and one headless Debian Chromium per test file. The database is a fresh
 * in-memory PGlite (from the seed image), or with `postgres` a fresh database of its own on that PostgreSQL server
 * (dropped on close), for the flows that must hold on both.
 */
export async function startE2E(opts: { postgres?: string } = {}): Promise<E2E> {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: install it with "apt-get install -y chromium" (or set CHROMIUM_PATH)`);
  const uiDir = join(projectRoot, 'dist');
  if (!existsSync(join(uiDir, 'index.html'))) throw new Error('The UI is not built: run "npm run build" first (npm test does it)');
  const pgDb = opts.postgres ? await freshDatabase(opts.postgres, 'lcb_e2e') : undefined;
  // PGlite starts from the cached image of the migrated, seeded database (as the server tests do):
  // about 14 s down to a few per test file.
  const { app, ctx } = await createServer({ uiDir, ...(pgDb ? { databaseUrl: pgDb.url } : { seedImage: await seedImage() }) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  const baseUrl = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  const browser = await launchChromium();
  const pages: { user: string; page: Page }[] = [];
  const e2e: E2E = {
    baseUrl,
    browser,
    app,
    ctx,
    refusals: [],
    troubles: [],
    async signIn(user, path = '/workplace', still = true) {
      const context = await person(browser, {}, { still });
      const page = await context.newPage();
      page.on('pageerror', (e) => {
        throw e;
      });
      page.on('console', (m) => {
        if (m.type() === 'error') e2e.troubles.push(`${user} console: ${m.text().slice(0, 300)}`);
      });
      page.on('requestfailed', (r) => e2e.troubles.push(`${user} ${r.method()} ${r.url().slice(baseUrl.length)} failed: ${r.failure()?.errorText ?? '?'}`));
      pages.push({ user, page });
      page.on('response', (r) => {
        if (!r.url().startsWith(baseUrl)) return;
        const call = `${user} ${r.request().method()} ${r.url().slice(baseUrl.length)} → ${r.status()}`;
        if (r.status() >= 400) {
          void r.text().then(
            (body) => e2e.refusals.push(`${call} ${body.slice(0, 300)}`),
            () => e2e.refusals.push(call),
          );
          return;
        }
        // A business rule's refusal is a 200 with `failed: true` (the original platform's shape): a write that said no.
        if (r.request().method() === 'GET' || !(r.headers()['content-type'] ?? '').includes('json')) return;
        void r.text().then(
          (body) => {
            if (/^\{"failed":true/.test(body)) e2e.refusals.push(`${call} ${body.slice(0, 300)}`);
          },
          () => undefined,
        );
      });
      // Signed in as the sign-in page hands over (the token in the address's hash, after the server's
      // own login), without loading that page for every person: the page itself has its tests
      // (shell, iam-behaviours), and on CI's two cores it cost each of ~200 sign-ins a second or more.
      await page.goto(`${baseUrl}${path}#access_token=${await e2e.token(user)}&token_type=bearer&expires_in=3600`);
      try {
        await page.waitForSelector('[data-testid="workspace-tabs"]');
      } catch (err) {
        throw new Error(`sign-in as ${user} did not reach the workspace; the page shows: ${(await page.locator('body').innerText()).slice(0, 500)}`, { cause: err });
      }
      return page;
    },
    async adminIn(tenantId, path) {
      const page = await e2e.signIn('admin', '/workplace');
      const token = await page.evaluate(() => localStorage.getItem('access_token') ?? '');
      const r = await app.inject({ method: 'PUT', url: `/iam/v1/users/tenant-id?tenantId=${tenantId}`, headers: { authorization: `bearer ${token}` } });
      if (r.statusCode !== 200) throw new Error(`switching admin to tenant ${tenantId}: ${r.statusCode} ${r.body}`);
      await page.goto(`${baseUrl}${path}`);
      return page;
    },
    async token(user) {
      const r = await app.inject({
        method: 'POST',
        url: '/oauth/oauth/login',
        payload: new URLSearchParams({ username: user, password: DEFAULT_DEMO_PASSWORD, redirect_uri: '/' }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      const m = /access_token=([^&]+)/.exec(String(r.headers.location ?? ''));
      if (!m) throw new Error(`login ${user} failed: ${r.statusCode}`);
      return m[1]!;
    },
    async report() {
      const shown = await Promise.all(
        pages.filter((p) => !p.page.isClosed()).map(async (p) => `${p.user} at ${p.page.url().slice(baseUrl.length)}: ${(await p.page.locator('body').innerText({ timeout: 2000 }).catch(() => '?')).replace(/\s+/g, ' ').slice(0, 400)}`),
      );
      return [`refused calls: ${e2e.refusals.join(' | ') || 'none'}`, `troubles: ${e2e.troubles.join(' | ') || 'none'}`, ...shown].join('\n');
    },
    async close() {
      live.delete(e2e);
      await browser.close();
      await app.close();
      await pgDb?.drop();
    },
  };
  live.add(e2e);
  return e2e;
}


