import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, startE2E } from './browser.ts';

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(() => e?.close());

describe('/hiam/user from its schema', () => {
  it('signs in, searches, pages, sorts and opens a detail', async () => {
    const page = await e.signIn('admin', '/hiam/user');
    expect(new URL(page.url()).pathname).toBe('/hiam/user');
    expect(page.url()).not.toContain('access_token');
    const screen = page.locator('[data-screen="/hiam/user"]');
    await screen.locator('[role="row"][data-row-key]').first().waitFor();
    // Every seeded user, 10 per page.
    const users = (await e.ctx.db.query<{ n: number }>('select count(*)::int as n from iam_user')).rows[0]!.n;
    expect(await screen.locator('[role="row"][data-row-key]').count()).toBe(10);
    await expect.poll(() => screen.locator('.ant-pagination-total-text').textContent()).toMatch(new RegExp(`\\b${users}\\b`));

    await screen.locator('.ant-pagination-item-2').click();
    await expect.poll(() => screen.locator('[role="row"][data-row-key]').first().getAttribute('data-row-key')).toBe('11');

    await screen.locator('[role="columnheader"][data-column="loginName"]').click();
    await expect.poll(() => screen.locator('[role="columnheader"][data-column="loginName"]').getAttribute('aria-sort')).toBe('ascending');

    await screen.locator('#search-loginName').fill('buyer');
    await screen.getByTestId('search-button').click();
    await expect.poll(() => screen.locator('[role="row"][data-row-key]').count()).toBe(2);
    const names = await screen.locator('[role="gridcell"][data-column="loginName"]').allTextContents();
    expect(names.sort()).toEqual(['buyer', 'buyer2']);

    await screen.locator('[role="gridcell"][data-column="loginName"] a', { hasText: /^buyer$/ }).click();
    await page.waitForURL(/\/hiam\/user\/detail\/3$/);
    const detail = page.locator('[data-screen="/hiam/user/detail/:id"]');
    await expect.poll(() => detail.locator('#field-realName').inputValue()).toBe('Bella Buyer');
  });
});
