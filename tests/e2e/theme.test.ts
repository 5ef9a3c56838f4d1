import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeFindings, describeFindings } from './axe.ts';
import { type E2E, startE2E } from './browser.ts';

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(() => e?.close());

/** Relative luminance of a computed `rgb(…)` colour: what tells a dark surface from a white island. */
function luminance(rgb: string): number {
  const [r, g, b] = (rgb.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
    const c = Number(v) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

describe('dark theme', () => {
  it('is switched from the user menu, leaves no light surfaces (header, table, tags), passes the accessibility check and is remembered after a reload', async () => {
    const page = await e.signIn('buyer', '/sodr/send-order/list');
    const list = page.locator('[data-screen="/sodr/send-order/list"]');
    await list.locator('[role="row"][data-row-key]').first().waitFor();
    const backgrounds = () =>
      page.evaluate(() =>
        ['.app-header', '.dt', '.dt-head', '.dt-row', '.ant-card'].map((sel) => {
          const el = document.querySelector(sel);
          return el ? getComputedStyle(el).backgroundColor : 'missing';
        }),
      );
    expect((await backgrounds()).every((c) => c !== 'missing' && luminance(c) > 0.8)).toBe(true);
    await page.getByTestId('user-menu').hover();
    await page.getByTestId('theme-switch').click();
    await page.locator('html[data-theme="dark"]').waitFor({ state: 'attached' });
    await page.mouse.move(700, 600);
    await expect.poll(async () => (await backgrounds()).map(luminance).every((l) => l < 0.05)).toBe(true);
    // The status tags in the list's cells are light text on a dark tag, not a light patch.
    const tag = list.locator('.cell-tag').first();
    if (await tag.count()) expect(luminance(await tag.evaluate((t) => getComputedStyle(t).backgroundColor))).toBeLessThan(0.05);
    expect(describeFindings(await axeFindings(page))).toEqual([]);
    await page.reload();
    await list.locator('[role="row"][data-row-key]').first().waitFor();
    expect(await page.locator('html[data-theme="dark"]').count()).toBe(1);
    expect((await backgrounds()).map(luminance).every((l) => l < 0.05)).toBe(true);
    await page.context().close();
  });

  it('reaches the code editor of the page designer: a dark pane with readable JSON', async () => {
    const page = await e.signIn('admin', '/workplace');
    await page.getByTestId('user-menu').hover();
    await page.getByTestId('theme-switch').click();
    await page.locator('html[data-theme="dark"]').waitFor({ state: 'attached' });
    await page.mouse.move(700, 600);
    await page.goto(`${e.baseUrl}/hpfm/ui/page/detail/SODR.SEND_ORDER.LIST`);
    const editor = page.locator('[data-testid="ui-page-editor"][data-ready="1"] .cm-editor');
    await editor.waitFor();
    const colours = await editor.evaluate((el) => {
      const property = el.querySelector('.cm-line span');
      return { bg: getComputedStyle(el).backgroundColor, gutter: getComputedStyle(el.querySelector('.cm-gutters')!).backgroundColor, text: property ? getComputedStyle(property).color : 'missing' };
    });
    expect(luminance(colours.bg), JSON.stringify({ ...colours, theme: await page.locator('html').getAttribute('data-theme') })).toBeLessThan(0.05);
    expect(luminance(colours.gutter)).toBeLessThan(0.05);
    expect(luminance(colours.text)).toBeGreaterThan(0.3);
    expect(describeFindings(await axeFindings(page, '[data-testid="ui-page-editor"]'))).toEqual([]);
    await page.context().close();
  });
});

describe('reduced motion', () => {
  it('is chosen in the user menu where the system does not ask for it: dialogs then appear without zooming, and the choice outlives a reload', async () => {
    const page = await e.signIn('buyer', '/smdm/materiel/detail/4', false);
    const screen = page.locator('[data-screen="/smdm/materiel/detail/:itemId"]');
    const name = screen.locator('#field-itemName');
    await expect.poll(() => name.inputValue()).not.toBe('');
    await page.getByTestId('user-menu').hover();
    const choice = page.getByTestId('motion-switch');
    await expect.poll(() => choice.textContent()).toBe('减少动画');
    await choice.click();
    await page.reload();
    await expect.poll(() => name.inputValue()).not.toBe('');
    await page.getByTestId('user-menu').hover();
    await expect.poll(() => choice.textContent()).toBe('开启动画');
    await page.mouse.move(700, 600);
    await choice.waitFor({ state: 'hidden' });

    // An edited form's Back asks first: the question stands still at once.
    await name.fill('Edited, not saved');
    await screen.locator('[data-action="back"]').click();
    const question = page.locator('.ant-modal-confirm').filter({ has: page.getByTestId('confirm-leave') });
    await question.waitFor();
    const zooming = await page.locator('.ant-zoom-appear, .ant-zoom-enter').evaluateAll((els) => els.map((el) => el.className));
    expect(zooming, await page.evaluate(() => JSON.stringify({ system: matchMedia('(prefers-reduced-motion: reduce)').matches, chosen: localStorage.getItem('reduce-motion') }))).toEqual([]);
    await page.context().close();
  });
});
