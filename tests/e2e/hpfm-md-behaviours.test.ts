import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, person, startE2E } from './browser.ts';

/**
 * Platform master data and organisation (§2.3, issue 7): the company → department → post → staff
 * drill-down by links, the department tree, and org LOVs picked in forms and saved.
 */
let e: E2E;
let token = '';
beforeAll(async () => {
  e = await startE2E();
  // The platform administrator, working inside the demo tenant where its organisation lives.
  const login = await e.app.inject({ method: 'POST', url: '/oauth/oauth/login', payload: 'username=admin&password=Demo%402026&redirect_uri=/', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  token = /access_token=([^&]+)/.exec(String(login.headers.location))![1]!;
  await e.app.inject({ method: 'PUT', url: '/iam/v1/users/tenant-id?tenantId=1', headers: { authorization: `bearer ${token}` } });
});
afterAll(() => e?.close());

async function open(path: string): Promise<Page> {
  const page = await (await person(e.browser)).newPage();
  page.on('pageerror', (err) => {
    throw err;
  });
  await page.goto(`${e.baseUrl}${path}#access_token=${token}&token_type=bearer&expires_in=3600`);
  return page;
}

const rows = (page: Page, route: string) => page.locator(`[data-screen="${route}"] [role="row"][data-row-key]`);
/** The list's total as the pagination shows it ("共 26 条", "26 items"): rows are virtualised, so not all are in the DOM. */
const total = async (page: Page, route: string) => Number(/\d+/.exec((await page.locator(`[data-screen="${route}"] .ant-pagination-total-text`).textContent()) ?? '')?.[0] ?? 0);
const row = (page: Page, route: string, text: string) => rows(page, route).filter({ has: page.locator('[role="gridcell"]', { hasText: new RegExp(`^[▸▾]?${text}$`) }) });

describe('hpfm organisation', () => {
  it('drills down company → department → post → staff by clicking links, with the departments as a tree', async () => {
    const page = await open('/hpfm/hr/org/company');
    const companies = '/hpfm/hr/org/company';
    await rows(page, companies).first().waitFor();
    await page.locator(`[data-screen="${companies}"] [role="gridcell"][data-column="companyName"] a`, { hasText: '演示制造集团股份有限公司' }).click();

    const departments = '/hpfm/hr/org/department/:companyId';
    await page.waitForURL(/\/hpfm\/hr\/org\/department\/1$/);
    await rows(page, departments).first().waitFor();
    expect(await page.locator(`[data-screen="${departments}"] [role="treegrid"]`).count()).toBe(1);
    const center = row(page, departments, '采购中心');
    expect(await center.getAttribute('aria-level')).toBe('1');
    expect(await row(page, departments, '战略采购部').getAttribute('aria-level')).toBe('2');
    expect(await row(page, departments, '电子料采购科').getAttribute('aria-level')).toBe('3');
    await center.getByRole('button', { name: 'collapse' }).click();
    await expect.poll(() => row(page, departments, '战略采购部').count()).toBe(0);
    await center.getByRole('button', { name: 'expand' }).click();
    await expect.poll(() => row(page, departments, '战略采购部').count()).toBe(1);

    await center.locator('[data-column="unitName"] a').click();
    const posts = '/hpfm/hr/org/post/:unitId';
    await page.waitForURL(/\/hpfm\/hr\/org\/post\/\d+$/);
    await rows(page, posts).first().waitFor();
    await expect.poll(() => total(page, posts)).toBeGreaterThanOrEqual(25);
    await row(page, posts, '采购员').locator('[data-column="positionName"] a').click();

    const staff = '/hpfm/hr/org/staff/:positionId';
    await page.waitForURL(/\/hpfm\/hr\/org\/staff\/\d+$/);
    await rows(page, staff).first().waitFor();
    await expect.poll(() => total(page, staff)).toBeGreaterThanOrEqual(25);
    const units = await page.locator(`[data-screen="${staff}"] [role="gridcell"][data-column="unitName"]`).allTextContents();
    expect(new Set(units)).toEqual(new Set(['采购中心']));
    const first = page.locator(`[data-screen="${staff}"] [role="gridcell"][data-column="employeeNum"] a`).first();
    const num = (await first.textContent())!;
    await first.click();
    await page.waitForURL(new RegExp(`/hpfm/hr/staff/detail/\\d+/${num}$`));
    await expect.poll(() => page.locator('[data-screen="/hpfm/hr/staff/detail/:employeeId/:employeeNum"] #field-positionName').inputValue()).toBe('采购员');
    await page.context().close();
  }, 180000);

  it('picks a company through the LOV modal on an employee and saves it', async () => {
    const page = await open('/hpfm/hr/staff/detail/2/E000002');
    const screen = page.locator('[data-screen="/hpfm/hr/staff/detail/:employeeId/:employeeNum"]');
    await expect.poll(() => screen.locator('#field-name').inputValue()).not.toBe('');
    await screen.locator('[data-field="companyId"] button[aria-label="lookup"]').click();
    const modal = page.locator('.ant-modal');
    await modal.locator('input[name="lov-companyName"]').fill('苏州');
    await modal.locator('input[name="lov-companyName"]').press('Enter');
    await modal.locator('.ant-table-row', { hasText: '演示精密机械(苏州)有限公司' }).click();
    await expect.poll(() => screen.locator('#field-companyId').inputValue()).toBe('演示精密机械(苏州)有限公司');
    await screen.getByTestId('save-button').click();
    await expect
      .poll(async () => (await e.ctx.db.query<{ c: number; n: string }>('select company_id::int as c, company_name as n from hpfm_employee where employee_id = 2')).rows[0])
      .toEqual({ c: 2, n: '演示精密机械(苏州)有限公司' });
    // The copied name is the server's, shown after the reload that follows a save.
    await expect.poll(() => screen.locator('#field-companyName').inputValue()).toBe('演示精密机械(苏州)有限公司');
    await page.context().close();
  }, 180000);

  it('creates a purchasing organisation in the record form, its company picked in a LOV', async () => {
    const route = '/hpfm/org-info/purchase-org';
    const page = await open(route);
    await rows(page, route).first().waitFor();
    await page.locator(`[data-screen="${route}"] [data-testid="toolbar"] [data-action="form"]`).click();
    const form = page.getByTestId('record-form');
    await form.locator('#field-purchaseOrgCode').fill('PO-E2E-01');
    await form.locator('#field-purchaseOrgName').fill('华东集中采购组织');
    await form.locator('[data-field="companyId"] button[aria-label="lookup"]').click();
    const lov = page.locator('.ant-modal').filter({ has: page.locator('input[name="lov-companyNum"]') });
    await lov.locator('input[name="lov-companyNum"]').fill('DM1200');
    await lov.locator('input[name="lov-companyNum"]').press('Enter');
    await lov.locator('.ant-table-row', { hasText: '演示汽车电子(无锡)有限公司' }).click();
    await page.getByTestId('record-form-save').click();
    await expect
      .poll(async () => (await e.ctx.db.query<{ c: number; n: string }>("select company_id::int as c, company_name as n from hpfm_purchase_org where purchase_org_code = 'PO-E2E-01' and tenant_id = 1")).rows[0])
      .toEqual({ c: 3, n: '演示汽车电子(无锡)有限公司' });
    await page.locator(`[data-screen="${route}"] #search-purchaseOrgCode`).fill('PO-E2E-01');
    await page.locator(`[data-screen="${route}"]`).getByTestId('search-button').click();
    await expect.poll(() => page.locator(`[data-screen="${route}"] [role="gridcell"][data-column="companyName"]`).allTextContents()).toEqual(['演示汽车电子(无锡)有限公司']);
    await page.context().close();
  }, 180000);
});
