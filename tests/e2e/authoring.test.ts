import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, startE2E } from './browser.ts';

/**
 * Authoring stored pages in the browser (issue 8): edit with a live preview, publish for one
 * tenant only, roll back, and refused publishing with errors at the right place.
 */
let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(() => e?.close());

const ORDERS = '/sodr/send-order/list';
const editor = (page: Page) => page.getByTestId('ui-page-editor');
const preview = (page: Page) => page.getByTestId('ui-page-preview');
/** Column titles as users read them (without the sort marks). */
const headers = async (scope: ReturnType<Page['locator']>) => (await scope.locator('[role="columnheader"]').allInnerTexts()).map((t) => t.replace(/[↕↑↓]/g, '').trim());

/** Waits for CodeMirror (its own chunk) and returns the text it shows. */
async function editorText(page: Page): Promise<string> {
  await page.locator('[data-testid="ui-page-editor"][data-ready="1"] .cm-content').waitFor();
  return page.evaluate(() => {
    const lines = [...document.querySelectorAll('[data-testid="ui-page-editor"] .cm-line')].map((l) => (l as HTMLElement).innerText);
    return lines.join('\n');
  });
}

/** Replaces the whole text the way a user pastes: select all, then insert. */
async function replaceText(page: Page, text: string): Promise<void> {
  await editor(page).locator('.cm-content').click();
  await page.keyboard.press('Control+a');
  await page.keyboard.insertText(text);
}

/** The stored JSON of a page as the server has it (the editor virtualises long documents). */
async function stored(tenant: number, code: string): Promise<Record<string, unknown>> {
  const r = await e.ctx.db.query<{ content: string }>('select content from hpfm_ui_page where tenant_id = $1 and page_code = $2 and delete_flag = 0', [tenant, code]);
  return JSON.parse(r.rows[0]!.content) as Record<string, unknown>;
}

/** The send-order list with the supplier column relabelled. */
function relabelled(doc: Record<string, unknown>, label: string): string {
  const d = structuredClone(doc) as { table: { columns: Array<string | Record<string, unknown>> } };
  d.table.columns = d.table.columns.map((c) => (typeof c === 'object' && c.field === 'supplierName' ? { ...c, label: { zh_CN: label, en_US: label } } : c));
  return JSON.stringify(d, null, 2);
}

/** The platform administrator, working inside the demo tenant (where the orders the preview lists are). */
const adminInDemoTenant = (path: string) => e.adminIn(1, path);

async function listHeaders(user: string): Promise<string[]> {
  const page = await e.signIn(user, ORDERS);
  const screen = page.locator(`[data-screen="${ORDERS}"]`);
  await screen.locator('[role="row"][data-row-key]').first().waitFor();
  const h = await headers(screen);
  await page.context().close();
  return h;
}

describe('authoring stored pages (issue 8)', () => {
  it('edits a stored page and the live preview follows the text', async () => {
    const page = await adminInDemoTenant('/hpfm/ui/page/detail/SODR.SEND_ORDER.LIST');
    expect(await editorText(page)).toContain('"route": "/sodr/send-order/list"');
    await preview(page).locator('[role="row"][data-row-key]').first().waitFor();
    expect(await headers(preview(page))).toContain('供应商');
    await replaceText(page, relabelled(await stored(0, 'SODR.SEND_ORDER.LIST'), '预览中的供方'));
    await expect.poll(() => headers(preview(page))).toContain('预览中的供方');
    expect(await page.getByTestId('ui-page-no-problems').count()).toBe(1);
    // Closing the designer's tab with unsaved text asks in the app's own dialog; Esc keeps editing.
    await page.locator('.ant-tabs-tab-active .ant-tabs-tab-remove').click();
    const question = page.locator('.ant-modal-confirm').filter({ has: page.getByTestId('confirm-leave') });
    await question.waitFor();
    await page.keyboard.press('Escape');
    await question.waitFor({ state: 'hidden' });
    expect(await page.getByTestId('ui-page-designer').isVisible()).toBe(true);
    expect(await headers(preview(page))).toContain('预览中的供方');
    await page.getByTestId('ui-page-save').click();
    await expect.poll(() => page.getByTestId('ui-page-version').innerText()).toContain('v2');
    expect(((await stored(0, 'SODR.SEND_ORDER.LIST')).table as { columns: unknown[] }).columns).toContainEqual(expect.objectContaining({ label: { zh_CN: '预览中的供方', en_US: '预览中的供方' } }));
    await page.context().close();
  });

  it('refuses to publish an invalid edit and points at the field, its path and its line', async () => {
    const page = await adminInDemoTenant('/hpfm/ui/page/detail/SODR.SEND_ORDER.LIST');
    await editorText(page);
    const text = JSON.stringify(await stored(0, 'SODR.SEND_ORDER.LIST'), null, 2).replace('"field": "companyName"', '"field": "companyNmae"');
    await replaceText(page, text);
    const line = text.split('\n').findIndex((l) => l.includes('companyNmae')) + 1;
    const problem = page.locator('[data-testid="ui-page-problem"][data-source="check"]');
    await expect.poll(() => problem.count()).toBe(1);
    expect(await problem.getAttribute('data-path')).toBe('/table/columns/3/field');
    expect(await problem.getAttribute('data-line')).toBe(String(line));
    expect(await problem.innerText()).toContain('did you mean "companyName"');
    // The error is marked in the editor too.
    await expect.poll(() => editor(page).locator('.cm-lintRange-error').count()).toBeGreaterThan(0);

    await page.getByTestId('ui-page-publish').click();
    await page.getByTestId('ui-page-diff').waitFor();
    expect(await page.getByTestId('ui-page-diff').innerText()).toMatch(/^\+\s+"field": "companyNmae"/m);
    await page.getByTestId('ui-page-publish-confirm').click();
    await page.getByTestId('ui-page-refused').waitFor({ timeout: 20_000 }).catch(async () => {
      // What the person saw instead, so a failure says why rather than only that it timed out.
      const said = await page.locator('.ant-notification-notice, .ant-message-notice').allInnerTexts();
      const row = await e.ctx.db.query("select version_number, published_version, status_code from hpfm_ui_page where tenant_id = 0 and page_code = 'SODR.SEND_ORDER.LIST'");
      throw new Error(`no refusal shown; notifications: ${JSON.stringify(said)}; stored: ${JSON.stringify(row.rows)}`);
    });
    const refused = page.locator('[data-testid="ui-page-problem"][data-source="publish"]');
    expect(await refused.first().getAttribute('data-path')).toBe('/table/columns/3/field');
    expect(await refused.first().getAttribute('data-line')).toBe(String(line));
    const r = await e.ctx.db.query<{ v: number | null }>("select published_version as v from hpfm_ui_page where tenant_id = 0 and page_code = 'SODR.SEND_ORDER.LIST'");
    expect(r.rows[0]!.v).toBeNull();
    await page.context().close();
  });

  it("changes a column of /sodr/send-order/list for the implementer's tenant only, then rolls back", async () => {
    // A tenant implementer creates the page from the route's file screen, in the browser.
    const page = await e.signIn('admin2', '/hpfm/ui/page-org/list');
    const list = page.locator('[data-screen="/hpfm/ui/page-org/list"]');
    await list.getByTestId('toolbar').getByRole('button').first().click();
    const modal = page.getByTestId('record-modal');
    await modal.locator('#field-pageCode').fill('T2.SEND_ORDER');
    await modal.locator('#field-route').fill(ORDERS);
    await modal.locator('#field-templateCode').click();
    await page.locator('.ant-select-item-option', { hasText: '复制该路由的文件页面' }).click();
    await modal.getByTestId('record-form-save').click();
    const link = list.locator('[role="gridcell"] a', { hasText: 'T2.SEND_ORDER' });
    await link.click();
    await page.waitForURL(/\/hpfm\/ui\/page-org\/detail\/T2\.SEND_ORDER$/);
    await editorText(page);

    await replaceText(page, relabelled(await stored(2, 'T2.SEND_ORDER'), '租户二的供方'));
    await expect.poll(() => headers(preview(page))).toContain('租户二的供方');
    await page.getByTestId('ui-page-publish').click();
    await page.getByTestId('ui-page-diff').waitFor();
    expect(await page.getByTestId('ui-page-diff').innerText()).toContain('租户二的供方');
    await page.getByTestId('ui-page-publish-confirm').click();
    await expect.poll(() => page.getByTestId('ui-page-status').innerText()).toBe('PUBLISHED');

    // Users of tenant 2 get the change; users of tenant 1 keep the file screen.
    expect(await listHeaders('buyer2')).toContain('租户二的供方');
    const other = await listHeaders('buyer');
    expect(other).toContain('供应商');
    expect(other).not.toContain('租户二的供方');

    // One click back to version 1 (the file screen as copied): live at once.
    await page.getByTestId('ui-page-history').click();
    await page.getByTestId('ui-page-rollback-1').click();
    await page.getByTestId('ui-page-rollback-ok').click();
    await expect.poll(() => page.getByTestId('ui-page-version').innerText()).toContain('published v3');
    const after = await listHeaders('buyer2');
    expect(after).toContain('供应商');
    expect(after).not.toContain('租户二的供方');
    await page.context().close();
  });
});

describe('form view and live pages (issue 8)', () => {
  const TERMS = 'HPFM.DEMO.PAYMENT_TERMS';
  /** Preview column titles once the preview's table has rendered. */
  const previewHeaders = async (page: Page) => {
    await preview(page).locator('[role="columnheader"]').first().waitFor();
    return headers(preview(page));
  };

  it('hides a column in the form view: the preview follows, the JSON holds it, and undoing it gives the same text back', async () => {
    const original = (await e.ctx.db.query<{ content: string }>('select content from hpfm_ui_page where tenant_id = 0 and page_code = $1 and delete_flag = 0', [TERMS])).rows[0]!.content;
    const page = await adminInDemoTenant(`/hpfm/ui/page/detail/${TERMS}`);
    await editorText(page);
    const before = await previewHeaders(page);

    await page.getByTestId('ui-page-tab-form').click();
    const row = page.locator('[data-testid="sv-list"][data-path="table/columns"] [data-testid="sv-row"][data-field="baseDateCode"]');
    await row.getByTestId('sv-hidden').locator('input').check();
    await expect.poll(async () => (await headers(preview(page))).length).toBe(before.length - 1);
    await page.getByTestId('ui-page-save').click();
    await expect.poll(async () => JSON.stringify(await stored(0, TERMS))).toContain('{"field":"baseDateCode","hidden":true}');
    // Only that line of the text changed.
    const saved = (await e.ctx.db.query<{ content: string }>('select content from hpfm_ui_page where tenant_id = 0 and page_code = $1 and delete_flag = 0', [TERMS])).rows[0]!.content;
    expect(saved.split('\n').filter((l) => !original.split('\n').includes(l))).toEqual(['      { "field": "baseDateCode", "hidden": true },']);

    // An edit typed in the JSON shows in the form view.
    await page.getByTestId('ui-page-tab-json').click();
    await replaceText(page, saved.replace('{ "field": "baseDateCode", "hidden": true }', '{ "field": "baseDateCode", "hidden": true, "width": 321 }'));
    await page.getByTestId('ui-page-tab-form').click();
    await expect.poll(() => row.getByTestId('sv-width').inputValue()).toBe('321');

    // Undone in the form view: the column is back in the preview and the text is the original one.
    await row.getByTestId('sv-hidden').locator('input').uncheck();
    await row.getByTestId('sv-width').fill('');
    await row.getByTestId('sv-width').blur();
    await expect.poll(async () => (await headers(preview(page))).length).toBe(before.length);
    await page.getByTestId('ui-page-save').click();
    await expect.poll(async () => (await e.ctx.db.query<{ content: string }>('select content from hpfm_ui_page where tenant_id = 0 and page_code = $1 and delete_flag = 0', [TERMS])).rows[0]!.content).toBe(original);
    await page.context().close();
  });

  it('a publish reaches a second signed-in browser that has the route open, without reloading it', async () => {
    const viewer = await e.signIn('buyer', ORDERS);
    const list = viewer.locator(`[data-screen="${ORDERS}"]`);
    await list.locator('[role="row"][data-row-key]').first().waitFor();
    expect(await headers(list)).toContain('供应商');
    // Survives only if the document is never reloaded.
    await viewer.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));

    const page = await adminInDemoTenant('/hpfm/ui/page/detail/SODR.SEND_ORDER.LIST');
    await editorText(page);
    const file = JSON.parse(readFileSync(join(__dirname, '../../schemas/sodr/send-order.list.json'), 'utf8')) as Record<string, unknown>;
    await replaceText(page, relabelled(file, '推送的供方'));
    await expect.poll(() => headers(preview(page))).toContain('推送的供方');
    await page.getByTestId('ui-page-publish').click();
    await page.getByTestId('ui-page-publish-confirm').click();
    // On failure the poll shows what the screen said (a refusal, a notice) rather than only the status.
    await expect.poll(() => statusAndSayings(page)).toMatch(/^PUBLISHED/);

    // The buyer's open tab gets the new version from the server's push.
    await expect.poll(() => headers(list), { timeout: 15000 }).toContain('推送的供方');
    await list.locator('[role="row"][data-row-key]').first().waitFor();
    expect(await viewer.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);

    // Unpublished: the file screen comes back the same way.
    await page.getByTestId('ui-page-unpublish').click();
    // (While the file screen loads, the list has no headers at all: wait for the file's label itself.)
    await expect.poll(() => headers(list), { timeout: 15000 }).toContain('供应商');
    expect(await headers(list)).not.toContain('推送的供方');
    expect(await viewer.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    await viewer.context().close();
    await page.context().close();
  });
});

/** The page's status followed by any refusal or notice on screen, for a failure message that explains itself. */
async function statusAndSayings(page: Page): Promise<string> {
  const status = await page.getByTestId('ui-page-status').innerText();
  const said = await page.locator('[data-testid="ui-page-refused"], .ant-message-notice, .ant-notification-notice').allInnerTexts();
  return [status, ...said].join(' | ');
}
