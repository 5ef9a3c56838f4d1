import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, startE2E } from './browser.ts';

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(() => e?.close());

const rowsOf = (screen: ReturnType<import('playwright-core').Page['locator']>) => screen.locator('[role="row"][data-row-key]');

describe('fields and actions of issue 6 in Chromium', () => {
  it('narrows a list by a creation date range picked in one field', async () => {
    await e.ctx.db.query("update smdm_payment_term set creation_date = '2020-01-15 10:00:00' where tenant_id = 1 and term_id in (select term_id from smdm_payment_term where tenant_id = 1 order by term_id limit 2)");
    const old = (await e.ctx.db.query<{ code: string }>("select term_code as code from smdm_payment_term where tenant_id = 1 and creation_date < '2021-01-01' order by term_code")).rows.map((r) => r.code);
    expect(old).toHaveLength(2);
    const page = await e.signIn('buyer', '/smdm/payment-terms');
    const screen = page.locator('[data-screen="/smdm/payment-terms"]');
    await rowsOf(screen).first().waitFor();
    expect(await rowsOf(screen).count()).toBeGreaterThan(2);
    await screen.getByTestId('search-form').getByRole('button', { name: /更\s*多|More/ }).click();
    await screen.locator('#search-creationDateFrom').click();
    await screen.locator('#search-creationDateFrom').fill('2020-01-01');
    await screen.locator('#search-creationDateFrom').press('Enter');
    await screen.locator('#search-creationDateTo').fill('2020-01-31');
    await screen.locator('#search-creationDateTo').press('Enter');
    await screen.getByTestId('search-button').click();
    await expect.poll(async () => (await screen.locator('[role="gridcell"][data-column="termCode"]').allTextContents()).sort()).toEqual(old);
    await page.context().close();
  });

  it('imports a CSV with one bad row: shows the report and adds the good rows to the list', async () => {
    const page = await e.signIn('buyer', '/smdm/payment-terms');
    const screen = page.locator('[data-screen="/smdm/payment-terms"]');
    await rowsOf(screen).first().waitFor();
    await screen.getByTestId('toolbar').getByRole('button', { name: /导\s*入|Import/ }).click();
    const dialog = page.getByTestId('import-dialog');
    const csv = ['termCode,termName,dueDays', 'E2E-IMP-1,Imported one,15', 'bad code,Refused,10', 'E2E-IMP-2,Imported two,45'].join('\n');
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'terms.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await dialog.getByTestId('import-submit').click();
    const report = dialog.getByTestId('import-report');
    await expect.poll(() => report.textContent()).toMatch(/导入 2 行|2 of 3 rows imported/);
    expect(await report.locator('.ant-table-row').count()).toBe(1);
    expect(await report.locator('.ant-table-row td').first().textContent()).toBe('3');
    expect(await report.locator('.ant-table-row').textContent()).toMatch(/termCode/);
    await dialog.getByRole('button', { name: /关\s*闭|Close/ }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await screen.locator('#search-termCode').fill('E2E-IMP');
    await screen.getByTestId('search-button').click();
    await expect.poll(async () => (await screen.locator('[role="gridcell"][data-column="termCode"]').allTextContents()).sort()).toEqual(['E2E-IMP-1', 'E2E-IMP-2']);
    await page.context().close();
  });

  it('blocks creating a user with a taken login name, then saves a region picked in the cascader and shows its path', async () => {
    const page = await e.signIn('admin', '/hiam/user/create');
    const screen = page.locator('[data-screen="/hiam/user/create"]');
    await screen.locator('#field-loginName').fill('buyer');
    await screen.locator('#field-realName').click();
    const loginItem = screen.locator('[data-field="loginName"]');
    await expect.poll(() => loginItem.textContent(), { timeout: 10_000 }).toMatch(/该账号已被使用|already taken/);
    await screen.locator('#field-realName').fill('Taken Name');
    await screen.locator('[data-field="organizationId"] button[aria-label="lookup"]').click();
    const modal = page.locator('.ant-modal');
    await modal.locator('.ant-table-row', { hasText: 'Demo Manufacturing' }).first().click();
    await screen.getByTestId('submit-button').click();
    // Still on the form, the message still there, nothing created.
    await page.waitForTimeout(800);
    expect(new URL(page.url()).pathname).toBe('/hiam/user/create');
    expect(await loginItem.textContent()).toMatch(/该账号已被使用|already taken/);
    expect((await e.ctx.db.query<{ n: number }>("select count(*)::int as n from iam_user where real_name = 'Taken Name'")).rows[0]!.n).toBe(0);

    // A free name clears the message; a region is picked level by level.
    await screen.locator('#field-loginName').fill('region.picked');
    await expect.poll(() => loginItem.textContent()).not.toMatch(/该账号已被使用|already taken/);
    await screen.locator('[data-field="regionCode"] .ant-select').click();
    const menus = page.locator('.ant-cascader-menus');
    await menus.locator('.ant-cascader-menu-item', { hasText: /^中国$/ }).click();
    await menus.locator('.ant-cascader-menu-item', { hasText: /^广东省$/ }).click();
    await menus.locator('.ant-cascader-menu-item', { hasText: /^深圳市$/ }).click();
    await expect.poll(() => screen.locator('[data-field="regionCode"]').textContent()).toContain('中国 / 广东省 / 深圳市');
    await screen.getByTestId('submit-button').click();
    await page.waitForURL(/\/hiam\/user\/detail\/\d+$/);
    const saved = (await e.ctx.db.query<{ region_code: string }>("select region_code from iam_user where login_name = 'region.picked'")).rows[0];
    expect(saved?.region_code).toBe('440300');
    const detail = page.locator('[data-screen="/hiam/user/detail/:id"]');
    await expect.poll(() => detail.locator('[data-field="regionCode"]').textContent(), { timeout: 10_000 }).toContain('中国 / 广东省 / 深圳市');
    await page.context().close();
  });

  it('shows the display names of LOV view fields in a list, not their ids', async () => {
    const page = await e.signIn('admin', '/hiam/sub-account-site');
    const screen = page.locator('[data-screen="/hiam/sub-account-site"]');
    await rowsOf(screen).first().waitFor();
    const tenants = await screen.locator('[role="gridcell"][data-column="organizationId"]').allTextContents();
    expect(tenants.length).toBeGreaterThan(0);
    const names = new Set((await e.ctx.db.query<{ name: string }>('select tenant_name as name from hpfm_tenant')).rows.map((r) => r.name));
    for (const t of tenants) expect(names.has(t.trim()), `"${t}" is a tenant name`).toBe(true);
    await page.context().close();
  });
});
