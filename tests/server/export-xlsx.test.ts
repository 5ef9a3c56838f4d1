import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readI18n } from '../../server/seed/screen-titles.ts';
import { startTestServer, type TestServer } from './harness.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const zh = readI18n('zh_CN');

async function sheetOf(body: Buffer): Promise<ExcelJS.Worksheet> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  return wb.worksheets[0]!;
}

const values = (ws: ExcelJS.Worksheet, n: number) => (ws.getRow(n).values as unknown[]).slice(1);

describe('export as .xlsx (format=xlsx)', () => {
  it('writes typed cells: money as numbers, date-times as dates in the reader zone, value sets as meanings', async () => {
    const list = (await s.call({ as: 'buyer', url: '/sodr/v1/1/po-headers?size=1000&statusCode=PUBLISHED' })).json();
    expect(list.totalElements).toBeGreaterThan(0);
    const r = await s.call({ as: 'buyer', url: '/sodr/v1/1/po-headers?exportType=DATA&format=xlsx&statusCode=PUBLISHED&columns=displayPoNum,amount,statusCode,releasedDate' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(r.headers['content-disposition']).toMatch(/filename="poHeader\.xlsx"/);
    const ws = await sheetOf(r.rawPayload);
    expect(values(ws, 1)).toEqual([zh['sodr.poHeader.model.displayPoNum'], zh['sodr.poHeader.model.amount'], zh['sodr.poHeader.model.statusCode'], zh['sodr.poHeader.model.releasedDate']]);
    expect(ws.rowCount - 1).toBe(list.totalElements);
    const byNum = new Map((list.content as Array<Record<string, unknown>>).map((x) => [x.displayPoNum, x]));
    for (let i = 2; i <= ws.rowCount; i++) {
      const [num, amount, status, released] = values(ws, i);
      const row = byNum.get(num)!;
      expect(row, String(num)).toBeDefined();
      expect(typeof amount).toBe('number');
      expect(amount).toBeCloseTo(Number(row.amount), 2);
      expect(status).toBe(row.statusMeaning);
      if (row.releasedDate) {
        // The buyer's zone is GMT+8: the cell holds the wall time the list shows.
        expect(released).toBeInstanceOf(Date);
        const utc = Date.parse(`${String(row.releasedDate).replace(' ', 'T')}Z`);
        expect((released as Date).getTime() - utc).toBe(8 * 3600_000);
      }
    }
    expect(ws.getColumn(2).numFmt).toBe('#,##0.00');
  });

  it('exports only the selected rows (ids), still inside the list filters and the tenant', async () => {
    const list = (await s.call({ as: 'buyer', url: '/sodr/v1/1/po-headers?size=3' })).json();
    const ids = (list.content as Array<{ poHeaderId: number }>).slice(0, 2).map((x) => x.poHeaderId);
    const r = await s.call({ as: 'buyer', url: `/sodr/v1/1/po-headers?exportType=DATA&format=xlsx&ids=${ids.join(',')}&columns=poHeaderId` });
    const ws = await sheetOf(r.rawPayload);
    expect(ws.rowCount).toBe(3);
    expect([values(ws, 2)[0], values(ws, 3)[0]].sort()).toEqual([...ids].sort());
    // Another tenant's member names the same keys: nothing of tenant 1 leaks.
    const other = await s.call({ as: 'buyer2', url: `/sodr/v1/1/po-headers?exportType=DATA&format=xlsx&ids=${ids.join(',')}` });
    expect(other.statusCode).toBe(403);
  });

  it('refuses an unknown format and malformed ids with 400', async () => {
    for (const q of ['format=pdf', 'format=xlsx&ids=1;drop', 'format=xlsx&ids=', 'format=xlsx&ids=1,,2']) {
      const r = await s.call({ as: 'buyer', url: `/sodr/v1/1/po-headers?exportType=DATA&${q}` });
      expect(r.statusCode, q).toBe(400);
    }
  });
});
