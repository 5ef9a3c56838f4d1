import ExcelJS from 'exceljs';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, startE2E } from './browser.ts';

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(() => e?.close());

const ROUTE = '/himp/template/import/:code';

async function readWorkbook(path: string): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(readFileSync(path) as unknown as ArrayBuffer);
  return wb;
}

describe('spreadsheets in and out (issue 25) in Chromium', () => {
  it('downloads the template, uploads it filled with good and bad rows, fixes a row in place and imports', async () => {
    const page = await e.signIn('buyer', '/himp/template/import/SMDM.ITEM');
    const screen = page.locator(`[data-screen="${ROUTE}"]`);
    await screen.getByTestId('himp-template').waitFor();

    const download = page.waitForEvent('download');
    await screen.getByTestId('himp-template').click();
    const wb = await readWorkbook((await (await download).path())!);
    const ws = wb.worksheets[0]!;
    expect((ws.getRow(1).values as unknown[]).slice(1, 5)).toEqual(['*物料编码', '*物料名称', '*物料类型', '*单位']);
    expect(ws.getCell('C2').dataValidation.type).toBe('list');
    // Filled in the downloaded template itself: drop-down meanings, a number, and a date where a price belongs.
    ws.getRow(2).values = ['E2E-IMP-1', 'E2E bolt', '原材料', '件', 4.5, 3];
    ws.getRow(3).values = ['E2E-IMP-2', 'E2E washer', '零部件', '个', new Date(Date.UTC(2025, 5, 1)), 5];
    ws.getRow(4).values = ['bad code', 'E2E wrong', '不存在', '件'];
    const filled = Buffer.from(await wb.xlsx.writeBuffer());

    await screen.getByTestId('himp-file').setInputFiles({ name: 'items.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: filled });
    const summary = screen.getByTestId('himp-summary');
    await expect.poll(() => summary.getAttribute('data-status')).toBe('UPLOADED');
    await screen.getByTestId('himp-validate').click();
    await expect.poll(() => summary.getAttribute('data-status')).toBe('CHECKED');
    await expect.poll(() => screen.getByTestId('himp-error-3').textContent()).toBe('单价: "2025-06-01" is not a number');
    await expect.poll(() => screen.getByTestId('himp-error-4').textContent()).toMatch(/物料编码: "bad code" does not match/);

    // Fixed in place: the row is checked again on save.
    await screen.getByTestId('himp-fix-3').click();
    const price = screen.getByRole('textbox', { name: '单价 3' });
    await price.fill('6.25');
    await screen.getByTestId('himp-save-3').click();
    await expect.poll(() => screen.getByTestId('himp-error-3').textContent()).toBe('');

    await screen.getByTestId('himp-run').click();
    await expect.poll(() => summary.getAttribute('data-status'), { timeout: 30000 }).toBe('IMPORTED');
    const items = await e.ctx.db.query<{ code: string; price: string; type: string }>(
      "select item_code as code, unit_price::text as price, item_type_code as type from smdm_item where tenant_id = 1 and item_code like 'E2E-IMP-%' order by item_code",
    );
    expect(items.rows).toEqual([
      { code: 'E2E-IMP-1', price: '4.50', type: 'MATERIAL' },
      { code: 'E2E-IMP-2', price: '6.25', type: 'PART' },
    ]);
    // A reload comes back to the same batch (its key is in the address).
    await page.reload();
    await expect.poll(() => page.locator(`[data-screen="${ROUTE}"]`).getByTestId('himp-summary').getAttribute('data-status')).toBe('IMPORTED');
    await page.context().close();
  });

  it('exports a filtered list to .xlsx with typed cells', async () => {
    await e.ctx.db.query(
      `insert into smdm_item (tenant_id, item_code, item_name, item_type_code, uom_code, unit_price, lead_time_days, enabled_flag)
       values (1, 'E2E-XLS-1', 'Export one', 'MATERIAL', 'PCS', 10.5, 2, 1), (1, 'E2E-XLS-2', 'Export two', 'PART', 'EA', 3, 4, 1)`,
    );
    const page = await e.signIn('buyer', '/smdm/materiel/list');
    const screen = page.locator('[data-screen="/smdm/materiel/list"]');
    await screen.locator('[role="row"][data-row-key]').first().waitFor();
    await screen.locator('#search-itemCode').fill('E2E-XLS');
    await screen.getByTestId('search-button').click();
    await expect.poll(() => screen.locator('[role="row"][data-row-key]').count()).toBe(2);

    await screen.getByRole('button', { name: /导\s*出|Export/ }).click();
    const dialog = page.getByTestId('export-dialog');
    await expect.poll(() => dialog.getByRole('radio', { name: /Excel/ }).isChecked()).toBe(true);
    const download = page.waitForEvent('download');
    await dialog.getByTestId('export-confirm').click();
    const wb = await readWorkbook((await (await download).path())!);
    const ws = wb.worksheets[0]!;
    expect(ws.rowCount).toBe(3);
    const header = (ws.getRow(1).values as unknown[]).slice(1);
    expect(header.slice(0, 2)).toEqual(['物料编码', '物料名称']);
    const byCode = new Map([2, 3].map((n) => [ws.getRow(n).getCell(1).value, (ws.getRow(n).values as unknown[]).slice(1)]));
    const one = byCode.get('E2E-XLS-1')!;
    expect(one[2]).toBe('原材料');
    expect(one[header.indexOf('参考单价')]).toBe(10.5);
    await page.context().close();
  });
});
