import ExcelJS from 'exceljs';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, startE2E } from './browser.ts';
import { choose, detailButton, lookup, screen } from './flow-kit.ts';

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
}, 240_000);
afterAll(() => e?.close());

const rowsOf = (scope: import('playwright-core').Locator) => scope.getByTestId('hrpt-table').locator('tbody tr.ant-table-row');

describe('reports (hrpt) in Chromium', () => {
  it('a buyer opens a report-manage report, sees rows and the chart, narrows it by a parameter and exports it', { timeout: 240_000 }, async () => {
    const page = await e.signIn('buyer', '/hrpt/report-manage/purchase-report');
    const view = screen(page, '/hrpt/report-manage/purchase-report');
    await rowsOf(view).first().waitFor({ timeout: 30_000 });
    // The chart is drawn (ECharts loaded with this screen, SVG renderer).
    await view.getByTestId('hrpt-chart').locator('svg').first().waitFor({ timeout: 30_000 });
    const all = await rowsOf(view).count();
    const totals = view.getByTestId('hrpt-totals');
    await totals.waitFor();

    // One supplier's orders only: the rows the server returns for that parameter.
    const supplier = (await e.ctx.db.query<{ name: string; n: number }>(
      `select h.supplier_name as name, count(*)::int as n from sodr_po_line l join sodr_po_header h on h.po_header_id = l.po_header_id
        where h.tenant_id = 1 group by 1 order by 2 asc, 1 limit 1`,
    )).rows[0]!;
    await view.getByRole('textbox', { name: '供应商' }).fill(supplier.name);
    await view.getByTestId('hrpt-run').click();
    await expect.poll(() => rowsOf(view).count(), { timeout: 20_000 }).toBe(Math.min(supplier.n, 20));
    expect(supplier.n).toBeLessThan(all === 20 ? Number.MAX_SAFE_INTEGER : all + 1);
    for (const text of await rowsOf(view).allTextContents()) expect(text).toContain(supplier.name);

    // Exported with the same parameter: read back, the header captions, every row and the totals line.
    const download = page.waitForEvent('download');
    await view.getByTestId('hrpt-export').click();
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(readFileSync((await (await download).path())!) as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect((ws.getRow(1).values as unknown[]).slice(1, 3)).toEqual(['订单号', '供应商']);
    expect(ws.rowCount).toBe(supplier.n + 2);
    const direct = (await e.ctx.db.query<{ t: string }>(
      `select sum(l.line_amount)::text as t from sodr_po_line l join sodr_po_header h on h.po_header_id = l.po_header_id where h.tenant_id = 1 and h.supplier_name = $1`,
      [supplier.name],
    )).rows[0]!.t;
    const last = ws.getRow(ws.rowCount).values as unknown[];
    expect(last[1]).toBe('合计');
    expect(Number(last[7])).toBe(Number(direct));
    await page.context().close();
  });

  it('a buyer prints a report with its layout; what the layout holds cannot run', { timeout: 180_000 }, async () => {
    const page = await e.signIn('buyer', '/hrpt/report-manage/amount');
    const view = screen(page, '/hrpt/report-manage/amount');
    await rowsOf(view).first().waitFor({ timeout: 30_000 });
    const firstSupplier = (await rowsOf(view).first().locator('td').first().textContent())!;
    await view.getByTestId('hrpt-print').click();
    const frame = page.frameLocator('[data-testid="hrpt-print-frame"]');
    await frame.locator('h1').waitFor();
    expect(await frame.locator('h1').textContent()).toBe(await view.locator('.ant-card-head-title').textContent());
    expect(await frame.locator('tbody tr').count()).toBe((await e.ctx.db.query("select distinct supplier_name from sodr_po_header where tenant_id = 1")).rows.length);
    expect(await frame.locator('tbody tr').first().locator('td').first().textContent()).toBe(firstSupplier);
    expect(await frame.locator('tfoot td').first().textContent()).toBe('合计');
    expect(await frame.locator('p.meta').first().textContent()).toContain('打印人: buyer');
    // The frame runs nothing; Print prints the frame.
    expect(await page.getByTestId('hrpt-print-frame').getAttribute('sandbox')).toBe('allow-same-origin allow-modals');
    await page.evaluate(() => {
      const w = (document.querySelector('[data-testid="hrpt-print-frame"]') as HTMLIFrameElement).contentWindow!;
      w.print = () => ((window as unknown as { printed: boolean }).printed = true);
    });
    await page.getByTestId('hrpt-print-go').click();
    expect(await page.evaluate(() => (window as unknown as { printed?: boolean }).printed)).toBe(true);
    await page.locator('.ant-modal-footer button').first().click();
    await page.getByTestId('hrpt-print-frame').waitFor({ state: 'detached' });

    // A layout edited to run code: nothing of it survives into the frame.
    await e.ctx.db.query(
      `update hrpt_template set template_content = replace(template_content, '<h1>', '<script>window.parent.pwned = 1</script><img src="x" onerror="window.parent.pwned = 2"><a href="javascript:window.parent.pwned = 3">x</a><h1>')
        where template_code = 'TPL_AMOUNT_PRINT_ZH' and tenant_id = 1`,
    );
    await view.getByTestId('hrpt-print').click();
    await frame.locator('h1').waitFor();
    expect(await frame.locator('script').count()).toBe(0);
    expect(await frame.locator('img').getAttribute('onerror')).toBeNull();
    expect(await frame.locator('a').first().getAttribute('href')).toBeNull();
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
    await page.context().close();
  });

  it('a parameter with a value set is chosen from its values and narrows the report', { timeout: 120_000 }, async () => {
    const status = (await e.ctx.db.query<{ s: string; n: number }>('select status_code as s, count(*)::int as n from sodr_po_header where tenant_id = 1 group by 1 order by 2 desc limit 1')).rows[0]!;
    const meaning = (await e.ctx.db.query<{ m: string }>("select meaning as m from hpfm_lov_value where lov_code = 'SODR.PO_STATUS' and value = $1 and tenant_id = 0", [status.s])).rows[0]!.m;
    const page = await e.signIn('buyer', '/hrpt/report-manage/agent/list');
    const view = screen(page, '/hrpt/report-manage/agent/list');
    await rowsOf(view).first().waitFor({ timeout: 30_000 });
    await choose(page, view, 'statusCode', meaning);
    await view.getByTestId('hrpt-run').click();
    const counted = async () => (await rowsOf(view).locator('td:nth-child(2)').allTextContents()).reduce((n, t) => n + Number(t.replace(/,/g, '')), 0);
    await expect.poll(counted, { timeout: 20_000 }).toBe(status.n);
    await page.context().close();
  });

  it('an administrator defines a data set and a report granted to PURCHASER; the buyer runs it', { timeout: 240_000 }, async () => {
    const code = `E2E_DS_${Date.now() % 1_000_000}`;
    // The platform administrator working in tenant 1 (tenant administrators' menus keep §6's leaves only).
    const admin = await e.adminIn(1, '/hrpt/data-set/create');
    const ds = screen(admin, '/hrpt/data-set/create');
    await ds.waitFor({ timeout: 20_000 }).catch(async (err: unknown) => {
      throw new Error(`no data set form: ${(await admin.locator('body').innerText()).slice(0, 800)}`, { cause: err });
    });
    await lookup(admin, ds, 'tenantId', '租户', 'Demo');
    await ds.locator('#field-datasetCode').fill(code);
    await ds.locator('#field-datasetName').fill('Orders by status (e2e)');
    await ds.locator('#field-sqlText').fill('select status_code, count(*) as order_count, sum(amount) as amount from po_header where amount >= :minAmount group by status_code order by 1');
    await ds.locator('#field-paramDefs').fill('[{"name": "minAmount", "text": "Minimum amount", "dataType": "float", "defaultValue": "0"}]');
    await ds.getByTestId('submit-button').click();
    await expect
      .poll(async () => (await e.ctx.db.query('select 1 from hrpt_dataset where dataset_code = $1', [code])).rows.length, { timeout: 20_000 })
      .toBe(1)
      .catch(async (err: unknown) => {
        throw new Error(`the data set was not saved; refused: ${e.refusals.join(' | ')}; page: ${(await ds.innerText()).slice(0, 600)}`, { cause: err });
      });

    expect((await e.ctx.db.query<{ t: number }>('select tenant_id::float8 as t from hrpt_dataset where dataset_code = $1', [code])).rows[0]!.t).toBe(1);
    // Its detail previews the SQL: the columns found and the tenant's rows.
    const detail = screen(admin, '/hrpt/data-set/detail/:id');
    await detailButton(admin, /预\s*览/).click();
    const preview = admin.getByTestId('hrpt-preview');
    // The rows, or the refusal shown in their place; a click the opening dialog swallowed is given again once.
    const answered = preview.locator('tbody tr.ant-table-row').first().or(preview.getByTestId('hrpt-preview-error'));
    await preview.getByTestId('hrpt-preview-run').click();
    await answered.waitFor({ timeout: 10_000 }).catch(() => preview.getByTestId('hrpt-preview-run').click());
    await answered.waitFor({ timeout: 20_000 }).catch(async (err: unknown) => {
      throw new Error(`the preview showed nothing; refused: ${e.refusals.join(' | ') || 'none'}; dialog: ${(await preview.innerText()).slice(0, 400)}`, { cause: err });
    });
    expect(await preview.getByTestId('hrpt-preview-error').count(), await preview.innerText()).toBe(0);
    expect(await preview.innerText()).toContain('status_code');
    await admin.keyboard.press('Escape');
    await detail.waitFor();
    await admin.goto(`${e.baseUrl}/hrpt/report-definition/create`);
    const rep = screen(admin, '/hrpt/report-definition/create');
    await rep.locator('#field-reportCode').waitFor();
    await lookup(admin, rep, 'tenantId', '租户', 'Demo');
    await rep.locator('#field-reportCode').fill(`RPT_${code}`);
    await rep.locator('#field-reportName').fill('Orders by status (e2e)');
    // The data set lookup: searched by its code (it is on a later page), then taken with the keyboard.
    await rep.locator('[data-field="datasetId"]').getByRole('button', { name: 'lookup' }).click();
    const dialog = admin.locator('.ant-modal', { hasText: '数据集' });
    await dialog.getByRole('textbox').first().fill(code);
    await dialog.getByRole('textbox').first().press('Enter');
    const pick = dialog.locator('.ant-table-row', { hasText: code }).first();
    await pick.waitFor();
    await pick.focus();
    await pick.press('Enter');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await rep.locator('#field-roleCodes').fill('PURCHASER');
    await rep.locator('#field-columnsDef').fill('[{"name": "status_code", "text": "Status", "type": "D"}, {"name": "order_count", "text": "Orders", "type": "S", "total": true}, {"name": "amount", "text": "Amount", "type": "S", "format": "money", "total": true}]');
    await rep.getByTestId('submit-button').click();
    const report = async () => (await e.ctx.db.query<{ id: number }>('select report_id::float8 as id from hrpt_report where report_code = $1', [`RPT_${code}`])).rows[0]?.id;
    await expect.poll(report, { timeout: 20_000 }).toBeGreaterThan(0);
    await admin.context().close();

    const buyer = await e.signIn('buyer', '/hrpt/report-query/list');
    const list = screen(buyer, '/hrpt/report-query/list');
    // Seventeen reports and more: the new one is found by a fragment of its code.
    await list.locator('[role="row"][data-row-key]').first().waitFor();
    await list.locator('#search-reportCode').fill(code.slice(-6));
    await list.getByTestId('search-button').click();
    await expect.poll(() => list.locator('[role="row"][data-row-key]').count()).toBe(1);
    const row = list.locator('[role="row"][data-row-key]', { hasText: `RPT_${code}` });
    await row.waitFor({ timeout: 20_000 });
    await row.getByRole('link').first().click();
    const view = screen(buyer, '/hrpt/report-query/detail/:id/:name');
    await rowsOf(view).first().waitFor({ timeout: 30_000 });
    const statuses = (await e.ctx.db.query<{ n: number }>('select count(distinct status_code)::int as n from sodr_po_header where tenant_id = 1')).rows[0]!.n;
    expect(await rowsOf(view).count()).toBe(statuses);
    const orders = (await e.ctx.db.query<{ n: number }>('select count(*)::int as n from sodr_po_header where tenant_id = 1 and amount >= 0')).rows[0]!.n;
    expect(await view.getByTestId('hrpt-totals').textContent()).toContain(String(orders));
    await buyer.context().close();

    // The supplier holds no grant: the server refuses the same report.
    const r = await e.app.inject({ method: 'POST', url: `/hrpt/v1/1/reports/${await report()}/data`, payload: { params: {} }, headers: { authorization: `bearer ${await e.token('supplier')}` } });
    expect(r.statusCode).toBe(403);
  });

  it('the workplace shows the buyer the charts of its reports, and the supplier none', { timeout: 120_000 }, async () => {
    const page = await e.signIn('buyer', '/workplace');
    const card = page.locator('[data-card="workplace.card.purchaseTrend"]');
    const chart = card.getByTestId('dash-report-chart');
    await chart.locator('svg path').first().waitFor({ state: 'attached', timeout: 30_000 });
    // The first month of the buyer's orders is the axis's first label: the card drew the report's rows.
    const first = (await e.ctx.db.query<{ m: string }>("select to_char(min(creation_date), 'YYYY-MM') as m from sodr_po_header where tenant_id = 1")).rows[0]!.m;
    await expect.poll(() => chart.locator('svg text').allTextContents(), { timeout: 20_000 }).toContain(first);
    await page.locator('[data-card="workplace.card.amountBySupplier"]').getByTestId('dash-report-chart').locator('svg path').first().waitFor({ state: 'attached', timeout: 30_000 });
    // The card leads to the report's own screen.
    await card.click();
    await page.locator('[data-screen="/hrpt/report-manage/purchase-situation"]').getByTestId('hrpt-chart').locator('svg').first().waitFor({ timeout: 30_000 });
    await page.context().close();

    const supplier = await e.signIn('supplier', '/workplace');
    await supplier.locator('[data-card="workplace.card.ordersToConfirm"]').waitFor();
    expect(await supplier.locator('[data-card="workplace.card.purchaseTrend"]').count()).toBe(0);
    await supplier.context().close();
  });
});
