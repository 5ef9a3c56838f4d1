import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, startE2E } from './browser.ts';

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(() => e?.close());

const token = (page: Page) => page.evaluate(() => localStorage.getItem('access_token') ?? '');

/** The rows of the file aggregate list whose file name contains `name`. */
async function aggregateRows(page: Page, name: string) {
  await page.goto(`${e.baseUrl}/hfile/file-aggregate`);
  const screen = page.locator('[data-screen="/hfile/file-aggregate"]');
  await screen.locator('[role="row"][data-row-key]').first().waitFor();
  await screen.locator('#search-fileName').fill(name);
  const answered = page.waitForResponse((r) => r.url().includes('/files/summary') && r.url().includes('fileName='));
  await screen.getByTestId('search-button').click();
  await answered;
  return screen.locator('[role="row"][data-row-key]', { hasText: name });
}

describe('files: upload on a record, aggregate listing, download, delete', () => {
  it('uploads an attachment on a material, lists it in the aggregate, downloads the same bytes and deletes it', async () => {
    const admin = await e.signIn('admin', '/workplace');
    // The platform administrator works inside the demo tenant, where the materials are.
    const switched = await e.app.inject({ method: 'PUT', url: '/iam/v1/users/tenant-id?tenantId=1', headers: { authorization: `bearer ${await token(admin)}` } });
    expect(switched.statusCode).toBe(200);
    const itemId = (await e.ctx.db.query<{ id: number }>('select item_id::float8 as id from smdm_item where tenant_id = 1 order by item_id limit 1')).rows[0]!.id;
    await admin.goto(`${e.baseUrl}/smdm/materiel/detail/${itemId}`);
    const detail = admin.locator('[data-screen="/smdm/materiel/detail/:itemId"]');
    const attachment = detail.getByTestId('attachment');
    await attachment.waitFor();

    const fileName = `e2e-spec-${Date.now() % 100000}.txt`;
    const body = `Material specification\n规格：M8 × 30，强度等级 8.8\n${'x'.repeat(2000)}\n`;
    await attachment.locator('input[type="file"]').setInputFiles({ name: fileName, mimeType: 'text/plain', buffer: Buffer.from(body) });
    const link = attachment.locator('a', { hasText: fileName });
    await link.waitFor({ timeout: 15000 });
    // The record keeps the attachment's UUID.
    await detail.getByTestId('save-button').click();
    await expect.poll(async () => (await e.ctx.db.query<{ u: string | null }>('select attachment_uuid as u from smdm_item where item_id = $1', [itemId])).rows[0]!.u).not.toBeNull();

    // Download through the file call (token in the query, as links carry no header).
    const href = (await link.getAttribute('href'))!;
    expect(href).toContain('/files/download?');
    const download = await admin.request.get(`${e.baseUrl}${href}`);
    expect(download.status()).toBe(200);
    expect(await download.text()).toBe(body);
    expect(download.headers()['content-disposition']).toContain(encodeURIComponent(fileName));

    // The aggregate listing shows it, with its bucket and size.
    const rows = await aggregateRows(admin, fileName);
    await rows.first().waitFor({ timeout: 10000 });
    expect(await rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain('attachments');

    // Deleting it on the record removes the file: no link, no download, not listed.
    await admin.goto(`${e.baseUrl}/smdm/materiel/detail/${itemId}`);
    await link.waitFor({ timeout: 15000 });
    await attachment.getByRole('button', { name: `delete ${fileName}` }).click();
    await expect.poll(() => link.count(), { timeout: 10000 }).toBe(0);
    expect((await admin.request.get(`${e.baseUrl}${href}`)).status()).toBe(404);
    const after = await aggregateRows(admin, fileName);
    await expect.poll(() => after.count()).toBe(0);

    await admin.context().close();
  });
});
