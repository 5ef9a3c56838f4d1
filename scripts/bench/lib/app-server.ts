import type { AddressInfo } from 'node:net';
import type { BrowserContext, Page } from 'playwright-core';
import { createServer, DEFAULT_DEMO_PASSWORD } from '../../../server/start-server.ts';
import { VIEWPORT } from './browser.ts';
import type { Browser } from 'playwright-core';

export interface AppServer {
  baseUrl: string;
  close(): Promise<void>;
}

/** The real server (fresh in-memory database, demo data) serving the UI built into `uiDir`. */
export async function startAppServer(uiDir: string): Promise<AppServer> {
  const { app } = await createServer({ uiDir });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { baseUrl: `http://127.0.0.1:${port}`, close: () => app.close() };
}

/** A browser context signed in as `user` through the real login page (the token stays in its local storage). */
export async function signedInContext(browser: Browser, baseUrl: string, user = 'admin'): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  const page = await context.newPage();
  await page.goto(`${baseUrl}/workplace`);
  await page.waitForSelector('input[name="username"]');
  await page.fill('input[name="username"]', user);
  await page.fill('input[name="password"]', process.env.DEMO_PASSWORD ?? DEFAULT_DEMO_PASSWORD);
  await page.click('button[type="submit"]');
  await page.waitForSelector('[data-testid="workspace-tabs"]');
  await page.close();
  return context;
}

/** The home tab's dashboard is on screen. */
export const WORKPLACE_SHOWN = '[data-tab-page="/workplace"] [data-card]';

/** Opens /workplace in a new page and waits until its dashboard is on screen and the network is quiet. */
export async function openWorkplace(context: BrowserContext, baseUrl: string, beforeGoto?: (page: Page) => Promise<void>): Promise<Page> {
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error(`  page error on ${page.url()}: ${e.message}`));
  await beforeGoto?.(page);
  await page.goto(`${baseUrl}/workplace`);
  await page.waitForSelector(WORKPLACE_SHOWN);
  await page.waitForLoadState('networkidle');
  return page;
}
