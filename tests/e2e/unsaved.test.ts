import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, startE2E } from './browser.ts';

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(() => e?.close());

describe('unsaved input when the window closes', () => {
  it('the browser asks before closing a window with an edited form, and not when nothing was edited', async () => {
    const page = await e.signIn('admin', '/hiam/user/detail/3');
    const detail = page.locator('[data-screen="/hiam/user/detail/:id"]');
    const name = detail.locator('#field-realName');
    await expect.poll(() => name.inputValue()).not.toBe('');

    // Edited, not saved: closing the window asks first.
    let asked: string | undefined;
    page.on('dialog', (d) => {
      asked = d.type();
      void d.dismiss();
    });
    await name.fill('Bella Buyer (edited)');
    const closed = page.close({ runBeforeUnload: true });
    await expect.poll(() => asked).toBe('beforeunload');
    await closed;
    // The dismissed question kept the page open with its input.
    expect(page.isClosed()).toBe(false);
    expect(await name.inputValue()).toBe('Bella Buyer (edited)');
    await page.context().close();

    // Nothing edited: the window closes without a question.
    const clean = await e.signIn('admin', '/hiam/user/detail/3');
    await expect.poll(() => clean.locator('[data-screen="/hiam/user/detail/:id"] #field-realName').inputValue()).not.toBe('');
    let cleanAsked = false;
    clean.on('dialog', (d) => {
      cleanAsked = true;
      void d.dismiss();
    });
    await clean.close({ runBeforeUnload: true });
    await expect.poll(() => clean.isClosed()).toBe(true);
    expect(cleanAsked).toBe(false);
  });
});
