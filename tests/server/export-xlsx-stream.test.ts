import ExcelJS from 'exceljs';
import { setTimeout as delay } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { xlsxStream } from '../../server/resources/export-xlsx.ts';

const COLUMNS = Array.from({ length: 12 }, (_, i) => ({ name: `c${i}`, title: `Column ${i}`, type: i % 2 ? 'string' : 'money' }));
const BATCH = 500;
const BATCHES = 80;

/**
 * A large export may not outrun its reader: the sheet asks for the next page of rows only as the
 * compressor and the response take what it wrote, so its memory stays flat whatever the size.
 */
describe('streamed .xlsx export', () => {
  it('pulls rows only as fast as the reader takes the file, and the file holds every row', async () => {
    let pulled = 0;
    async function* rows() {
      for (let b = 0; b < BATCHES; b++) {
        pulled++;
        yield Array.from({ length: BATCH }, (_, k) => Object.fromEntries(COLUMNS.map((c, i) => [c.name, c.type === 'money' ? b * BATCH + k + i / 100 : `PO-${b}-${k}-${i}-${'x'.repeat(i)}`])));
      }
    }
    const stream = xlsxStream('Orders', COLUMNS, rows(), 480);
    const reader = stream[Symbol.asyncIterator]();
    const chunks: Buffer[] = [(await reader.next()).value as Buffer];
    // The reader stalls: the writer must stop asking for rows long before the end.
    await delay(500);
    expect(pulled).toBeLessThan(BATCHES / 2);
    for (let r = await reader.next(); !r.done; r = await reader.next()) chunks.push(r.value as Buffer);
    expect(pulled).toBe(BATCHES);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.rowCount).toBe(BATCHES * BATCH + 1);
    expect(ws.getRow(BATCHES * BATCH + 1).getCell(2).value).toBe(`PO-${BATCHES - 1}-${BATCH - 1}-1-x`);
  });
});
