import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, startE2E } from './browser.ts';

/**
 * Inline editable lines (issue 6) on the working calendar's holidays (`"editable": "inline"`),
 * in Chromium against the server: validation before anything is sent, add, copy, delete, edit
 * with the version, a refused save shown, and the tab asking before it closes.
 */
let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(() => e?.close());

type Holiday = { id: number; name: string; version: number };
const holidays = async (calendarId: number) =>
  (await e.ctx.db.query<Holiday>('select holiday_id::int as id, holiday_name as name, object_version_number::int as version from hpfm_calendar_holiday where calendar_id = $1 order by holiday_id', [calendarId])).rows;

/** Writes to the holidays' API seen by the browser. */
function writes(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/calendar-holidays') && r.method() !== 'GET') seen.push(r.method());
  });
  return seen;
}

const row = (lines: Locator, key: string | number) => lines.locator(`[role="row"][data-row-key="${key}"]`);
const cell = (lines: Locator, key: string | number, field: string) => lines.locator(`#line-${key}-${field}`);

/** Types a date into the line's date picker and commits it. */
async function date(lines: Locator, key: string, field: string, value: string) {
  const input = cell(lines, key, field);
  await input.click();
  await input.fill(value);
  await input.press('Enter');
}

describe('inline editable lines', () => {
  it('validates, adds, copies, deletes and edits holidays of a calendar', async () => {
    const calendarId = (await e.ctx.db.query<{ id: number }>('select min(calendar_id)::int as id from hpfm_calendar')).rows[0]!.id;
    const before = await holidays(calendarId);
    const page = await e.signIn('admin', `/hpfm/calendar/detail/${calendarId}`);
    const sent = writes(page);
    const lines = page.getByTestId('inline-lines');
    const button = (action: string) => lines.locator(`[data-action="${action}"]`);
    await row(lines, before[0]!.id).waitFor();

    // A new line without its required name: the save marks the cell and sends nothing.
    await button('add-line').click();
    await row(lines, 'new-1').waitFor();
    await date(lines, 'new-1', 'startDate', '2026-12-24');
    await date(lines, 'new-1', 'endDate', '2026-12-24');
    await cell(lines, 'new-1', 'dayCount').fill('1');
    await button('save-lines').click();
    const name = row(lines, 'new-1').locator('[data-field="holidayName"]');
    await expect.poll(() => name.getAttribute('data-error')).toBe('节假日名称不能为空');
    expect(await name.locator('.ant-form-item-has-error, .ant-input-status-error, .ant-input-affix-wrapper-status-error').count()).toBeGreaterThan(0);
    await name.hover();
    await page.locator('.ant-tooltip:visible', { hasText: '节假日名称不能为空' }).first().waitFor();
    expect(sent).toEqual([]);
    expect(await holidays(calendarId)).toHaveLength(before.length);

    // Filled in, it is saved (POST) with the calendar it belongs to.
    await cell(lines, 'new-1', 'holidayName').fill('E2E 平安夜');
    await button('save-lines').click();
    await expect.poll(async () => (await holidays(calendarId)).length).toBe(before.length + 1);
    const added = (await holidays(calendarId)).find((h) => h.name === 'E2E 平安夜')!;
    expect(sent).toEqual(['POST']);
    await row(lines, added.id).waitFor();
    expect(await name.count()).toBe(0);

    // Copy: a new line with the same values, saved as another holiday.
    await row(lines, added.id).getByRole('checkbox').check();
    await button('copy-lines').click();
    await row(lines, 'new-2').waitFor();
    expect(await cell(lines, 'new-2', 'holidayName').inputValue()).toBe('E2E 平安夜');
    expect(await cell(lines, 'new-2', 'startDate').inputValue()).toBe('2026-12-24');
    await cell(lines, 'new-2', 'holidayName').fill('E2E 平安夜 (copy)');
    await button('save-lines').click();
    await expect.poll(async () => (await holidays(calendarId)).length).toBe(before.length + 2);
    const copy = (await holidays(calendarId)).find((h) => h.name === 'E2E 平安夜 (copy)')!;
    expect(copy.id).not.toBe(added.id);

    // Delete: the line leaves the table at once, the server row only on save after a confirmation.
    await row(lines, copy.id).getByRole('checkbox').check();
    await button('delete-lines').click();
    await expect.poll(() => row(lines, copy.id).count()).toBe(0);
    expect(await holidays(calendarId)).toHaveLength(before.length + 2);
    await button('save-lines').click();
    await page.locator('.ant-modal-confirm .ant-btn-primary').click();
    await expect.poll(async () => (await holidays(calendarId)).length).toBe(before.length + 1);
    expect((await holidays(calendarId)).some((h) => h.id === copy.id)).toBe(false);

    // Edit a cell of a seeded line: only that line is sent (PUT) and its version goes up.
    const first = before[0]!;
    sent.length = 0;
    await cell(lines, first.id, 'holidayNameEn').fill("New Year's Day (edited)");
    await button('save-lines').click();
    await expect.poll(async () => (await holidays(calendarId)).find((h) => h.id === first.id)!.version).toBe(first.version + 1);
    expect(sent).toEqual(['PUT']);
    const edited = await e.ctx.db.query<{ en: string }>('select holiday_name_en as en from hpfm_calendar_holiday where holiday_id = $1', [first.id]);
    expect(edited.rows[0]!.en).toBe("New Year's Day (edited)");
    await page.context().close();
  });

  it('shows a version conflict on the line and asks before closing the tab with unsaved lines', async () => {
    const calendarId = (await e.ctx.db.query<{ id: number }>('select min(calendar_id)::int as id from hpfm_calendar')).rows[0]!.id;
    const [target] = await holidays(calendarId);
    const page = await e.signIn('admin', `/hpfm/calendar/detail/${calendarId}`);
    const lines = page.getByTestId('inline-lines');
    await row(lines, target!.id).waitFor();

    // Someone else saves the holiday meanwhile: the save is refused and the edit kept.
    await e.ctx.db.query('update hpfm_calendar_holiday set object_version_number = object_version_number + 1 where holiday_id = $1', [target!.id]);
    await cell(lines, target!.id, 'remark').fill('mine');
    await lines.locator('[data-action="save-lines"]').click();
    await lines.getByTestId('lines-failed').waitFor();
    const mark = row(lines, target!.id).locator('[data-line-state="error"]');
    await mark.waitFor();
    expect(await mark.getAttribute('title')).toMatch(/changed|修改|其他/i);
    expect(await cell(lines, target!.id, 'remark').inputValue()).toBe('mine');
    const stored = await e.ctx.db.query<{ remark: string | null }>('select remark from hpfm_calendar_holiday where holiday_id = $1', [target!.id]);
    expect(stored.rows[0]!.remark).not.toBe('mine');

    // Unsaved lines: closing the tab asks; declining keeps the tab and the edit.
    await page.locator('.ant-tabs-tab-active .ant-tabs-tab-remove').click();
    const question = page.locator('.ant-modal-confirm').filter({ has: page.getByTestId('confirm-leave') });
    await question.waitFor();
    await page.keyboard.press('Escape');
    await question.waitFor({ state: 'hidden' });
    expect(await cell(lines, target!.id, 'remark').inputValue()).toBe('mine');

    // Cancel discards the edits: nothing is pending and the tab closes without asking.
    await lines.locator('[data-action="cancel-lines"]').click();
    expect(await cell(lines, target!.id, 'remark').inputValue()).not.toBe('mine');
    await page.locator('.ant-tabs-tab-active .ant-tabs-tab-remove').click();
    await expect.poll(() => lines.count()).toBe(0);
    await page.context().close();
  });
});
