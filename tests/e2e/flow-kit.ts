import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { type E2E, startE2E } from './browser.ts';

/**
 * What the multi-role flow tests share: the visible screen of a route, a detail page's action
 * buttons, the confirm dialog, lookups and dates typed as a person does, reads of the test's
 * database and calls as a signed-in user. `e` is a getter: the server starts in `beforeAll`.
 */
export type Row = Record<string, unknown>;

/** The screen of `route` in the open tab (other tabs keep theirs, hidden). */
export const screen = (page: Page, route: string) => page.locator(`[data-screen="${route}"]:visible`);
/** A button of a detail page's action bar. */
export const detailButton = (page: Page, name: RegExp) => page.getByTestId('detail-actions').getByRole('button', { name });
/** Answers the confirm dialog an action asked. */
/** Narrows a list by one search field (its input's id ends with the field's name) and runs the search. */
export async function searchList(list: Locator, field: string, value: string) {
  const input = list.locator(`input[id$="${field}"]`).first();
  await input.fill(value);
  await input.press('Enter');
}

export const okConfirm = (page: Page) => page.locator('.ant-modal-confirm .ant-btn-primary').click();

/**
 * Turns a list's pages until `row` shows. The list reloads after each save: a look taken while the
 * reload is under way may see the other page, so the turn is retried rather than taken once.
 */
export async function showRow(list: Locator, row: Locator) {
  await expect.poll(async () => {
    if (await row.count()) return true;
    const other = list.locator('.ant-pagination-item:not(.ant-pagination-item-active)').first();
    if (!(await list.locator('.ant-spin-spinning').count()) && (await other.count())) await other.click();
    return false;
  }, { timeout: 20000 }).toBe(true);
}

/** Opens a lookup field's dialog and picks the row holding `text` with the keyboard (a focused row, Enter). */
export async function lookup(page: Page, scope: Locator, field: string, title: string, text: string) {
  await scope.locator(`[data-field="${field}"]`).getByRole('button', { name: 'lookup' }).click();
  const dialog = page.locator('.ant-modal', { hasText: title });
  const row = dialog.locator('.ant-table-row', { hasText: text }).first();
  await row.waitFor();
  await row.focus();
  await row.press('Enter');
  await expect.poll(() => dialog.isVisible()).toBe(false);
}

/**
 * Picks an option of a select by its visible text and waits until the select shows it. A click
 * that lands while the options are re-rendering (a value set arriving) selects nothing; the pick
 * is tried again then, up to three times, so a select that never takes the value still fails.
 */
export async function choose(page: Page, scope: Locator, field: string, option: string) {
  const select = scope.locator(`[data-field="${field}"] .ant-select`).first();
  const combobox = select.locator('[role="combobox"]');
  for (let tries = 1; ; tries++) {
    if ((await combobox.getAttribute('aria-expanded')) !== 'true') await select.click();
    // This select's own list: another one may still be fading out.
    const list = await combobox.getAttribute('aria-controls');
    const dropdown = page.locator('.ant-select-dropdown:visible', list ? { has: page.locator(`[id="${list}"]`) } : {});
    await dropdown.locator('.ant-select-item-option', { hasText: option }).first().click();
    try {
      await expect.poll(() => select.textContent(), { timeout: 5_000 }).toContain(option);
      return;
    } catch (err) {
      if (tries === 3) throw new Error(`${field} did not take "${option}" after ${tries} picks`, { cause: err });
    }
  }
}

/** Types a date into a date field and takes it with Enter. */
export async function typeDate(scope: Locator, field: string, value: string) {
  const input = scope.locator(`#field-${field}`);
  await input.click();
  await input.fill(value);
  await input.press('Enter');
}

/** Reads of the test server's database. */
export const sqlOf =
  (e: () => E2E) =>
  async <R extends Row>(sql: string, args: unknown[] = []) =>
    (await e().ctx.db.query<R>(sql, args)).rows;

/** Calls the server as `user` (a bearer token of theirs), answering status, body and parsed JSON. */
export const apiOf =
  (e: () => E2E) =>
  async (user: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => {
    const r = await e().app.inject({ method, url, headers: { authorization: `bearer ${await e().token(user)}` }, ...(payload === undefined ? {} : { payload: payload as Row }) });
    return { status: r.statusCode, body: r.body, json: () => r.json() as Row };
  };

/**
 * Waits for a document to reach a status; if it does not, says which calls the server refused
 * (what a slow or broken flow most needs to show).
 */
export async function reaches(e: () => E2E, what: string, status: () => Promise<string>, want: string) {
  try {
    await expect.poll(status, { timeout: 30_000 }).toBe(want);
  } catch (err) {
    throw new Error(`${what} did not reach ${want} (${String(err)}); refused calls: ${e().refusals.join(' | ') || 'none'}`, { cause: err });
  }
}

/**
 * A flow file's server and browser, started before its tests and closed after (`e` stands for it
 * from then on), with reads of its database, calls as a user, and a document's status read and
 * waited for: `documentStatus('ssrc_rfx_header', 'rfx_header_id', 'rfx_status', 'RFx')`.
 */
export function flowFile() {
  let started: E2E | undefined;
  beforeAll(async () => {
    started = await startE2E();
  });
  afterAll(() => started?.close());
  const get = (): E2E => {
    if (!started) throw new Error('the flow file\'s server is not started yet (used outside a test?)');
    return started;
  };
  const e = new Proxy({} as E2E, { get: (_, key) => get()[key as keyof E2E] });
  const q = sqlOf(get);
  const documentStatus = (table: string, key: string, column: string, what: string) => {
    const status = async (id: number) => (await q<{ s: string }>(`select ${column} as s from ${table} where ${key} = $1`, [id]))[0]!.s;
    return { status, reaches: (id: number, want: string) => reaches(get, `${what} ${id}`, () => status(id), want) };
  };
  return { e, q, api: apiOf(get), documentStatus };
}

/**
 * The approver decides a document's workflow task from My tasks, found by its number: the document
 * shows inside the task with no field that takes typing, then the comment and the decision. The
 * task's tab is closed after, so the next visit starts at the list again.
 */
export async function decideTask(e: E2E, page: Page, docNum: string, action: 'Approved' | 'Rejected' = 'Approved', comment?: string) {
  await page.goto(`${e.baseUrl}/hwfl/workflow/task/list`);
  await screen(page, '/hwfl/workflow/task/list').locator('[role="gridcell"] a', { hasText: docNum }).first().click();
  const doc = page.locator('[data-testid="wfl-document"]:visible');
  await doc.locator('input').first().waitFor();
  expect(await doc.locator('input:not([disabled]):not([readonly]), textarea:not([disabled]):not([readonly])').count()).toBe(0);
  if (comment) await page.locator('#wfl-comment:visible').fill(comment);
  await page.getByTestId(`wfl-act-${action}`).click();
  await page.getByTestId('wfl-readonly').waitFor();
  await page.locator('.ant-tabs-tab-active .ant-tabs-tab-remove').click();
}
