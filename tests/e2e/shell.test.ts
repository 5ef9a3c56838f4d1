import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireToken } from '../../server/auth/tokens.ts';
import { type E2E, startE2E } from './browser.ts';

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
    await page.locator('.ant-select-item-option', { hasText: 'English' }).click();
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
    const page = await e.signIn('buyer', '/workplace');
    const token = await page.evaluate(() => localStorage.getItem('access_token'));
    await expireToken(e.ctx.db, token!);
    await page.goto(`${e.baseUrl}/hmsg/user-message/list?x=1`);
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
    await page.locator('.ant-select-item-option', { hasText: '审批人' }).click();
    await page.waitForURL(/\/workplace$/);
    await expect.poll(async () => (await page.getByTestId('role-switch').textContent()) ?? '').toContain('审批人');
    await page.context().close();
  });
});
