import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readManifest } from '../../renderer/schema-files/screen-files.ts';
import type { EntityDecl } from '../../renderer/schema/entity.ts';
import { projectRoot } from '../../server/paths.ts';
import { loadEntities } from '../../server/resources/entities.ts';
import { roleModules } from '../../server/seed/role-menus.ts';
import type { Page } from 'playwright-core';
import { axeFindings, describeFindings } from './axe.ts';
import { type E2E, person, startE2E } from './browser.ts';

/**
 * Opens every route of the chosen modules as `admin` (ROUTE_MODULES=hiam,hpfm to narrow it), and
 * then every route of the supplier's own menu as `supplier` (their rows only, from their side),
 * with route parameters taken from seeded records, and fails on an uncaught error, an error
 * panel, a failed API call (5xx or 404) or a list without rows. Routes open inside one signed-in
 * app the way its links open them (a new tab, closed afterwards), so each costs its screen, not a
 * browser context and an app start; `{pub}` pages, which have no tabs, get a page of their own.
 * A11Y_THEME=dark makes every visitor switch to the dark theme first (the default run has a
 * short dark pass of its own at the end).
 */
// `shell`: the routes of §2.1 that have a screen (the dev pages /test/*).
const modules = (process.env.ROUTE_MODULES ?? 'shell,hiam,hpfm,smdm,hfile,hmsg,hptl,hdtt,sodr,sprm,scm,ssrc,hwfl,hsdr,hcnf,hitf,hsgp,sitf,tender,supplierBidding,clarifyLetter,stnd,sslm,spfm,supply,vendorCode,supplierInfo,vendorInfo,supplierApprove,himp,hrpt').split(',');
const catalogue = JSON.parse(readFileSync(join(projectRoot, 'schemas/catalogue/routes.json'), 'utf8')) as Array<{ path: string; module: string }>;
const wanted = new Set(catalogue.filter((r) => modules.includes(r.module)).map((r) => r.path));
const entities = loadEntities();
const manifest = readManifest(join(projectRoot, 'schemas'));
const screens = manifest.filter((s) => s.routes.some((r) => wanted.has(r)));
const docs = new Map(manifest.map((s) => [s.file, JSON.parse(readFileSync(join(projectRoot, 'schemas', s.file), 'utf8')) as Record<string, unknown>]));
/**
 * The routes the SUPPLIER role's menu grants (a module, or the routes under `module/path`) that have
 * a screen; a record's page only where the supplier has records (an entity naming its supplier).
 */
const supplierGrants = roleModules('SUPPLIER') as string[];
const supplierOwned = (file: string) => {
  const name = docs.get(file)!.entity;
  return typeof name === 'string' && !!entities.get(name)?.supplierField;
};
const supplierRoutes = manifest.flatMap((s) =>
  s.routes
    .filter((r) => catalogue.some((c) => c.path === r && supplierGrants.some((g) => (g.includes('/') ? r.startsWith(`/${g}/`) || r === `/${g}` : c.module === g))))
    .filter((r) => !r.includes('/:') || supplierOwned(s.file))
    .map((route) => ({ route, file: s.file })),
);
/**
 * Pages that show the signed-in person's own record and have none for the admin (the expert's
 * profile): visited as the person they belong to instead, with the rest of that role's menu.
 */
const OWN_PAGES: Record<string, string> = { '/ssrc/expert-personal': 'expert', '/tender/expertGrade/grade': 'expert', '/vendorInfo/detail': 'supplier' };
const expertGrants = roleModules('EXPERT') as string[];
const expertRoutes = manifest.flatMap((s) =>
  s.routes
    // The expert's own sourcing and tender scoring pages (their workflow lists are everyone's and may well be empty).
    .filter((r) => !r.includes('/:') && expertGrants.some((g) => (g.startsWith('ssrc/') || g.startsWith('tender/')) && (r === `/${g}` || r.startsWith(`/${g}/`))))
    .map((route) => ({ route, file: s.file })),
);
/** Pages whose point is the error boundary's panel (§2.1 /test/error): it must show, and pass the checks like any page. */
const SHOWS_ERROR_PANEL = new Set(['/test/error']);
const entityOf = (name: string): EntityDecl => {
  const e = entities.get(name);
  if (!e) throw new Error(`unknown entity ${name}`);
  return e;
};

let e: E2E;
/** Who visits: their token (for the sample records they can see) and their one signed-in app. */
interface Visitor {
  token: string;
  app: Page;
}
let admin: Visitor;
/** The admin works inside the demo tenant, where the tenant-level demo data lives. */
const TENANT = 1;
const problems: string[] = [];
let inFlight = 0;

/** Records what the route must not cause: uncaught errors and failed API calls (5xx, 404). */
function watch(page: Page) {
  page.on('pageerror', (err) => problems.push(`uncaught: ${err.message}`));
  page.on('request', () => inFlight++);
  page.on('requestfinished', () => inFlight--);
  page.on('requestfailed', () => inFlight--);
  page.on('response', (res) => {
    const u = new URL(res.url());
    if (/^\/[a-z0-9-]+\/(v1|hzero)\//.test(u.pathname) && (res.status() >= 500 || res.status() === 404)) problems.push(`${res.status()} ${u.pathname}`);
  });
}

/** No request in flight for 300 ms: the screen has made every call it makes on opening. */
async function settled() {
  let quietSince = Date.now();
  while (Date.now() - quietSince < 300) {
    if (inFlight > 0) quietSince = Date.now();
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function newPage(path: string, token: string): Promise<Page> {
  const page = await (await person(e.browser)).newPage();
  watch(page);
  // The token arrives the way sign-in hands it over: in the hash of the address.
  await page.goto(`${e.baseUrl}${path}#access_token=${token}&token_type=bearer&expires_in=3600`);
  return page;
}

/** Signs `user` in once: a token and one app at the workplace, where every route then opens. */
async function visitor(user: string): Promise<Visitor> {
  const token = await e.token(user);
  if (user === 'admin') await e.app.inject({ method: 'PUT', url: `/iam/v1/users/tenant-id?tenantId=${TENANT}`, headers: { authorization: `bearer ${token}` } });
  const app = await newPage('/workplace', token);
  await app.getByTestId('workspace-tabs').waitFor();
  if (DARK) await toDarkTheme(app);
  return { token, app };
}

const DARK = process.env.A11Y_THEME === 'dark';
/** Switches the signed-in app to the dark theme the way a person does, from the user menu. */
async function toDarkTheme(app: Page) {
  await app.getByTestId('user-menu').hover();
  await app.getByTestId('theme-switch').click();
  await app.locator('html[data-theme="dark"]').waitFor({ state: 'attached' });
  // The menu closes when the pointer leaves it; left open it would be part of every page checked.
  await app.mouse.move(700, 600);
  await app.getByTestId('theme-switch').waitFor({ state: 'hidden' });
}

beforeAll(async () => {
  e = await startE2E();
  admin = await visitor('admin');
});
afterAll(() => e?.close());

/** Findings by route (A11Y_REPORT=file writes them all, to see the whole picture at once), and what the checks cost. */
const a11y: Record<string, string[]> = {};
const axeCost = { ms: 0, pages: 0 };
afterAll(() => {
  if (process.env.A11Y_REPORT) writeFileSync(process.env.A11Y_REPORT, JSON.stringify(a11y, null, 1));
  console.log(`axe-core: ${axeCost.pages} pages checked in ${(axeCost.ms / 1000).toFixed(1)} s`);
});

/** WCAG 2.1 A/AA (issue 18): the critical and serious axe-core findings on what the user sees. */
async function findings(page: Page, route: string, include?: string): Promise<string[]> {
  const t0 = Date.now();
  const found = describeFindings(await axeFindings(page, include));
  axeCost.ms += Date.now() - t0;
  axeCost.pages++;
  if (found.length) a11y[route] = found;
  return found;
}
async function accessible(page: Page, route: string) {
  expect(await findings(page, route), `accessibility of ${route}`).toEqual([]);
}
/** The visitor's workplace with everything around every route (menu, header), once its calls are done. */
async function workplaceAccessible(who: Visitor, label: string) {
  await who.app.locator('[data-tab-page="/workplace"]').waitFor();
  await settled();
  await accessible(who.app, label);
}

async function firstRecord(entityName: string, token: string): Promise<Record<string, unknown> | undefined> {
  const ent = entityOf(entityName);
  const path = ent.paths.site ?? ent.paths.tenant!.replace('{tenantId}', String(TENANT));
  const r = await e.app.inject({ url: `${path}?page=0&size=1`, headers: { authorization: `bearer ${token}` } });
  return (r.json() as { content?: Record<string, unknown>[] }).content?.[0];
}

/** Opens `route` in the visitor's app with parameters from a record they can see, and checks it opened cleanly. */
async function visit(who: Visitor, route: string, file: string, rowsExpected = true, as = route) {
  const doc = docs.get(file)!;
  let path = route;
  const params = route.split('/').filter((s) => s.startsWith(':')).map((s) => s.slice(1));
  if (params.length) {
    const sample = (doc.sampleParams ?? {}) as Record<string, string>;
    const rec = doc.entity ? await firstRecord(String(doc.entity), who.token) : undefined;
    const ent = doc.entity ? entityOf(String(doc.entity)) : undefined;
    for (const p of params) {
      const v = sample[p] ?? (rec && (p === doc.idParam || p === ent?.primaryKey ? rec[ent!.primaryKey] : rec[p]));
      expect(v, `no value for :${p} (add "sampleParams" to ${file} or seed the entity)`).not.toBeUndefined();
      path = path.replace(`:${p}`, encodeURIComponent(String(v)));
    }
  }
  problems.length = 0;
  const pub = path.startsWith('/pub/');
  let page = who.app;
  if (pub) page = await newPage(path, who.token);
  else {
    await page.evaluate((p) => {
      history.pushState({}, '', p);
      dispatchEvent(new PopStateEvent('popstate'));
    }, path);
  }
  const scope = pub ? page.locator('body') : page.locator('.ant-tabs-content-active');
  const screen = scope.locator(`[data-screen="${route}"]`).or(scope.getByTestId('schema-error')).or(scope.locator('[data-testid^="exception-"]'));
  await screen.first().waitFor({ timeout: 15000 });
  expect(await scope.getByTestId('schema-error').count(), 'error panel').toBe(SHOWS_ERROR_PANEL.has(route) ? 1 : 0);
  expect(await scope.locator('[data-testid^="exception-"]').count(), 'exception page').toBe(0);
  if (doc.kind === 'list' && rowsExpected) {
    await scope.locator(`[data-screen="${route}"] [role="row"][data-row-key]`).first().waitFor({ timeout: 10000 }).catch(() => problems.push('the list has no rows'));
  }
  await settled();
  expect(problems).toEqual([]);
  // A route in the app is checked with the tab bar it adds to (its tab's title) but without the menu
  // and header around them, which are the same on every route: they are checked with the workplace,
  // in each language and theme (a third of each check's time, on ~800 pages).
  const found = await findings(page, as, pub ? undefined : '.app-content');
  if (pub) await page.context().close();
  // Closed again, so the workspace holds two tabs at most however many routes are visited.
  else await page.locator('.ant-tabs-tab-active .ant-tabs-tab-remove').click();
  expect(found, `accessibility of ${route}`).toEqual([]);
}

describe('the shell', () => {
  it('sign-in page is accessible', async () => {
    const page = await (await person(e.browser)).newPage();
    await page.goto(`${e.baseUrl}/oauth/oauth/authorize?response_type=token&client_id=client&redirect_uri=/`);
    await accessible(page, 'sign-in');
    await page.context().close();
  });
  it('workplace is accessible', async () => {
    await workplaceAccessible(admin, '/workplace');
  });
});

describe.each(screens.flatMap((s) => s.routes.filter((r) => wanted.has(r) && !OWN_PAGES[r]).map((route) => ({ route, file: s.file }))))('$route', ({ route, file }) => {
  it('opens cleanly for admin', () => visit(admin, route, file));
});

describe('the supplier’s side', () => {
  let supplier: Visitor;
  beforeAll(async () => {
    supplier = await visitor('supplier');
  });
  it('has screens to visit', () => {
    expect(supplierRoutes.map((r) => r.route)).toEqual(expect.arrayContaining(['/sodr/confirm-order/list', '/sodr/received-order/list']));
  });
  it('workplace is accessible, with their menu', async () => {
    await workplaceAccessible(supplier, '/workplace (supplier)');
  });
  describe.each(supplierRoutes)('$route', ({ route, file }) => {
    // Their own documents' lists have rows; their (empty) task lists need not.
    it('opens cleanly for supplier', () => visit(supplier, route, file, supplierOwned(file)));
  });
});

describe('the expert’s side', () => {
  let expert: Visitor;
  beforeAll(async () => {
    expert = await visitor('expert');
  });
  it('has screens to visit', () => {
    expect(expertRoutes.map((r) => r.route)).toEqual(expect.arrayContaining(['/ssrc/expert-personal', '/ssrc/sims-login']));
  });
  it('workplace is accessible, with their menu', async () => {
    await workplaceAccessible(expert, '/workplace (expert)');
  });
  describe.each(expertRoutes)('$route', ({ route, file }) => {
    it('opens cleanly for expert', () => visit(expert, route, file));
  });
});

/**
 * The same check in English (texts differ in length and language): one screen of each kind per
 * module by default, every route with A11Y_ALL_LANGUAGES=1.
 */
/** One route of each page kind per module (all of them when `all`). */
function onePerKind(all: boolean) {
  const seen = new Set<string>();
  return screens
    .flatMap((s) => s.routes.filter((r) => wanted.has(r) && !OWN_PAGES[r]).map((route) => ({ route, file: s.file, kind: String(docs.get(s.file)!.kind) })))
    .filter((r) => {
      const k = `${r.route.split('/')[1]}:${r.kind}`;
      if (!all && seen.has(k)) return false;
      seen.add(k);
      return true;
    });
}

describe('in English', () => {
  const sample = onePerKind(process.env.A11Y_ALL_LANGUAGES === '1');
  beforeAll(async () => {
    await admin.app.getByTestId('language-switch').click();
    await admin.app.getByRole('menuitem', { name: 'English' }).click();
    await admin.app.getByTestId('workspace-tabs').getByText('Workplace', { exact: true }).first().waitFor();
  });
  it('workplace is accessible', async () => {
    await settled();
    await accessible(admin.app, '/workplace (en_US)');
  });
  describe.each(sample)('$route', ({ route, file }) => {
    it('opens cleanly and accessibly for admin in English', () => visit(admin, route, file, true, `${route} (en_US)`));
  });
});

/**
 * The dark theme (antd's dark algorithm, our own CSS through theme.css's variables): one screen of
 * each kind per module, in English as the pass above left the app. A11Y_THEME=dark checks every
 * route in it instead, so this pass is then skipped.
 */
describe.skipIf(DARK)('in the dark theme', () => {
  beforeAll(() => toDarkTheme(admin.app));
  it('workplace is accessible', async () => {
    await settled();
    await accessible(admin.app, '/workplace (dark)');
  });
  describe.each(onePerKind(false))('$route', ({ route, file }) => {
    it('opens cleanly and accessibly for admin in the dark theme', () => visit(admin, route, file, true, `${route} (dark)`));
  });
});
