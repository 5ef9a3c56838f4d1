import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const CODE = 'SMDM.ITEM';
const BASE = '/himp/v1/1';
const HEADERS = ['*物料编码', '*物料名称', '*物料类型', '*单位', '单价', '提前期（天）', '规格'];

/** A multipart body with one file part. */
function multipart(name: string, data: Buffer, type = 'application/octet-stream') {
  const boundary = '----himp-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function workbook(rows: ExcelJS.CellValue[][], headers = HEADERS): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Items');
  ws.addRow(headers);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function upload(as: string, name: string, data: Buffer, tenant = 1) {
  return s.call({ as, method: 'POST', url: `/himp/v1/${tenant}/import/data/data-upload?templateCode=${CODE}`, ...multipart(name, data) });
}

type Row = { id: number; rowNumber: number; data: Record<string, unknown>; dataStatus: string; errorMsg: string | null; objectVersionNumber: number };
/** The batch once its background check has ended. */
async function checked(batch: string) {
  const status = () => s.call({ as: 'buyer', url: `${BASE}/import/data/status?batch=${batch}` }).then((r) => r.json());
  await expect.poll(async () => (await status()).status, { timeout: 20000 }).toBe('CHECKED');
  return status();
}
const rowsOf = async (batch: string): Promise<Row[]> => (await s.call({ as: 'buyer', url: `${BASE}/import/data?batch=${batch}&size=100` })).json().content;

describe('himp template', () => {
  it('answers the template with its sheets and columns, headers in the caller language', async () => {
    const r = await s.call({ as: 'buyer', url: `${BASE}/template/${CODE}/info` });
    expect(r.statusCode).toBe(200);
    const t = r.json();
    expect(t.sheets[0].tableName).toBe('item');
    expect(t.sheets[0].columns.map((c: { header: string }) => c.header)).toEqual(HEADERS.map((h) => h.replace('*', '')));
  });

  it('downloads an .xlsx template: required headers marked, value-set columns with a drop-down', async () => {
    const r = await s.call({ as: 'buyer', url: `${BASE}/template/${CODE}/excel` });
    expect(r.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(r.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(HEADERS);
    const typeCell = ws.getCell('C2');
    expect(typeCell.dataValidation.type).toBe('list');
    expect(typeCell.dataValidation.formulae[0]).toMatch(/^lists!\$A\$1:\$A\$\d+$/);
    const lists = wb.getWorksheet('lists')!;
    expect(lists.state).toBe('veryHidden');
    expect(ws.getCell('F2').dataValidation).toMatchObject({ type: 'whole', formulae: [0, 365] });
  });

  it('is refused across tenants, and a template that does not exist is not found', async () => {
    expect((await s.call({ as: 'buyer2', url: `${BASE}/template/${CODE}/info` })).statusCode).toBe(403);
    expect((await s.call({ as: 'buyer', url: `${BASE}/template/NOPE/info` })).statusCode).toBe(404);
  });
});

describe('himp upload → validate → fix → import', () => {
  let batch: string;

  it('stages every data row of an uploaded workbook as a batch', async () => {
    const data = await workbook([
      ['IMP-OK-1', 'Imported bolt', '原材料', 'PCS', 12.5, 7, 'M8'],
      ['IMP-OK-2', 'Imported nut', 'MATERIAL', '个', '3.20', null, null],
      ['IMP-BAD-DATE', 'Date as price', 'MATERIAL', 'PCS', new Date(Date.UTC(2025, 0, 2)), 1, null],
      ['IMP-BAD-FORMULA', 'Formula', 'MATERIAL', 'PCS', { formula: '1+1', result: 2 }, 1, null],
      ['imp bad code', null, 'NOT_A_TYPE', 'PCS', -1, 400, 'x'.repeat(241)],
      ['IMP-BAD-LONG', 'Fraction', 'MATERIAL', 'PCS', 1, 2.5, null],
    ]);
    const r = await upload('buyer', 'items.xlsx', data);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ status: 'UPLOADED', totalCount: 6 });
    batch = r.json().batch;
    const rows = await rowsOf(batch);
    expect(rows.map((x) => x.rowNumber)).toEqual([2, 3, 4, 5, 6, 7]);
    expect(rows.every((x) => x.dataStatus === 'NEW')).toBe(true);
  });

  it('validates each row and puts its errors on the row', async () => {
    expect((await s.call({ as: 'buyer', method: 'POST', url: `${BASE}/import/data/data-import?templateCode=${CODE}&batch=${batch}` })).statusCode).toBe(400);
    const r = await s.call({ as: 'buyer', method: 'POST', url: `${BASE}/import/data/data-validate?templateCode=${CODE}&batch=${batch}` });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ status: 'CHECKING' });
    expect(await checked(batch)).toMatchObject({ status: 'CHECKED', errorCount: 4, checkedCount: 6 });
    const byLine = new Map((await rowsOf(batch)).map((x) => [x.rowNumber, x]));
    expect(byLine.get(2)!.dataStatus).toBe('VALID_SUCCESS');
    // A meaning in either language is taken for its code.
    expect(byLine.get(3)!.dataStatus).toBe('VALID_SUCCESS');
    expect(byLine.get(4)!.errorMsg).toBe('单价: "2025-01-02" is not a number');
    expect(byLine.get(5)!.errorMsg).toMatch(/^单价: the cell holds a formula \(1\+1\)/);
    const bad = byLine.get(6)!.errorMsg!.split('\n');
    expect(bad).toEqual([
      '物料编码: "imp bad code" does not match ^[A-Z0-9][A-Z0-9_-]*$',
      '物料名称: is required',
      '物料类型: "NOT_A_TYPE" is not a value of SMDM.ITEM_TYPE',
      '单价: -1 is less than 0',
      '提前期（天）: 400 is more than 365',
      '规格: is longer than 240 characters',
    ]);
    expect(byLine.get(7)!.errorMsg).toBe('提前期（天）: "2.5" is not a whole number');
  });

  it('re-checks a row edited in place, and refuses a stale edit', async () => {
    const row = (await rowsOf(batch)).find((x) => x.rowNumber === 4)!;
    const fixed = await s.call({ as: 'buyer', method: 'PUT', url: `${BASE}/import/data/${row.id}`, payload: { data: { unitPrice: '8.75' }, objectVersionNumber: row.objectVersionNumber } });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json()).toMatchObject({ dataStatus: 'VALID_SUCCESS', errorMsg: null });
    const stale = await s.call({ as: 'buyer', method: 'PUT', url: `${BASE}/import/data/${row.id}`, payload: { data: { unitPrice: '9' }, objectVersionNumber: row.objectVersionNumber } });
    expect(stale.statusCode).toBe(409);
    const wrongColumn = await s.call({ as: 'buyer', method: 'PUT', url: `${BASE}/import/data/${row.id}`, payload: { data: { passwordHash: 'x' }, objectVersionNumber: fixed.json().objectVersionNumber } });
    expect(wrongColumn.statusCode).toBe(400);
    // Someone else's batch rows are not found.
    expect((await s.call({ as: 'sysadmin', method: 'PUT', url: `${BASE}/import/data/${row.id}`, payload: { data: {}, objectVersionNumber: 1 } })).statusCode).toBe(404);
    expect((await s.call({ as: 'sysadmin', url: `${BASE}/import/data?batch=${batch}` })).statusCode).toBe(404);
  });

  it('imports the valid rows in the background and reports progress in the batch', async () => {
    const r = await s.call({ as: 'buyer', method: 'POST', url: `${BASE}/import/data/data-import?templateCode=${CODE}&batch=${batch}` });
    expect(r.statusCode).toBe(200);
    expect(r.json().status).toBe('IMPORTING');
    await expect.poll(async () => (await s.call({ as: 'buyer', url: `${BASE}/import/data/status?batch=${batch}` })).json().status, { timeout: 20000 }).toBe('IMPORTED');
    const status = (await s.call({ as: 'buyer', url: `${BASE}/import/data/status?batch=${batch}` })).json();
    expect(status).toMatchObject({ importedCount: 3, errorCount: 3 });
    const items = await s.ctx.db.query<{ code: string; price: string; type: string; uom: string }>(
      `select item_code as code, unit_price::text as price, item_type_code as type, uom_code as uom from smdm_item where tenant_id = 1 and item_code like 'IMP-%' order by item_code`,
    );
    expect(items.rows).toEqual([
      { code: 'IMP-BAD-DATE', price: '8.75', type: 'MATERIAL', uom: 'PCS' },
      { code: 'IMP-OK-1', price: '12.50', type: 'MATERIAL', uom: 'PCS' },
      { code: 'IMP-OK-2', price: '3.20', type: 'MATERIAL', uom: 'EA' },
    ]);
  });

  it('gives a file of the rows with errors, each with its reason', async () => {
    const r = await s.call({ as: 'buyer', url: `${BASE}/import/data/error-file?templateCode=${CODE}&batch=${batch}` });
    expect(r.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(r.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.rowCount).toBe(4);
    expect(ws.getRow(2).getCell(1).value).toBe(5);
    expect(String(ws.getRow(2).getCell(9).value)).toMatch(/formula/);
  });

  it('marks a row the target refuses (a duplicate code) as failed, and imports the rest', async () => {
    const r = await upload('buyer', 'again.xlsx', await workbook([['IMP-OK-1', 'Duplicate', 'MATERIAL', 'PCS', 1, 1, null], ['IMP-NEW-3', 'New', 'MATERIAL', 'PCS', 1, 1, null]]));
    const b = r.json().batch;
    await s.call({ as: 'buyer', method: 'POST', url: `${BASE}/import/data/data-validate?templateCode=${CODE}&batch=${b}` });
    await checked(b);
    await s.call({ as: 'buyer', method: 'POST', url: `${BASE}/import/data/data-import?templateCode=${CODE}&batch=${b}` });
    await expect.poll(async () => (await s.call({ as: 'buyer', url: `${BASE}/import/data/status?batch=${b}` })).json().status, { timeout: 20000 }).toBe('IMPORTED');
    const rows = await rowsOf(b);
    expect(rows.map((x) => x.dataStatus)).toEqual(['IMPORT_FAILED', 'IMPORT_SUCCESS']);
    expect(rows[0]!.errorMsg).toMatch(/itemCode|IMP-OK-1|exists|duplicate/i);
  });
});

describe('himp large batches', () => {
  it('stages and checks a full-size file in chunks, counting the checked rows', async () => {
    const r = await upload('buyer', 'full.xlsx', await workbook(Array.from({ length: 1000 }, (_, i) => [`IMP-FULL-${i}`, `Full ${i}`, 'MATERIAL', 'PCS', i % 7 === 0 ? 'x' : i, 1, null])));
    expect(r.statusCode, r.body).toBe(200);
    const b = r.json().batch;
    expect((await s.call({ as: 'buyer', method: 'POST', url: `${BASE}/import/data/data-validate?templateCode=${CODE}&batch=${b}` })).statusCode).toBe(200);
    // 143 of the rows (every seventh) carry a price that is not a number.
    expect(await checked(b)).toMatchObject({ totalCount: 1000, checkedCount: 1000, errorCount: 143 });
    const last = (await s.call({ as: 'buyer', url: `${BASE}/import/data?batch=${b}&page=99&size=10` })).json().content as Row[];
    expect(last.map((x) => x.rowNumber)).toEqual(Array.from({ length: 10 }, (_, i) => 992 + i));
    expect(last.every((x) => x.dataStatus === ((x.rowNumber - 2) % 7 === 0 ? 'VALID_FAILED' : 'VALID_SUCCESS'))).toBe(true);
  });
});

describe('himp bad input', () => {
  it('reads a CSV (papaparse), with quoted commas and line breaks', async () => {
    const csv = '\uFEFFitemCode,itemName,itemTypeCode,uomCode,unitPrice\r\nIMP-CSV-1,"Bolt, hex\r\nM10",MATERIAL,PCS,2.5\r\n';
    const r = await upload('buyer', 'items.csv', Buffer.from(csv));
    expect(r.statusCode, r.body).toBe(200);
    const rows = await rowsOf(r.json().batch);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.data).toMatchObject({ itemCode: 'IMP-CSV-1', itemName: 'Bolt, hex\r\nM10', unitPrice: '2.5' });
  });

  it('refuses what is not a spreadsheet, a broken workbook, missing columns and too many rows with 400 naming the problem', async () => {
    const notSheet = await upload('buyer', 'photo.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 1]));
    expect(notSheet.statusCode).toBe(400);
    expect(notSheet.json().message).toMatch(/not a spreadsheet/);
    const broken = await upload('buyer', 'broken.xlsx', Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(100, 7)]));
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toMatch(/not a readable \.xlsx/);
    const missing = await upload('buyer', 'missing.xlsx', await workbook([['A', 'B']], ['物料编码', '规格']));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Sheet "Items" lacks the required column(s): Item name, Item type, Unit');
    const many = await upload('buyer', 'many.xlsx', await workbook(Array.from({ length: 1001 }, (_, i) => [`IMP-${i}`, 'x', 'MATERIAL', 'PCS'])));
    expect(many.statusCode).toBe(400);
    expect(many.json().message).toMatch(/1001 rows; this template takes at most 1000/);
    const empty = await upload('buyer', 'empty.xlsx', await workbook([]));
    expect(empty.statusCode).toBe(400);
  });

  it('refuses a file over the size limit with 413', async () => {
    const r = await upload('buyer', 'big.csv', Buffer.alloc(5 * 1024 * 1024 + 10, 0x41));
    expect(r.statusCode).toBe(413);
  });
});
