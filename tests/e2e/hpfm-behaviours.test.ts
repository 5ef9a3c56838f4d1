import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, startE2E } from './browser.ts';
import { choose as chooseIn } from './flow-kit.ts';

/**
 * The platform describes itself: what an administrator changes in the hpfm configuration
 * screens changes the running app (issue 7), proven in Chromium against the server.
 */
let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(() => e?.close());

const one = async <T>(sql: string, params: unknown[] = []) => (await e.ctx.db.query<T>(sql, params)).rows[0]!;

async function token(user: string): Promise<string> {
  const login = await e.app.inject({
    method: 'POST',
    url: '/oauth/oauth/login',
    payload: `username=${user}&password=Demo%402026&redirect_uri=/`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  return /access_token=([^&]+)/.exec(String(login.headers.location))![1]!;
}

/** Fills the record form in the open modal: text inputs by field name. */
async function fill(page: Page, values: Record<string, string>) {
  const form = page.getByTestId('record-form');
  await form.waitFor();
  for (const [name, v] of Object.entries(values)) await form.locator(`#field-${name}`).fill(v);
}

/** Picks an option of a select in the open record form by its visible text. */
const choose = (page: Page, name: string, option: string) => chooseIn(page, page.getByTestId('record-form'), name, option);

const saveForm = (page: Page) => page.getByTestId('record-form-save').click();

describe('hpfm configuration changes the running app', () => {
  it('value-list: a value added to a value set appears in the selects using it, in a new tab', async () => {
    const lov = await one<{ id: number }>("select lov_id::int as id from hpfm_lov where lov_code = 'SMDM.ITEM_TYPE' and tenant_id = 0");
    const page = await e.signIn('admin', `/hpfm/value-list/detail/${lov.id}`);
    const lines = page.getByTestId('editable-lines');
    await lines.locator('[role="row"][data-row-key]').first().waitFor();
    const before = (await one<{ n: number }>("select count(*)::int as n from hpfm_lov_value where lov_code = 'SMDM.ITEM_TYPE' and tenant_id = 0")).n;
    await expect.poll(() => lines.locator('[role="row"][data-row-key]').count()).toBe(before);
    await lines.locator('[data-action="create-line"]').click();
    await fill(page, { value: 'CONSUMABLE', meaning: '低值易耗品', meaningEn: 'Consumable', orderSeq: '60' });
    await saveForm(page);
    await expect.poll(() => lines.locator('[role="row"][data-row-key]').count()).toBe(before + 1);
    expect(await lines.textContent()).toContain('CONSUMABLE');
    const row = await one<{ lov_id: number; tenant_id: number }>("select lov_id::int, tenant_id::int from hpfm_lov_value where lov_code = 'SMDM.ITEM_TYPE' and value = 'CONSUMABLE'");
    expect(row).toEqual({ lov_id: lov.id, tenant_id: 0 });

    // A new tab loads its own value sets: the new value is there without a rebuild.
    const other = await e.signIn('admin', '/smdm/materiel/create');
    const screen = other.locator('[data-screen="/smdm/materiel/create"]');
    await screen.locator('[data-field="itemTypeCode"] .ant-select').click();
    await other.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '低值易耗品' }).waitFor();
    await other.context().close();
    await page.context().close();
  });

  it('prompt: an edited translation shows after switching to that language', async () => {
    const prompt = await one<{ id: number }>("select prompt_id::int as id from hpfm_prompt where tenant_id = 0 and prompt_key = 'hzero.common' and prompt_code = 'button.search' and lang = 'en_US'");
    const page = await e.signIn('admin', '/hpfm/prompt');
    const screen = page.locator('[data-screen="/hpfm/prompt"]');
    await screen.locator('#search-promptCode').fill('button.search');
    await screen.getByTestId('search-button').click();
    const row = screen.locator(`[role="row"][data-row-key="${prompt.id}"]`);
    await row.waitFor();
    await row.locator('[data-action="form"]').click();
    await page.getByTestId('record-form').locator('#field-description').fill('Find now');
    await saveForm(page);
    await expect.poll(() => row.textContent()).toContain('Find now');
    await page.context().close();
    try {
      const list = await e.signIn('admin', '/hiam/user');
      const search = list.getByTestId('search-button');
      await search.waitFor();
      expect((await search.textContent())?.replace(/\s/g, '')).toBe('查询');
      await list.getByTestId('language-switch').click();
      await list.locator('.ant-dropdown-menu-item', { hasText: 'English' }).click();
      await expect.poll(async () => (await search.textContent())?.trim()).toBe('Find now');
      // The switch is saved for the user too: wait for it, or it could land after the reset below.
      await expect.poll(async () => (await one<{ l: string }>("select language as l from iam_user where login_name = 'admin'")).l).toBe('en_US');
      await list.context().close();
    } finally {
      await e.ctx.db.query("update iam_user set language = 'zh_CN' where login_name = 'admin'");
      await e.ctx.db.query("update hpfm_prompt set description = 'Search' where prompt_id = $1", [prompt.id]);
    }
  });

  it('code-rule: changing the prefix of SODR.PO_NUM changes the next order number', async () => {
    const rule = await one<{ id: number }>("select rule_id::int as id from hpfm_code_rule where rule_code = 'SODR.PO_NUM' and tenant_id = 0");
    const seg = await one<{ id: number }>("select rule_detail_id::int as id from hpfm_code_rule_detail where rule_id = $1 and field_type = 'CONSTANT'", [rule.id]);
    const page = await e.signIn('admin', `/hpfm/code-rule/dist/${rule.id}`);
    const lines = page.getByTestId('editable-lines');
    const row = lines.locator(`[role="row"][data-row-key="${seg.id}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain('PO');
    await row.locator('[data-action="edit-line"]').click();
    await fill(page, { fieldValue: 'PX' });
    await saveForm(page);
    await expect.poll(() => row.textContent()).toContain('PX');
    try {
      const buyer = await token('buyer');
      const r = await e.app.inject({ method: 'POST', url: '/sodr/v1/1/po-headers', payload: { supplierName: 'Code Rule Supplier', companyName: 'Demo Manufacturing Co.' }, headers: { authorization: `bearer ${buyer}` } });
      expect(r.json().displayPoNum).toMatch(/^PX\d{8}$/);
    } finally {
      await e.ctx.db.query("update hpfm_code_rule_detail set field_value = 'PO' where rule_detail_id = $1", [seg.id]);
      await page.context().close();
    }
  });

  it('permission: a data permission rule and range make the buyer see fewer orders', async () => {
    const buyer = await e.signIn('buyer', '/sodr/send-order/list');
    const list = buyer.locator('[data-screen="/sodr/send-order/list"]');
    const totalText = () => list.locator('.ant-pagination-total-text').textContent();
    const all = (await one<{ n: number }>('select count(*)::int as n from sodr_po_header where tenant_id = 1')).n;
    const sz = (await one<{ n: number }>("select count(*)::int as n from sodr_po_header where tenant_id = 1 and company_name = 'Demo Manufacturing (Suzhou) Ltd.'")).n;
    expect(sz).toBeLessThan(all);
    await expect.poll(totalText).toContain(String(all));

    const admin = await e.signIn('admin', '/hpfm/permission/rule');
    const rules = admin.locator('[data-screen="/hpfm/permission/rule"]');
    await rules.locator('[role="row"][data-row-key]').first().waitFor();
    await rules.getByTestId('toolbar').locator('[data-action="form"]').click();
    await fill(admin, { ruleCode: 'E2E.PO_SZ', ruleName: 'Suzhou orders only', fieldName: 'companyName', fieldValue: 'Demo Manufacturing (Suzhou) Ltd.' });
    await choose(admin, 'ruleTypeCode', '字段等于');
    await saveForm(admin);
    await expect.poll(async () => (await e.ctx.db.query("select 1 from hpfm_permission_rule where rule_code = 'E2E.PO_SZ'")).rows.length).toBe(1);

    await admin.goto(`${e.baseUrl}/hpfm/permission/range`);
    const ranges = admin.locator('[data-screen="/hpfm/permission/range"]');
    await ranges.locator('[role="row"][data-row-key]').first().waitFor();
    await ranges.getByTestId('toolbar').locator('[data-action="form"]').click();
    await choose(admin, 'entityName', '采购订单');
    await fill(admin, { roleCode: 'PURCHASER' });
    await admin.getByTestId('record-form').locator('#field-ruleCode').click();
    await admin.locator('input[name="lov-ruleCode"]').fill('E2E.PO_SZ');
    await admin.locator('input[name="lov-ruleCode"]').press('Enter');
    await admin.locator('.ant-modal .ant-table-row', { hasText: 'E2E.PO_SZ' }).click();
    await expect.poll(() => admin.getByTestId('record-form').locator('#field-ruleCode').inputValue()).toBe('Suzhou orders only');
    await saveForm(admin);
    // The form closes when the range is saved; when it does not, what it says is the failure.
    await admin
      .getByTestId('record-form')
      .waitFor({ state: 'hidden', timeout: 15_000 })
      .catch(async () => {
        throw new Error(`the range form stayed open: ${await admin.getByTestId('record-form').textContent()}`);
      });
    try {
      await expect.poll(async () => (await e.ctx.db.query("select 1 from hpfm_permission_range where rule_code = 'E2E.PO_SZ' and role_code = 'PURCHASER'")).rows.length).toBe(1);
      await buyer.reload();
      await expect.poll(totalText).toContain(String(sz));
      const companies = await list.locator('[role="row"][data-row-key] [role="gridcell"][data-column="companyName"]').allTextContents();
      expect(companies.length).toBeGreaterThan(0);
      expect(new Set(companies)).toEqual(new Set(['Demo Manufacturing (Suzhou) Ltd.']));
    } finally {
      await e.ctx.db.query("delete from hpfm_permission_range where rule_code = 'E2E.PO_SZ'");
      await e.ctx.db.query("delete from hpfm_permission_rule where rule_code = 'E2E.PO_SZ'");
      await admin.context().close();
      await buyer.context().close();
    }
  });

  it('platform-log and tenant-log: show who changed what, with the changes', async () => {
    const admin = await token('admin');
    const created = await e.app.inject({ method: 'POST', url: '/hpfm/v1/languages', payload: { code: 'la_VA', name: 'Latina', nameEn: 'Latin', enabledFlag: 0 }, headers: { authorization: `bearer ${admin}` } });
    expect(created.statusCode).toBe(200);
    const page = await e.signIn('admin', '/hpfm/platform-log');
    const screen = page.locator('[data-screen="/hpfm/platform-log"]');
    await screen.locator('[role="row"][data-row-key]').first().waitFor();
    expect(await screen.locator('[role="row"][data-row-key]').count()).toBe(10);
    await screen.locator('#search-entityName').fill('language');
    await screen.getByTestId('search-button').click();
    const latest = screen.locator('[role="row"][data-row-key]').first();
    await expect.poll(() => latest.locator('[data-column="changes"]').textContent()).toContain('"code":"la_VA"');
    expect(await latest.locator('[data-column="loginName"]').textContent()).toBe('admin');
    expect(await latest.locator('[data-column="recordId"]').textContent()).toBe(String(created.json().id));
    await page.context().close();

    // A tenant administrator (SYS_ADMINISTRATOR's menu is restricted by §6) sees their own tenant's log.
    const tenant = await e.signIn('admin2', '/hpfm/tenant-log');
    const tl = tenant.locator('[data-screen="/hpfm/tenant-log"]');
    await tl.locator('[role="row"][data-row-key]').first().waitFor();
    expect(await tl.locator('[role="row"][data-row-key]').count()).toBe(10);
    // The platform's own changes and other tenants' are not the tenant's business.
    expect(await tl.textContent()).not.toContain('la_VA');
    const users = await tl.locator('[role="gridcell"][data-column="loginName"]').allTextContents();
    expect(users.every((u) => ['admin2', 'buyer2'].includes(u))).toBe(true);
    await tenant.context().close();
  });

  it('sql-execute: warns, runs a read-only query for the site administrator, and is out of reach for others', async () => {
    const page = await e.signIn('admin', '/hpfm/sql-execute');
    const screen = page.locator('[data-screen="/hpfm/sql-execute"]');
    await screen.waitFor();
    expect(await screen.textContent()).toContain('默认只读执行');
    await screen.locator('#field-sqlText').fill('select tenant_num from hpfm_tenant where tenant_id <= 2 order by tenant_id');
    await screen.getByTestId('submit-button').click();
    await expect.poll(() => screen.locator('[data-field="result"]').textContent()).toContain('DEMO');
    expect(await screen.locator('[data-field="rowCount"] input').inputValue()).toBe('3');
    await screen.locator('#field-sqlText').fill("delete from hpfm_tenant where tenant_num = 'SECOND'");
    await screen.getByTestId('submit-button').click();
    await page.locator('.ant-notification-notice', { hasText: /allow writes/ }).waitFor();
    expect((await e.ctx.db.query("select 1 from hpfm_tenant where tenant_num = 'SECOND'")).rows).toHaveLength(1);
    await page.context().close();

    const buyer = await e.signIn('buyer', '/hpfm/sql-execute');
    await buyer.locator('[data-testid^="exception-"]').or(buyer.locator('[data-screen="/hpfm/sql-execute"]')).first().waitFor();
    expect(await buyer.locator('[data-screen="/hpfm/sql-execute"]').count()).toBe(0);
    await buyer.context().close();
  });
});
