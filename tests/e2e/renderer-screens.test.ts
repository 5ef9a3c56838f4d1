import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { type E2E, startE2E } from './browser.ts';

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(() => e?.close());

const fieldError = (page: Page, name: string) => page.locator(`[data-field="${name}"] .ant-form-item-explain-error`);

describe('screens from schemas (issue 6 acceptance)', () => {
  it('creates a material: required and pattern errors first, then saves and opens the record', async () => {
    const page = await e.signIn('buyer', '/smdm/materiel/create');
    const screen = page.locator('[data-screen="/smdm/materiel/create"]');
    await screen.getByTestId('submit-button').click();
    await expect.poll(() => fieldError(page, 'itemCode').textContent()).toContain('物料编码不能为空');
    expect(await fieldError(page, 'itemName').textContent()).toContain('不能为空');
    await page.fill('#field-itemCode', 'bad code');
    await page.fill('#field-itemName', 'Hex bolt M8');
    await screen.getByTestId('submit-button').click();
    await expect.poll(() => fieldError(page, 'itemCode').textContent()).toContain('格式不正确');
    await page.fill('#field-itemCode', 'MAT-E2E-001');
    await screen.getByTestId('submit-button').click();
    await page.waitForURL(/\/smdm\/materiel\/detail\/\d+$/);
    await expect.poll(() => page.locator('[data-screen="/smdm/materiel/detail/:itemId"] #field-itemName').inputValue()).toBe('Hex bolt M8');
    const r = await e.ctx.db.query<{ n: number }>("select count(*)::int as n from smdm_item where item_code = 'MAT-E2E-001' and tenant_id = 1");
    expect(r.rows[0]!.n).toBe(1);
    await page.context().close();
  });

  it('edits with a validation error, then saves with the record version', async () => {
    const page = await e.signIn('buyer', '/smdm/materiel/detail/1');
    const screen = page.locator('[data-screen="/smdm/materiel/detail/:itemId"]');
    await screen.locator('#field-itemName').waitFor();
    await expect.poll(() => screen.locator('#field-itemName').inputValue()).not.toBe('');
    await screen.locator('#field-itemName').fill('');
    await screen.getByTestId('save-button').click();
    await expect.poll(() => fieldError(page, 'itemName').textContent()).toContain('不能为空');
    await screen.locator('#field-itemName').fill('Renamed in the browser');
    await screen.getByTestId('save-button').click();
    await expect
      .poll(async () => (await e.ctx.db.query<{ item_name: string; v: number }>('select item_name, object_version_number as v from smdm_item where item_id = 1')).rows[0])
      .toEqual({ item_name: 'Renamed in the browser', v: 2 });
    await page.context().close();
  });

  it('offers to reload a record someone else saved meanwhile, and reloads it', async () => {
    const page = await e.signIn('buyer', '/smdm/materiel/detail/5');
    const screen = page.locator('[data-screen="/smdm/materiel/detail/:itemId"]');
    await expect.poll(() => screen.locator('#field-itemName').inputValue()).not.toBe('');
    await e.ctx.db.query("update smdm_item set item_name = 'Saved elsewhere', object_version_number = object_version_number + 1 where item_id = 5");
    await screen.locator('#field-itemName').fill('My stale edit');
    await screen.getByTestId('save-button').click();
    const offer = page.locator('.ant-modal-confirm');
    await expect.poll(() => offer.textContent()).toMatch(/someone else|其他人|他人/);
    // The person asked for reduced motion (browser.ts), so the confirm is there at once; should it
    // ever zoom in, the click waits for it to stand still (theme.test.ts checks the motion itself).
    await expect.poll(() => page.locator('.ant-zoom-appear, .ant-zoom-enter').count()).toBe(0);
    await offer.locator('.ant-btn-primary').click();
    await expect.poll(() => screen.locator('#field-itemName').inputValue()).toBe('Saved elsewhere');
    await page.context().close();
  });

  it('hides a field by expression', async () => {
    const page = await e.signIn('buyer', '/smdm/materiel/detail/3');
    const screen = page.locator('[data-screen="/smdm/materiel/detail/:itemId"]');
    await screen.locator('[data-field="leadTimeDays"]').waitFor();
    await screen.locator('#field-itemTypeCode').click();
    await page.locator('.ant-select-item-option', { hasText: '服务' }).click();
    await expect.poll(() => screen.locator('[data-field="leadTimeDays"]').count()).toBe(0);
    await screen.locator('#field-itemTypeCode').click();
    await page.locator('.ant-select-item-option', { hasText: '原材料' }).click();
    await expect.poll(() => screen.locator('[data-field="leadTimeDays"]').count()).toBe(1);
    await page.context().close();
  });

  it('picks a value in a LOV modal and maps it into the form', async () => {
    const page = await e.signIn('admin', '/hiam/user/create');
    const screen = page.locator('[data-screen="/hiam/user/create"]');
    await screen.locator('[data-field="organizationId"] button[aria-label="lookup"]').click();
    const modal = page.locator('.ant-modal');
    await modal.locator('input[name="lov-tenantName"]').fill('Second');
    await modal.getByRole('button', { name: /查\s*询|Search/ }).click();
    await modal.locator('.ant-table-row', { hasText: 'Second Trading Co.' }).click();
    await expect.poll(() => screen.locator('#field-organizationId').inputValue()).toBe('Second Trading Co.');
    await page.fill('#field-loginName', 'lov.picked');
    await page.fill('#field-realName', 'Lov Picked');
    await screen.getByTestId('submit-button').click();
    await page.waitForURL(/\/hiam\/user\/detail\/\d+$/);
    const r = await e.ctx.db.query<{ organization_id: number }>("select organization_id::int as organization_id from iam_user where login_name = 'lov.picked'");
    expect(r.rows[0]!.organization_id).toBe(2);
    await page.context().close();
  });

  it('uploads, downloads and deletes an attachment', async () => {
    const page = await e.signIn('buyer', '/smdm/materiel/detail/2');
    const screen = page.locator('[data-screen="/smdm/materiel/detail/:itemId"]');
    const box = screen.getByTestId('attachment');
    await box.locator('input[type="file"]').setInputFiles({ name: 'spec-sheet.txt', mimeType: 'text/plain', buffer: Buffer.from('torque 25 Nm') });
    const link = box.locator('a', { hasText: 'spec-sheet.txt' });
    await link.waitFor();
    const body = await page.evaluate(async (href) => (await fetch(href)).text(), (await link.getAttribute('href'))!);
    expect(body).toBe('torque 25 Nm');
    // The new attachment group is saved with the record.
    await screen.getByTestId('save-button').click();
    await expect.poll(async () => (await e.ctx.db.query<{ u: string | null }>('select attachment_uuid as u from smdm_item where item_id = 2')).rows[0]!.u).not.toBeNull();
    await box.getByRole('button', { name: 'delete spec-sheet.txt' }).click();
    await expect.poll(() => link.count()).toBe(0);
    await page.context().close();
  });

  it('exports the list as a file through the hidden form', async () => {
    const page = await e.signIn('admin', '/hiam/user');
    const screen = page.locator('[data-screen="/hiam/user"]');
    await screen.locator('[role="row"][data-row-key]').first().waitFor();
    const exportCall = page.waitForResponse((r) => r.url().includes('exportType=DATA'));
    const download = page.waitForEvent('download');
    await screen.getByRole('button', { name: /导\s*出|Export/ }).click();
    // The dialog offers Excel first; this test reads the CSV.
    const choice = page.getByTestId('export-dialog');
    await choice.getByRole('radio', { name: /CSV/ }).check();
    await choice.getByTestId('export-confirm').click();
    const res = await exportCall;
    expect(res.status()).toBe(200);
    expect(res.headers()['content-disposition']).toContain('attachment');
    const file = await (await download).path();
    const csv = (await import('node:fs')).readFileSync(file, 'utf8');
    expect(csv.split('\n')[0]).toContain('登录名');
    expect(csv).toContain('buyer');
    await page.context().close();
  });

  it('runs a status action declared by the entity', async () => {
    const row = (await e.ctx.db.query<{ id: number }>("select po_header_id::int as id from sodr_po_header where tenant_id = 1 and status_code = 'APPROVED' order by po_header_id limit 1")).rows[0]!;
    const page = await e.signIn('buyer', `/sodr/send-order/detail/${row.id}`);
    const screen = page.locator('[data-screen="/sodr/send-order/detail/:id"]');
    const release = screen.getByTestId('detail-actions').getByRole('button', { name: /发\s*布|Release/ });
    await release.click();
    await page.locator('.ant-modal-confirm .ant-btn-primary').click();
    await expect.poll(async () => (await e.ctx.db.query<{ s: string }>('select status_code as s from sodr_po_header where po_header_id = $1', [row.id])).rows[0]!.s).toBe('PUBLISHED');
    await expect.poll(() => release.count()).toBe(0);
    await screen.locator('[data-field="releasedDate"]').waitFor();
    await page.context().close();
  });

  it('creates a record in a dialog opened by a modal action, then refreshes the list', async () => {
    const page = await e.signIn('buyer', '/smdm/payment-terms');
    const screen = page.locator('[data-screen="/smdm/payment-terms"]');
    await screen.locator('[role="row"][data-row-key]').first().waitFor();
    await screen.getByTestId('toolbar').getByRole('button', { name: /新\s*建|Create/ }).click();
    const dialog = page.getByTestId('action-modal');
    await dialog.locator('#field-termCode').fill('NET-E2E-45');
    await dialog.locator('#field-termName').fill('Net 45 (e2e)');
    await dialog.getByTestId('submit-button').click();
    await expect.poll(() => dialog.count()).toBe(0);
    await screen.locator('#search-termCode').fill('NET-E2E-45');
    await screen.getByTestId('search-button').click();
    await expect.poll(() => screen.locator('[role="gridcell"][data-column="termCode"]').allTextContents()).toEqual(['NET-E2E-45']);
    await page.context().close();
  });
});
