import ExcelJS from 'exceljs';
import Fastify from 'fastify';
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

  it('encodes in its own heap-capped thread: a thread that fails answers a clear error, not a hung response', async () => {
    // A heap too small for the writer: only a thread under these limits can fail this way, so an
    // export that stopped encoding in the thread would pass these rows and fail this test.
    const tiny = { maxOldGenerationSizeMb: 2, maxYoungGenerationSizeMb: 1 };
    async function* rows() {
      yield [{ c0: 1, c1: 'a' }];
    }
    const app = Fastify();
    app.get('/export', (_req, reply) => reply.header('content-type', 'application/octet-stream').send(xlsxStream('Orders', COLUMNS, rows(), 0, { threadLimits: tiny })));
    try {
      const r = await app.inject({ method: 'GET', url: '/export' });
      expect(r.statusCode).toBe(500);
      expect(r.json().message).toMatch(/^The \.xlsx export failed: .*memory limit/);
    } finally {
      await app.close();
    }
  });

  it('sends a page of wide rows to the thread in slices that fit its heap', async () => {
    // 2,000 rows of 60 columns of 200 characters ≈ 24 MB of text: more than the thread's heap takes at once.
    const wide = Array.from({ length: 60 }, (_, i) => ({ name: `w${i}`, title: `Wide ${i}`, type: 'string' }));
    async function* rows() {
      for (let b = 0; b < 2; b++) yield Array.from({ length: 2000 }, (_, k) => Object.fromEntries(wide.map((c, i) => [c.name, `${b}-${k}-${i}-${'x'.repeat(200)}`])));
    }
    const chunks: Buffer[] = [];
    for await (const c of xlsxStream('Wide', wide, rows(), 0)) chunks.push(c as Buffer);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    expect(wb.worksheets[0]!.rowCount).toBe(4001);
    expect(wb.worksheets[0]!.getRow(4001).getCell(60).value).toBe(`1-1999-59-${'x'.repeat(200)}`);
  });
});
