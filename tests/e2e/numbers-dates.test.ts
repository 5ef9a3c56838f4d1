import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, startE2E } from './browser.ts';

/**
 * Numbers, dates and the role name as a user sees them (issue 18): the user's own date format on
 * a list, a yen order without decimals, and the role in the header in the chosen language.
 */
let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(() => e?.close());

const one = async <T,>(sql: string, params: unknown[] = []) => (await e.ctx.db.query<T>(sql, params)).rows[0]!;

describe('numbers, dates and the role name follow the user', () => {
  it('a date format chosen on the user info page shows on the order list; a yen order shows no decimals on the list, its detail and its lines', async () => {
    // A yen order: an existing draft with lines moved to JPY, its released date set to a known UTC time.
    const order = await one<{ id: number; num: string }>(
      "select po_header_id::float8 as id, display_po_num as num from sodr_po_header h where tenant_id = 1 and status_code = 'NEW' and exists (select 1 from sodr_po_line l where l.po_header_id = h.po_header_id) order by po_header_id limit 1",
    );
    await e.ctx.db.query("update sodr_po_header set currency_code = 'JPY', released_date = '2026-03-31 20:15:00', amount = 1234567.40, tax_include_amount = 1395061.16 where po_header_id = $1", [order.id]);
    await e.ctx.db.query('update sodr_po_line set line_amount = 54236.02 where po_header_id = $1', [order.id]);
    const usd = await one<{ id: number; num: string }>("select po_header_id::float8 as id, display_po_num as num from sodr_po_header where tenant_id = 1 and status_code = 'NEW' and po_header_id > $1 order by po_header_id limit 1", [order.id]);
    await e.ctx.db.query("update sodr_po_header set currency_code = 'USD', amount = 61286.7 where po_header_id = $1", [usd.id]);

    const page = await e.signIn('buyer', '/hiam/user/info');
    const info = page.locator('[data-screen="/hiam/user/info"]');
    await info.locator('[data-field="dateFormat"] .ant-select').click();
    await page.locator('.ant-select-item-option', { hasText: 'DD/MM/YYYY (31/03/2026)' }).click();
    await info.getByTestId('save-button').click();
    await expect.poll(async () => (await one<{ f: string | null }>("select date_format as f from iam_user where login_name = 'buyer'")).f).toBe('DD/MM/YYYY');

    await page.goto(`${e.baseUrl}/sodr/send-order/list`);
    const list = page.locator('[data-screen="/sodr/send-order/list"]');
    const row = (id: number) => list.locator(`[role="row"][data-row-key="${id}"]`);
    const find = async (num: string) => {
      await list.locator('#search-displayPoNum').fill(num);
      await list.getByTestId('search-button').click();
    };
    await list.locator('[role="row"][data-row-key]').first().waitFor();
    await find(order.num);
    await row(order.id).waitFor();
    // 20:15 UTC is 04:15 the next day in the buyer's GMT+8.
    expect(await row(order.id).locator('[role="gridcell"][data-column="releasedDate"]').textContent()).toBe('01/04/2026 04:15:00');
    expect(await row(order.id).locator('[role="gridcell"][data-column="amount"]').textContent()).toBe('1,234,567');
    await find(usd.num);
    await row(usd.id).waitFor();
    expect(await row(usd.id).locator('[role="gridcell"][data-column="amount"]').textContent()).toBe('61,286.70');

    await page.goto(`${e.baseUrl}/sodr/send-order/detail/${order.id}`);
    const detail = page.locator('[data-screen="/sodr/send-order/detail/:id"]:visible');
    await expect.poll(() => detail.locator('input[id$="amount"]').first().inputValue()).toBe('1,234,567');
    const lineAmounts = detail.locator('[role="gridcell"][data-column="lineAmount"]');
    await lineAmounts.first().waitFor();
    // Every line's amount in yen: 54,236.02 stored, shown without decimals.
    await expect.poll(async () => [...new Set(await lineAmounts.allTextContents())]).toEqual(['54,236']);
    await page.context().close();
  });

  it('the role in the header is named in the user’s language', async () => {
    const page = await e.signIn('buyer', '/workplace');
    const role = page.getByTestId('role-switch');
    await expect.poll(async () => (await role.textContent()) ?? '').toContain('采购员');
    try {
      await page.getByTestId('language-switch').click();
      await page.locator('.ant-dropdown-menu-item', { hasText: 'English' }).click();
      await expect.poll(async () => (await role.textContent()) ?? '').toContain('Purchaser');
      expect(await role.textContent()).not.toContain('采购员');
    } finally {
      await e.ctx.db.query("update iam_user set language = 'zh_CN' where login_name = 'buyer'");
      await page.context().close();
    }
  });
});
