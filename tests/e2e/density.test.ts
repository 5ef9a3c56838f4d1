import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeFindings, describeFindings } from './axe.ts';
import { type E2E, startE2E } from './browser.ts';

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(() => e?.close());

describe('compact layout', () => {
  it('is switched from the user menu, shrinks the controls, passes the accessibility check and is remembered after a reload', async () => {
    const page = await e.signIn('buyer', '/sodr/send-order/list');
    const list = page.locator('[data-screen="/sodr/send-order/list"]');
    await list.locator('[role="row"][data-row-key]').first().waitFor();
    const searchButton = list.getByTestId('search-button');
    const comfortable = (await searchButton.boundingBox())!.height;
    await page.getByTestId('user-menu').hover();
    await page.getByTestId('density-switch').click();
    await expect.poll(async () => (await searchButton.boundingBox())!.height).toBeLessThan(comfortable);
    expect(describeFindings(await axeFindings(page))).toEqual([]);
    await page.reload();
    await list.locator('[role="row"][data-row-key]').first().waitFor();
    expect((await list.getByTestId('search-button').boundingBox())!.height).toBeLessThan(comfortable);
  });
});
