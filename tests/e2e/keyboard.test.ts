import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { type E2E, startE2E } from './browser.ts';

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(() => e?.close());

/** What has the keyboard focus: its role, test id, the field it belongs to and its text. */
const focus = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return {
      role: el?.getAttribute('role') ?? el?.tagName.toLowerCase(),
      testId: el?.closest('[data-testid]')?.getAttribute('data-testid') ?? undefined,
      field: el?.closest('[data-field]')?.getAttribute('data-field') ?? undefined,
      row: el?.closest('[role="row"]')?.getAttribute('aria-rowindex') ?? undefined,
      text: el?.textContent ?? '',
    };
  });

/** Presses Tab (Shift+Tab with `back`) until `wanted` holds for the focused element, as a keyboard user would. */
async function tabTo(page: Page, wanted: (f: Awaited<ReturnType<typeof focus>>) => boolean, back = false, max = 120) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    if (wanted(await focus(page))) return;
  }
  throw new Error(`Tab did not reach the element in ${max} presses; focus is on ${JSON.stringify(await focus(page))}`);
}

describe('keyboard only', () => {
  it('list → detail → edit → save, without the mouse', async () => {
    const page = await e.signIn('admin', '/workplace');
    // The platform administrator works inside the demo tenant, where the materials are.
    const token = await page.evaluate(() => localStorage.getItem('access_token') ?? '');
    await e.app.inject({ method: 'PUT', url: '/iam/v1/users/tenant-id?tenantId=1', headers: { authorization: `bearer ${token}` } });
    await page.goto(`${e.baseUrl}/smdm/materiel/list`);
    const list = page.locator('[data-screen="/smdm/materiel/list"]');
    await list.locator('[role="row"][data-row-key]').first().waitFor();
    // The page says what it is: one h1, the breadcrumb from the menu.
    const header = page.locator('[data-tab-page="/smdm/materiel/list"] [data-testid="page-header"]');
    expect(await page.locator('h1:visible').count()).toBe(1);
    expect(await header.locator('nav li').count()).toBeGreaterThan(1);

    // Into the grid with Tab: one stop for the whole table, on its first cell.
    await tabTo(page, (f) => f.role === 'gridcell');
    expect(await focus(page)).toMatchObject({ row: '2' });
    // Down a row, across to the name, and Enter opens the row's record.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    const second = await focus(page);
    expect(second).toMatchObject({ role: 'gridcell', row: '3' });
    const code = (await list.locator('[role="row"][aria-rowindex="3"] [data-column="itemCode"]').textContent())!;
    // Space selects the row (the list's selection), Space again clears it.
    await page.keyboard.press('Space');
    expect(await list.locator('[role="row"][aria-rowindex="3"]').getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('Space');
    await page.keyboard.press('Enter');

    const detail = page.locator('[data-screen="/smdm/materiel/detail/:itemId"]');
    await detail.locator('[data-field="itemName"] input').waitFor();
    const itemId = Number(new URL(page.url()).pathname.split('/').pop());
    const before = (await e.ctx.db.query<{ code: string }>('select item_code as code from smdm_item where item_id = $1', [itemId])).rows[0]!;
    expect(before.code).toBe(code);

    // To the name field, a new name typed over the old one.
    await tabTo(page, (f) => f.field === 'itemName');
    const name = `Keyboard ${Date.now() % 100000}`;
    await page.keyboard.press('Control+A');
    await page.keyboard.type(name);
    // Back up to Save (the header's actions come before the form) and Enter.
    await tabTo(page, (f) => f.testId === 'save-button', true);
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await e.ctx.db.query<{ name: string }>('select item_name as name from smdm_item where item_id = $1', [itemId])).rows[0]!.name).toBe(name);
  });
});

describe('dialogs by keyboard', () => {
  it('a confirmation takes the focus, keeps it inside, closes on Esc and gives the focus back to its button', async () => {
    const page = await e.signIn('admin', '/workplace');
    const token = await page.evaluate(() => localStorage.getItem('access_token') ?? '');
    await e.app.inject({ method: 'PUT', url: '/iam/v1/users/tenant-id?tenantId=1', headers: { authorization: `bearer ${token}` } });
    await page.goto(`${e.baseUrl}/smdm/materiel/list`);
    const list = page.locator('[data-screen="/smdm/materiel/list"]');
    await list.locator('[role="row"][data-row-key]').first().waitFor();
    await tabTo(page, (f) => f.role === 'gridcell');
    await page.keyboard.press('Space');
    // Back to the toolbar's Delete (before the table), then Enter asks for confirmation.
    await tabTo(page, (f) => /删\s?除|Delete/.test(f.text) && f.role === 'button', true);
    await page.keyboard.press('Enter');
    const dialog = page.locator('.ant-modal-confirm, .ant-modal').filter({ visible: true }).first();
    await dialog.waitFor();
    const inDialog = () => page.evaluate(() => !!document.activeElement?.closest('.ant-modal'));
    await expect.poll(inDialog).toBe(true);
    // Tab and Shift+Tab go round inside the dialog.
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press(i % 2 ? 'Shift+Tab' : 'Tab');
      expect(await inDialog(), `focus after key ${i + 1}: ${JSON.stringify(await focus(page))}`).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(async () => (await focus(page)).text).toMatch(/删\s?除|Delete/);
    // Nothing was deleted: the row is still there.
    expect(await list.locator('[role="row"][aria-rowindex="2"][aria-selected="true"]').count()).toBe(1);
  });
});

describe('document headers', () => {
  it("a document's page shows its number and status, and its tab title the number", async () => {
    const page = await e.signIn('buyer', '/workplace');
    const po = (await e.ctx.db.query<{ id: number; num: string }>("select po_header_id::float8 as id, display_po_num as num from sodr_po_header where tenant_id = 1 and display_po_num is not null order by po_header_id limit 1")).rows[0]!;
    await page.goto(`${e.baseUrl}/sodr/send-order/detail/${po.id}`);
    const tabPage = page.locator(`[data-tab-page="/sodr/send-order/detail/${po.id}"]`);
    await expect.poll(() => tabPage.getByTestId('page-number').textContent()).toBe(po.num);
    expect((await tabPage.getByTestId('page-status').textContent())!.length).toBeGreaterThan(0);
    expect(await tabPage.locator('h1').count()).toBe(1);
    expect(await page.locator(`[data-tab="/sodr/send-order/detail/${po.id}"]`).textContent()).toContain(po.num);
  });
});
