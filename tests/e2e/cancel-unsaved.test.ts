import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, startE2E } from './browser.ts';

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(() => e?.close());

/** The first role's id, as admin sees the roles. */
async function firstRoleId(): Promise<number> {
  const token = await e.token('admin');
  const r = await e.app.inject({ url: '/iam/hzero/v1/roles/paging?page=0&size=1', headers: { authorization: `bearer ${token}` } });
  return Number((r.json() as { content: Array<{ id: number }> }).content[0]!.id);
}

describe('leaving a form with unsaved changes', () => {
  it('Back asks in a dialog operable by keyboard, keeps the input when told to, and leaves without asking when nothing changed', async () => {
    const id = await firstRoleId();
    const page = await e.signIn('admin', `/hiam/role/detail/${id}`);
    const detail = page.locator('.ant-tabs-content-active [data-screen="/hiam/role/detail/:id"]');
    const name = detail.locator('#field-name');
    await expect.poll(() => name.inputValue()).not.toBe('');
    const stored = await name.inputValue();
    const back = detail.locator('[data-action="back"]');

    // Untouched: Back goes straight to the list.
    await back.click();
    await page.locator('.ant-tabs-content-active [data-screen="/hiam/role"]').waitFor();
    expect(await page.getByTestId('confirm-leave').count()).toBe(0);

    // Edited: Back asks; Esc keeps editing, the input stays and the focus is back on Back.
    await page.goto(`${e.baseUrl}/hiam/role/detail/${id}`);
    await expect.poll(() => name.inputValue()).toBe(stored);
    await name.fill(`${stored} (edited)`);
    await back.focus();
    await page.keyboard.press('Enter');
    const question = page.locator('.ant-modal-confirm').filter({ has: page.getByTestId('confirm-leave') });
    await question.waitFor();
    // "Keep editing" has the focus, so a reflexive Enter throws nothing away.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toMatch(/继\s*续\s*编\s*辑|Keep editing/);
    await page.keyboard.press('Escape');
    await question.waitFor({ state: 'hidden' });
    expect(await name.inputValue()).toBe(`${stored} (edited)`);
    await expect.poll(() => back.evaluate((b) => b === document.activeElement)).toBe(true);

    // Asked again, "Discard changes" (reached by Tab) leaves for the list and drops the input.
    await page.keyboard.press('Enter');
    await question.waitFor();
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toMatch(/放\s*弃\s*修\s*改|Discard changes/);
    await page.keyboard.press('Enter');
    await page.locator('.ant-tabs-content-active [data-screen="/hiam/role"]').waitFor();
    await page.context().close();
  });

  it('closing the tab of an edited form asks first; closing an untouched one does not', async () => {
    const id = await firstRoleId();
    const page = await e.signIn('admin', `/hiam/role/detail/${id}`);
    const detail = page.locator('.ant-tabs-content-active [data-screen="/hiam/role/detail/:id"]');
    const name = detail.locator('#field-name');
    await expect.poll(() => name.inputValue()).not.toBe('');
    // The workspace's own tabs, not the detail page's inner ones.
    const count = () => page.locator('[data-testid="workspace-tabs"] > .ant-tabs-nav .ant-tabs-tab').count();
    const before = await count();
    await name.fill('Changed role name');
    await page.locator('.ant-tabs-tab-active .ant-tabs-tab-remove').click();
    const question = page.locator('.ant-modal-confirm').filter({ has: page.getByTestId('confirm-leave') });
    await question.waitFor();
    await question.getByRole('button', { name: /继\s*续\s*编\s*辑|Keep editing/ }).click();
    await question.waitFor({ state: 'hidden' });
    expect(await count()).toBe(before);
    expect(await name.inputValue()).toBe('Changed role name');

    await page.locator('.ant-tabs-tab-active .ant-tabs-tab-remove').click();
    await question.waitFor();
    await question.getByRole('button', { name: /放\s*弃\s*修\s*改|Discard changes/ }).click();
    await expect.poll(count).toBe(before - 1);

    // An untouched create form closes at once; an edited one's Cancel asks.
    await page.goto(`${e.baseUrl}/hiam/role/create`);
    const create = page.locator('.ant-tabs-content-active [data-screen="/hiam/role/create"]');
    await create.getByTestId('cancel-button').waitFor();
    await create.locator('#field-name').fill('A role never saved');
    await create.getByTestId('cancel-button').click();
    await question.waitFor();
    await page.keyboard.press('Escape');
    await question.waitFor({ state: 'hidden' });
    expect(await create.locator('#field-name').inputValue()).toBe('A role never saved');
    await page.context().close();
  });
});
