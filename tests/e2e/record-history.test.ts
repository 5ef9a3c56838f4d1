import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, startE2E } from './browser.ts';

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(() => e?.close());

describe('a detail screen with "history": true', () => {
  it('shows who changed the record and what, including the change just saved', async () => {
    const page = await e.signIn('buyer', '/smdm/materiel/detail/4');
    const screen = page.locator('[data-screen="/smdm/materiel/detail/:itemId"]');
    await expect.poll(() => screen.locator('#field-itemName').inputValue()).not.toBe('');
    await screen.locator('.ant-tabs-tab', { hasText: '变更历史' }).click();
    const history = screen.getByTestId('record-history').or(screen.locator('.ant-empty'));
    await history.first().waitFor();
    const before = await screen.locator('[data-history-action]').count();

    await screen.locator('#field-itemName').fill('Renamed for the history');
    await screen.getByTestId('save-button').click();
    // The tab reloads with the new version: the newest entry is this change, by this user.
    await expect.poll(() => screen.locator('[data-history-action]').count()).toBe(before + 1);
    const newest = screen.locator('[data-history-action]').first();
    expect(await newest.getAttribute('data-history-action')).toBe('UPDATE');
    const text = (await newest.textContent()) ?? '';
    expect(text).toContain('buyer');
    expect(text).toContain('Renamed for the history');
    await page.context().close();
  });
});
