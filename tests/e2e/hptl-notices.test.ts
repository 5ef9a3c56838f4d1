import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, startE2E } from './browser.ts';

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(() => e?.close());

describe('notices: create, publish, shown on /workplace', () => {
  it('a notice created and published on the notice screens appears in the workplace Notices card, and leaves it when revoked', async () => {
    const title = `E2E 系统升级公告 ${Date.now() % 100000}`;
    const admin = await e.signIn('admin', '/hptl/notices/list');
    const list = admin.locator('[data-screen="/hptl/notices/list"]');
    await list.locator('[role="row"][data-row-key]').first().waitFor();
    await list.locator('[data-testid="toolbar"] button[data-action="navigate"]').click();
    await admin.waitForURL(/\/hptl\/notices\/create$/);
    const create = admin.locator('[data-screen="/hptl/notices/create"]');
    await create.locator('#field-title').fill(title);
    await create.locator('#field-content').fill('<p>本周六 22:00 至 24:00 系统升级，期间暂停服务。</p>');
    await create.getByTestId('submit-button').click();
    await admin.waitForURL(/\/hptl\/notices\/detail\/\d+$/);
    const noticeId = Number(/detail\/(\d+)$/.exec(admin.url())![1]);
    const detail = admin.locator('[data-screen="/hptl/notices/detail/:noticeId"]');
    await expect.poll(() => detail.locator('#field-title').inputValue()).toBe(title);

    // A draft is not on anyone's workplace.
    const buyer = await e.signIn('buyer', '/workplace');
    const card = () => buyer.locator('[data-card]', { has: buyer.locator('[data-card-list]') });
    await card().first().waitFor();
    expect(await card().first().textContent()).not.toContain(title);

    // Publish through the entity's status action on the detail screen.
    await detail.locator('[data-testid="detail-actions"] button[data-action="transition"]').click();
    await expect.poll(async () => (await e.app.inject({ url: `/hmsg/v1/notices/${noticeId}`, headers: { authorization: `bearer ${await token(admin)}` } })).json().statusCode).toBe('PUBLISHED');
    await expect.poll(() => detail.locator('[data-testid="detail-actions"] button[data-action="transition"]').count()).toBe(1);

    await buyer.reload();
    await card().first().waitFor();
    await expect.poll(() => card().first().textContent(), { timeout: 10000 }).toContain(title);

    // Revoked (confirmed in the dialog), it leaves the workplace again.
    await detail.locator('[data-testid="detail-actions"] button[data-action="transition"]').click();
    await admin.locator('.ant-modal-confirm .ant-btn-primary').click();
    await expect.poll(async () => (await e.app.inject({ url: `/hmsg/v1/notices/${noticeId}`, headers: { authorization: `bearer ${await token(admin)}` } })).json().statusCode).toBe('DRAFT');
    await buyer.reload();
    await card().first().waitFor();
    await expect.poll(() => card().first().textContent(), { timeout: 10000 }).not.toContain(title);

    await admin.context().close();
    await buyer.context().close();
  });
});

async function token(page: import('playwright-core').Page): Promise<string> {
  return page.evaluate(() => localStorage.getItem('access_token') ?? '');
}
