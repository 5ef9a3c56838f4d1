import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_DEMO_PASSWORD } from '../../server/start-server.ts';
import { type E2E, person, startE2E } from './browser.ts';

/**
 * The identity module describes the running app: what an administrator changes on the role,
 * user and password-policy screens changes who can sign in and what they see (issue 7).
 */
// Each test signs in several times through the real login page.
vi.setConfig({ testTimeout: 120_000 });

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(() => e?.close());

const one = async <T>(sql: string, params: unknown[] = []) => (await e.ctx.db.query<T>(sql, params)).rows[0]!;

/** Signs in through the real login page with any password; answers the page and whether it got in. */
async function signIn(user: string, password: string, path = '/workplace'): Promise<{ page: Page; ok: boolean; error: string }> {
  const context = await person(e.browser);
  const page = await context.newPage();
  await page.goto(`${e.baseUrl}${path}`);
  await page.waitForSelector('input[name="username"]');
  await page.fill('input[name="username"]', user);
  await page.fill('input[name="password"]', password);
  await page.click('button[type="submit"]');
  const shell = page.getByTestId('workspace-tabs');
  const refused = page.locator('.error[role="alert"]');
  await shell.or(refused).first().waitFor();
  const ok = (await shell.count()) > 0;
  return { page, ok, error: ok ? '' : ((await refused.textContent()) ?? '') };
}

async function admin(path: string, user = 'admin'): Promise<Page> {
  const r = await signIn(user, DEFAULT_DEMO_PASSWORD, path);
  expect(r.ok, r.error).toBe(true);
  return r.page;
}

/** The leaves (menu codes) of one folder of the side menu, after opening it. */
async function menuCodes(page: Page, folder: string): Promise<string[]> {
  const menu = page.getByTestId('side-menu');
  const title = menu.locator('.ant-menu-submenu-title', { hasText: new RegExp(`^${folder}$`) });
  await title.waitFor();
  await title.click();
  await menu.locator('[data-menu]').first().waitFor();
  return (await menu.locator('[data-menu]').evaluateAll((els) => els.map((el) => el.getAttribute('data-menu')))) as string[];
}

const rows = (screen: Locator) => screen.locator('[role="row"][data-row-key]');
const rowWith = (screen: Locator, column: string, text: string) =>
  rows(screen).filter({ has: screen.page().locator(`[role="gridcell"][data-column="${column}"]`, { hasText: new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }) });
/** Antd puts a space between two Chinese characters on a button: match either way. */
const label = (text: string) => new RegExp(`^${[...text].join('\\s*')}$`);

async function search(screen: Locator, field: string, value: string) {
  await screen.locator(`#search-${field}`).fill(value);
  await screen.getByTestId('search-button').click();
}

async function confirm(page: Page) {
  await page.locator('.ant-modal-confirm .ant-btn-primary').click();
}

async function notice(page: Page): Promise<string> {
  const n = page.locator('.ant-notification-notice-description').last();
  await n.waitFor();
  return (await n.textContent()) ?? '';
}

describe('role menus decide the menu after sign-in', () => {
  it('removes a page from PURCHASER and adds it back, as the buyer sees on the next sign-in', async () => {
    const role = await one<{ id: number }>(`select id::float8 as id from iam_role where code = 'PURCHASER' and tenant_id = 1`);
    const menu = await one<{ code: string }>(`select code from iam_menu where route = '/sodr/send-order/list'`);

    let buyer = await signIn('buyer', DEFAULT_DEMO_PASSWORD);
    expect(await menuCodes(buyer.page, '订单')).toContain(menu.code);
    await buyer.page.context().close();

    const page = await admin(`/hiam/role/menus/${role.id}`);
    const assigned = page.locator('[data-screen="/hiam/role/menus/:roleId"]');
    await rows(assigned).first().waitFor();
    await search(assigned, 'route', '/sodr/send-order/list');
    await expect.poll(() => rows(assigned).count()).toBe(1);
    await rows(assigned).first().locator('[data-action="request"]').click();
    await confirm(page);
    await expect.poll(() => rows(assigned).count()).toBe(0);

    buyer = await signIn('buyer', DEFAULT_DEMO_PASSWORD);
    const without = await menuCodes(buyer.page, '订单');
    expect(without).not.toContain(menu.code);
    expect(without.length).toBeGreaterThan(3);
    await buyer.page.context().close();

    // Back through the assignable list, reached from the toolbar.
    await assigned.getByRole('button', { name: label('分配菜单') }).click();
    const assignable = page.locator('[data-screen="/hiam/role/menus/:roleId/assign"]');
    await rows(assignable).first().waitFor();
    await search(assignable, 'route', '/sodr/send-order/list');
    await expect.poll(() => rows(assignable).count()).toBe(1);
    await rows(assignable).first().locator('[data-action="request"]').click();
    await expect.poll(() => rows(assignable).count()).toBe(0);
    await page.context().close();

    buyer = await signIn('buyer', DEFAULT_DEMO_PASSWORD);
    expect(await menuCodes(buyer.page, '订单')).toContain(menu.code);
    await buyer.page.context().close();
  });
});

describe('user administration', () => {
  const password = 'Nina2026pass';

  it('creates a user, gives roles in two tenants, sets a password the policy accepts, and the user signs in', async () => {
    const page = await admin('/hiam/user/create');
    const form = page.locator('[data-screen="/hiam/user/create"]');
    await form.locator('#field-loginName').fill('nina.test');
    await form.locator('#field-realName').fill('Nina Test');
    await form.locator('#field-email').fill('nina.test@example.com');
    await form.locator('#field-organizationId').click();
    await page.locator('.ant-modal .ant-table-row', { hasText: 'Demo Manufacturing Co.' }).click();
    await form.getByTestId('submit-button').click();
    await page.waitForURL(/\/hiam\/user\/detail\/\d+$/);
    const userId = Number(/detail\/(\d+)$/.exec(page.url())![1]);
    const detail = page.locator('[data-screen="/hiam/user/detail/:id"]');
    await expect.poll(() => detail.locator('#field-realName').inputValue()).toBe('Nina Test');

    // Roles: one of the demo tenant, one of the second tenant.
    await detail.getByTestId('detail-actions').getByRole('button', { name: label('分配角色') }).click();
    const held = page.locator('[data-screen="/hiam/user/roles/:userId"]');
    await held.getByRole('button', { name: label('分配角色') }).click();
    const assignable = page.locator('[data-screen="/hiam/user/roles/:userId/assign"]');
    await rows(assignable).first().waitFor();
    await search(assignable, 'code', 'PURCHASER');
    for (const code of ['PURCHASER', 'PURCHASER_2']) {
      await rowWith(assignable, 'code', code).locator('[data-action="request"]').click();
      await expect.poll(() => rowWith(assignable, 'code', code).count()).toBe(0);
    }
    await page.goto(`${e.baseUrl}/hiam/user/roles/${userId}`);
    await expect.poll(() => rows(held).count()).toBe(2);

    // The tenants follow from the roles.
    await page.goto(`${e.baseUrl}/hiam/user/detail/${userId}`);
    await detail.getByRole('tab', { name: '所属租户' }).click();
    const tenants = detail.locator('[role="tabpanel"] [role="row"][data-row-key]');
    await expect.poll(async () => (await tenants.allTextContents()).join('|')).toMatch(/Demo Manufacturing Co\..*\|.*Second Trading Co\./);

    // A password the policy refuses, naming its rule, then one it accepts.
    await detail.getByTestId('detail-actions').getByRole('button', { name: label('设置密码') }).click();
    const pw = page.locator('[data-screen="/hiam/user/password/:id"]');
    await pw.locator('#field-password').fill('abc1');
    await pw.locator('#field-confirmPassword').fill('abc1');
    await pw.getByTestId('submit-button').click();
    expect(await notice(page)).toContain('最小长度');
    await pw.locator('#field-password').fill(password);
    await pw.locator('#field-confirmPassword').fill(password);
    await pw.getByTestId('submit-button').click();
    await page.waitForURL(new RegExp(`/hiam/user/detail/${userId}$`));
    await page.context().close();

    const nina = await signIn('nina.test', password);
    expect(nina.ok, nina.error).toBe(true);
    await nina.page.getByTestId('tenant-switch').waitFor();
    await nina.page.context().close();
    const hash = await one<{ password_hash: string }>(`select password_hash from iam_user where login_name = 'nina.test'`);
    expect(hash.password_hash).toMatch(/^scrypt\$/);
  });

  it('freezes a user, who then cannot sign in, and unfreezes them', async () => {
    const page = await admin('/hiam/user');
    const list = page.locator('[data-screen="/hiam/user"]');
    await rows(list).first().waitFor();
    await search(list, 'loginName', 'nina.test');
    await expect.poll(() => rows(list).count()).toBe(1);
    await rows(list).first().getByRole('button', { name: label('冻结') }).click();
    await confirm(page);
    await expect.poll(() => rows(list).first().getByRole('button', { name: label('解冻') }).count()).toBe(1);

    const refused = await signIn('nina.test', password);
    expect(refused.ok).toBe(false);
    expect(refused.error).toMatch(/frozen/);
    await refused.page.context().close();

    await rows(list).first().getByRole('button', { name: label('解冻') }).click();
    await confirm(page);
    await expect.poll(() => rows(list).first().getByRole('button', { name: label('冻结') }).count()).toBe(1);
    await page.context().close();

    const back = await signIn('nina.test', password);
    expect(back.ok, back.error).toBe(true);
    await back.page.context().close();
  });
});

describe('the password policy of a tenant', () => {
  it('is enforced when a tenant administrator sets a password, and its lockout applies at sign-in', async () => {
    const buyer2 = await one<{ id: number }>(`select id::float8 as id from iam_user where login_name = 'buyer2'`);
    const page = await admin('/hiam/password-policy', 'admin2');
    const policy = page.locator('[data-screen="/hiam/password-policy"]');
    await expect.poll(() => policy.locator('#field-code').inputValue()).toBe('SECOND.DEFAULT');
    await policy.locator('#field-minLength').fill('12');
    // The policy's own initial password must pass its new rules, or the save is refused.
    await policy.locator('#field-originalPassword').fill('Second#2026new');
    await policy.locator('#field-maxErrorTime').fill('2');
    await policy.getByTestId('save-button').click();
    await expect.poll(async () => (await one<{ n: number }>(`select min_length::int as n from iam_password_policy where code = 'SECOND.DEFAULT'`)).n).toBe(12);

    await page.goto(`${e.baseUrl}/hiam/user/password/${buyer2.id}`);
    const pw = page.locator('[data-screen="/hiam/user/password/:id"]');
    await pw.locator('#field-password').fill('Short#2026x');
    await pw.locator('#field-confirmPassword').fill('Short#2026x');
    await pw.getByTestId('submit-button').click();
    expect(await notice(page)).toMatch(/12.*最小长度/);
    await pw.locator('#field-password').fill('LongEnough#2026');
    await pw.locator('#field-confirmPassword').fill('LongEnough#2026');
    await pw.getByTestId('submit-button').click();
    await page.waitForURL(new RegExp(`/hiam/user/detail/${buyer2.id}$`));
    await page.context().close();

    const ok = await signIn('buyer2', 'LongEnough#2026');
    expect(ok.ok, ok.error).toBe(true);
    await ok.page.context().close();

    // Two failures lock the account under this policy (the server default would allow five).
    for (let i = 0; i < 2; i++) {
      const bad = await signIn('buyer2', 'wrong-password');
      expect(bad.ok).toBe(false);
      await bad.page.context().close();
    }
    const locked = await signIn('buyer2', 'LongEnough#2026');
    expect(locked.ok).toBe(false);
    expect(locked.error).toMatch(/locked/);
    await locked.page.context().close();
  });

  it('is enforced when users change their own password', async () => {
    const page = await admin('/hiam/user/info', 'approver');
    const info = page.locator('[data-screen="/hiam/user/info"]');
    await expect.poll(() => info.locator('#field-loginName').inputValue()).toBe('approver');
    await info.getByRole('button', { name: label('修改密码') }).click();
    const pw = page.locator('[data-screen="/hiam/user/info/password"]');
    await pw.locator('#field-originalPassword').fill(DEFAULT_DEMO_PASSWORD);
    await pw.locator('#field-password').fill('approver2026');
    await pw.locator('#field-confirmPassword').fill('approver2026');
    await pw.getByTestId('submit-button').click();
    expect(await notice(page)).toContain('禁止包含登录名');
    await pw.locator('#field-password').fill('Approve#2026');
    await pw.locator('#field-confirmPassword').fill('Approve#2026');
    await pw.getByTestId('submit-button').click();
    await page.waitForURL(/\/hiam\/user\/info$/);
    await page.context().close();
    expect((await signIn('approver', DEFAULT_DEMO_PASSWORD)).ok).toBe(false);
    const again = await signIn('approver', 'Approve#2026');
    expect(again.ok, again.error).toBe(true);
    await again.page.context().close();
  });
});

describe('the sign-in log', () => {
  it('records sign-ins, newest first, searchable by login name, result and date', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const expert = await signIn('expert', DEFAULT_DEMO_PASSWORD);
    await expert.page.context().close();
    const failed = await signIn('expert', 'not-the-password');
    await failed.page.context().close();

    const page = await admin('/hiam/user/login-log');
    const log = page.locator('[data-screen="/hiam/user/login-log"]');
    await rows(log).first().waitFor();
    await log.locator('#search-loginName').fill('expert');
    await log.locator('#search-loginDateFrom').click();
    await log.locator('#search-loginDateFrom').fill(today);
    await log.locator('#search-loginDateFrom').press('Enter');
    // One range picker holds both ends (widget dateRange): Enter moves on to the upper end.
    await log.locator('#search-loginDateTo').fill(today);
    await log.locator('#search-loginDateTo').press('Enter');
    await log.getByTestId('search-button').click();
    await expect.poll(() => rows(log).count()).toBe(2);
    const results = await log.locator('[role="gridcell"][data-column="loginResult"]').allTextContents();
    expect(results).toEqual(['失败', '成功']);
    // Shown in the administrator's time zone (the demo users' GMT+8), which may already be tomorrow.
    const shownToday = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    for (const d of await log.locator('[role="gridcell"][data-column="loginDate"]').allTextContents()) expect(d.startsWith(shownToday), d).toBe(true);

    // A plain user sees only their own sign-ins on the same screen.
    const own = await admin('/hiam/user/login-log', 'expert');
    const mine = own.locator('[data-screen="/hiam/user/login-log"]');
    await rows(mine).first().waitFor({ timeout: 60_000 });
    const names = new Set(await mine.locator('[role="gridcell"][data-column="loginName"]').allTextContents());
    expect([...names]).toEqual(['expert']);
    await own.context().close();
    await page.context().close();
  });
});
