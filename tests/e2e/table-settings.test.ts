import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, startE2E } from './browser.ts';

/** Column settings saved per user on the server, applied after a reload; summary footers with the right totals. */
let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(() => e?.close());

/** "1,234.50" → 1234.5 */
const amount = (text: string | null) => Number(String(text ?? '').replace(/[^\d.-]/g, ''));

describe('column settings', () => {
  it('hides a column and pins one from the panel, and finds them so after a reload', async () => {
    const page = await e.signIn('admin', '/hiam/user');
    // Narrow enough that the table scrolls sideways well past its first columns.
    await page.setViewportSize({ width: 1000, height: 800 });
    const list = page.locator('[data-screen="/hiam/user"]');
    await list.locator('[role="row"][data-row-key]').first().waitFor();
    const headers = () => list.locator('[role="columnheader"][data-column]').evaluateAll((hs) => hs.map((h) => h.getAttribute('data-column')));
    expect(await headers()).toContain('email');

    await list.getByTestId('column-settings-button').click();
    const panel = page.getByTestId('column-settings');
    const saved = () => page.waitForResponse((r) => r.url().includes('/table-settings/hiam.user') && r.request().method() === 'PUT' && r.status() === 200);
    let put = saved();
    await panel.locator('[data-column-setting="email"] input[type="checkbox"]').click();
    await put;
    put = saved();
    await panel.locator('[data-column-setting="phone"] [data-pin="left"]').click();
    await put;
    await page.keyboard.press('Escape');

    const check = async () => {
      await expect.poll(headers).not.toContain('email');
      expect((await headers())[0]).toBe('phone');
      const phone = list.locator('[role="columnheader"][data-column="phone"]');
      expect(await phone.getAttribute('data-pinned')).toBe('left');
      // Scrolled far right, the pinned column is still at the table's left edge (position: sticky).
      const scroller = list.locator('.dt-scroll');
      await scroller.evaluate((el) => (el.scrollLeft = el.scrollWidth));
      await expect.poll(() => scroller.evaluate((el) => el.scrollLeft)).toBeGreaterThan(100);
      const [box, table] = [await phone.boundingBox(), await scroller.boundingBox()];
      expect(Math.abs(box!.x - table!.x)).toBeLessThan(60); // after the 48px selection column at most
      expect(await list.locator('[role="row"][data-row-key] [role="gridcell"][data-column="email"]').count()).toBe(0);
    };
    await check();
    const row = await e.ctx.db.query<{ settings: { hidden: string[]; pinned: { left: string[] } } }>("select settings from hpfm_table_setting where screen_code = 'hiam.user'");
    expect(row.rows).toHaveLength(1);
    expect(row.rows[0]!.settings).toMatchObject({ hidden: expect.arrayContaining(['email']), pinned: { left: ['phone'] } });

    await page.reload();
    await list.locator('[role="row"][data-row-key]').first().waitFor();
    await check();

    // Another user sees the schema's columns.
    const other = await e.signIn('admin2', '/hiam/user');
    const theirs = other.locator('[data-screen="/hiam/user"]');
    await theirs.locator('[role="row"][data-row-key]').first().waitFor();
    expect(await theirs.locator('[role="columnheader"][data-column="email"]').count()).toBe(1);
    await other.context().close();

    // Reset brings the schema back and forgets the saved row.
    await list.getByTestId('column-settings-button').click();
    const gone = page.waitForResponse((r) => r.url().includes('/table-settings/hiam.user') && r.request().method() === 'DELETE');
    await page.getByTestId('column-settings-reset').click();
    await gone;
    await expect.poll(headers).toContain('email');
    expect((await e.ctx.db.query("select 1 from hpfm_table_setting where screen_code = 'hiam.user'")).rows).toHaveLength(0);
    await page.context().close();
  });
});

describe('wide tables', () => {
  it('draws the columns in view once the user shows every column, and the keyboard brings a far column into view', async () => {
    const page = await e.signIn('admin', '/hsdr/job-info/list');
    await page.setViewportSize({ width: 1000, height: 800 });
    const list = page.locator('[data-screen="/hsdr/job-info/list"]');
    await list.locator('[role="row"][data-row-key]').first().waitFor();
    const drawn = () => list.locator('[role="row"][data-row-key]').first().locator('[role="gridcell"][data-column]').evaluateAll((cs) => cs.map((c) => c.getAttribute('data-column')));
    // Eleven columns (about 1,800 px): every cell is drawn.
    expect(await drawn()).toContain('sourceFlag');

    // The five hidden ones shown: sixteen columns, about 2,600 px.
    await list.getByTestId('column-settings-button').click();
    const panel = page.getByTestId('column-settings');
    for (const field of ['jobParam', 'retryNumber', 'executorId', 'startDate', 'endDate']) {
      const put = page.waitForResponse((r) => r.url().includes('/table-settings/') && r.request().method() === 'PUT' && r.status() === 200);
      await panel.locator(`[data-column-setting="${field}"] input[type="checkbox"]`).click();
      await put;
    }
    await page.keyboard.press('Escape');
    // Closed, the panel gives the focus back to its button: only then is a click in the grid the last word.
    await panel.waitFor({ state: 'hidden' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('column-settings-button');
    const grid = list.locator('[role="grid"]');
    await expect.poll(() => grid.getAttribute('aria-colcount')).toBe('17');
    await expect.poll(drawn).not.toContain('sourceFlag');
    expect(await drawn()).toContain('jobCode');

    // End goes to the row's last cell (its actions); one to the left is the last column, drawn and focused.
    await list.locator('[role="row"][data-row-key]').first().locator('[data-column="description"]').click();
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-column'))).toBe('sourceFlag');
    expect(await drawn()).not.toContain('jobCode');
    const cell = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      const box = el.getBoundingClientRect();
      const view = el.closest('.dt-scroll')!.getBoundingClientRect();
      return { index: el.getAttribute('aria-colindex'), inView: box.left >= view.left - 1 && box.right <= view.right + 1 };
    });
    expect(cell).toEqual({ index: '16', inView: true });
    // The header follows: its last column's title is drawn above the focused cell.
    expect(await list.locator('[role="columnheader"][data-column="sourceFlag"]').count()).toBe(1);
    await page.keyboard.press('Home');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-column'))).toBe('jobCode');
    await page.context().close();
  });
});

describe('summary rows', () => {
  it('totals the page of a paged list, labelled as the page total', async () => {
    const page = await e.signIn('buyer', '/sodr/send-order/list');
    const list = page.locator('[data-screen="/sodr/send-order/list"]');
    await list.locator('[role="row"][data-row-key]').first().waitFor();
    const footer = list.getByTestId('table-summary');
    await expect.poll(() => footer.textContent()).toContain('本页合计');
    const cells = await list.locator('[role="row"][data-row-key] [role="gridcell"][data-column="amount"]').allTextContents();
    expect(cells).toHaveLength(10);
    const sum = Math.round(cells.reduce((n, t) => n + amount(t) * 100, 0)) / 100;
    const shown = await footer.locator('[data-column="amount"]').textContent();
    expect(amount(shown)).toBeCloseTo(sum, 2);
    expect(shown).toMatch(/^\d{1,3}(,\d{3})*\.\d{2}$/);
    await page.context().close();
  });

  it("totals an order's lines on its detail page", async () => {
    const order = (
      await e.ctx.db.query<{ id: number; n: number; total: string }>(
        'select h.po_header_id::int as id, count(*)::int as n, sum(l.line_amount)::text as total from sodr_po_header h join sodr_po_line l on l.po_header_id = h.po_header_id where h.tenant_id = 1 group by h.po_header_id having count(*) > 1 order by h.po_header_id limit 1',
      )
    ).rows[0]!;
    const page = await e.signIn('buyer', `/sodr/send-order/detail/${order.id}`);
    const detail = page.locator('[data-screen="/sodr/send-order/detail/:id"]');
    const footer = detail.getByTestId('table-summary');
    await footer.waitFor();
    expect(amount(await footer.locator('[data-column="lineAmount"]').textContent())).toBeCloseTo(Number(order.total), 2);
    expect(await footer.locator('[data-column="lineNum"]').textContent()).toBe(`合计${order.n}`);
    await page.context().close();
  });
});
