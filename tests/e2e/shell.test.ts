import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireToken } from '../../server/auth/tokens.ts';
import { type E2E, person, startE2E } from './browser.ts';

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(() => e?.close());

const tabKeys = (page: import('playwright-core').Page) => page.locator('[data-tab]').evaluateAll((els) => els.map((el) => el.getAttribute('data-tab')));

describe('the shell', () => {
  it('keeps open tabs and the active tab across a reload', async () => {
    const page = await e.signIn('admin', '/hiam/user');
    await page.locator('[data-screen="/hiam/user"] [role="row"][data-row-key]').first().waitFor();
    await page.goto(`${e.baseUrl}/hiam/user/detail/2`);
    await page.locator('[data-screen="/hiam/user/detail/:id"]').waitFor();
    await page.reload();
    await page.locator('[data-screen="/hiam/user/detail/:id"]').waitFor();
    const keys = await tabKeys(page);
    expect(keys[0]).toBe('/workplace');
    expect(keys).toContain('/hiam/user');
    // Closing the active tab activates the one before it.
    await page.locator('.ant-tabs-tab-active .ant-tabs-tab-remove').click();
    await expect.poll(async () => (await tabKeys(page)).includes('/hiam/user')).toBe(false);
    await page.context().close();
  });

  it('switches language: texts and the component locale change, and the choice is saved', async () => {
    const page = await e.signIn('admin', '/hiam/user');
    const search = page.getByTestId('search-button');
    await search.waitFor();
    expect((await search.textContent())?.replace(/\s/g, '')).toBe('查询');
    await page.getByTestId('language-switch').click();
    await page.locator('.ant-dropdown-menu-item', { hasText: 'English' }).click();
    await expect.poll(async () => (await search.textContent())?.trim()).toBe('Search');
    try {
      await expect
        .poll(async () => (await e.ctx.db.query<{ language: string }>("select language from iam_user where login_name = 'admin'")).rows[0]!.language)
        .toBe('en_US');
    } finally {
      await e.ctx.db.query("update iam_user set language = 'zh_CN' where login_name = 'admin'");
      await page.context().close();
    }
  });

  it('sends an expired session to sign-in and brings the user back to the same page', async () => {
    const first = await e.signIn('buyer', '/workplace');
    const token = await first.evaluate(() => localStorage.getItem('access_token'));
    // The sign-in page is closed before the token expires: its own calls still in flight would
    // otherwise get the 401 first and send it to sign-in for /workplace.
    const page = await first.context().newPage();
    await first.close();
    await expireToken(e.ctx.db, token!);
    // The app may send the browser on to sign-in before the page's load event: wait for the commit only.
    await page.goto(`${e.baseUrl}/hmsg/user-message/list?x=1`, { waitUntil: 'commit' });
    await page.waitForSelector('input[name="username"]');
    expect(decodeURIComponent(page.url())).toContain('redirect_uri=');
    expect(decodeURIComponent(page.url())).toContain('/hmsg/user-message/list?x=1');
    await page.fill('input[name="username"]', 'buyer');
    await page.fill('input[name="password"]', 'Demo@2026');
    await page.click('button[type="submit"]');
    await page.waitForURL((u) => u.pathname === '/hmsg/user-message/list' && u.search === '?x=1');
    await page.context().close();
  });

  it('shows SYS_ADMINISTRATOR only the restricted menu', async () => {
    const page = await e.signIn('sysadmin');
    const menu = page.getByTestId('side-menu');
    await menu.waitFor();
    await menu.locator('.ant-menu-submenu-title').first().waitFor();
    for (const title of await menu.locator('.ant-menu-submenu-title').all()) await title.click();
    const leaves = await menu.locator('[data-menu]').evaluateAll((els) => els.map((el) => el.getAttribute('data-menu')));
    expect(leaves.sort()).toEqual(['hzero.tenant.background.sys.account', 'hzero.tenant.background.sys.role', 'hzero.tenant.svc.dev.value-list']);
    await page.context().close();
  });

  it('shows 404 for unknown routes and the exception pages with a link home', async () => {
    const page = await e.signIn('admin', '/no/such/page');
    await page.getByTestId('exception-404').waitFor();
    await page.goto(`${e.baseUrl}/exception/403`);
    await page.getByTestId('exception-403').waitFor();
    expect(await page.getByTestId('exception-403').textContent()).toContain('无权访问');
    await page.goto(`${e.baseUrl}/exception/whatever`);
    await page.getByTestId('exception-404').waitFor();
    await page.context().close();
  });

  it('switches role from the header and reloads the menu for it', async () => {
    const page = await e.signIn('buyer');
    const roleSwitch = page.getByTestId('role-switch');
    await roleSwitch.waitFor();
    await roleSwitch.click();
    await page.locator('.ant-dropdown-menu-item', { hasText: '审批人' }).click();
    await page.waitForURL(/\/workplace$/);
    try {
      await expect.poll(async () => (await page.getByTestId('role-switch').textContent()) ?? '').toContain('审批人');
    } finally {
      // The choice is remembered for the user; later tests expect the buyer's first role again.
      await e.ctx.db.query("update iam_user set default_role_id = null where login_name = 'buyer'");
      await page.context().close();
    }
  });

  it('redirects Internet Explorer below 11 to the browser suggestion page, and lets IE 11 in', async () => {
    const ie10 = await person(e.browser, { userAgent: 'Mozilla/5.0 (compatible; MSIE 10.0; Windows NT 6.1; Trident/6.0)' });
    const old = await ie10.newPage();
    await old.goto(`${e.baseUrl}/hiam/user`);
    await old.waitForURL(/\/browser-upgrade\.html$/);
    expect(await old.locator('h1').textContent()).toContain('请升级浏览器');
    await ie10.close();
    const ie11 = await person(e.browser, { userAgent: 'Mozilla/5.0 (Windows NT 10.0; Trident/7.0; rv:11.0) like Gecko' });
    const current = await ie11.newPage();
    await current.goto(`${e.baseUrl}/hiam/user`);
    await current.waitForSelector('input[name="username"]');
    await ie11.close();
  });

  it('renders a {pub} page in the public layout: without sign-in until its data needs a user, then back to it', async () => {
    const context = await person(e.browser);
    const page = await context.newPage();
    const calls: string[] = [];
    page.on('request', (r) => calls.push(new URL(r.url()).pathname));
    await page.goto(`${e.baseUrl}/pub/hiam/sub-account-org`);
    // No user is loaded for a public page: the start sequence skips /users/self without a token.
    await page.locator('[data-layout="public"]').waitFor();
    expect(calls).not.toContain('/iam/hzero/v1/users/self');
    // This page lists the tenant's accounts, so its first call asks for sign-in and returns here.
    await page.waitForSelector('input[name="username"]');
    expect(decodeURIComponent(page.url())).toContain('/pub/hiam/sub-account-org');
    await page.fill('input[name="username"]', 'admin');
    await page.fill('input[name="password"]', 'Demo@2026');
    await page.click('button[type="submit"]');
    await page.waitForURL((u) => u.pathname === '/pub/hiam/sub-account-org');
    const pub = page.locator('[data-layout="public"]');
    await pub.locator('[role="row"][data-row-key]').first().waitFor();
    // Public pages have no menu and no tabs.
    expect(await page.getByTestId('side-menu').count()).toBe(0);
    expect(await page.getByTestId('workspace-tabs').count()).toBe(0);
    await context.close();
  });

  it('shows each role the workplace cards configured for it', async () => {
    const cardsOf = async (user: string) => {
      const page = await e.signIn(user, '/workplace');
      await page.locator('[data-card]').first().waitFor();
      await page.locator('[data-card="workplace.card.notices"]').waitFor();
      const cards = await page.locator('[data-card]').evaluateAll((els) => els.map((el) => el.getAttribute('data-card')));
      await page.context().close();
      return cards;
    };
    const buyer = await cardsOf('buyer');
    expect(buyer).toEqual(expect.arrayContaining(['workplace.card.unreadMessages', 'workplace.card.awaitingSupplier', 'workplace.card.datesToReview', 'workplace.card.linesToOrder', 'workplace.card.myTasks']));
    expect(buyer).not.toContain('workplace.card.ordersToConfirm');
    expect(buyer).not.toContain('workplace.card.users');
    const supplier = await cardsOf('supplier');
    expect(supplier).toContain('workplace.card.ordersToConfirm');
    expect(supplier).not.toContain('workplace.card.awaitingSupplier');
    expect(supplier).toContain('workplace.card.myTasks');
    expect(supplier).not.toContain('workplace.card.users');
  });

  it('offers a retry when a screen chunk fails to load, and the retry shows the screen', async () => {
    const page = await e.signIn('admin', '/workplace');
    let failing = true;
    // Fail the screen's schema chunk, as a network drop during a deploy would.
    await page.route('**/assets/schemas/hiam-role.list-*.json', (route) => (failing ? route.abort() : route.continue()));
    await page.evaluate(() => {
      history.pushState({}, '', '/hiam/role');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    const panel = page.getByTestId('load-failed');
    await panel.waitFor();
    expect(await panel.textContent()).toMatch(/Loading chunk .+ failed\./);
    failing = false;
    await page.getByTestId('load-retry').click();
    await page.locator('[data-screen="/hiam/role"]').waitFor();
    await page.context().close();
  });

  it('keeps the tabs of two browser tabs of the app apart, across reloads', async () => {
    const first = await e.signIn('admin', '/hiam/user');
    await first.locator('[data-screen="/hiam/user"]').waitFor();
    // A second browser tab of the same session (same sign-in, its own session storage).
    const second = await first.context().newPage();
    await second.goto(`${e.baseUrl}/hiam/role`);
    await second.locator('[data-screen="/hiam/role"]').waitFor();
    await first.reload();
    await first.locator('[data-screen="/hiam/user"]').waitFor();
    await second.reload();
    await second.locator('[data-screen="/hiam/role"]').waitFor();
    const a = await tabKeys(first);
    const b = await tabKeys(second);
    expect(a).toContain('/hiam/user');
    expect(a).not.toContain('/hiam/role');
    expect(b).toContain('/hiam/role');
    expect(b).not.toContain('/hiam/user');
    await first.context().close();
  });
});

