import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../../server/resources/import-csv.ts';
import type { ImportReport } from '../../server/resources/import-routes.ts';
import { startTestServer, type TestServer } from './harness.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const TERMS = '/smdm/v1/1/payment-terms';

/** A multipart/form-data body with one CSV file, as the browser's FormData sends it. */
function csvUpload(text: string) {
  const boundary = `----vitest${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="terms.csv"\r\nContent-Type: text/csv\r\n\r\n`),
    Buffer.from(text, 'utf8'),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const importCsv = (text: string, as = 'sysadmin', url = `${TERMS}/import`) => s.call({ as, method: 'POST', url, ...csvUpload(text) });

describe('CSV parsing', () => {
  it('reads quoted cells with commas, quotes and line breaks, skips blank lines and a BOM', () => {
    const rows = parseCsv('\ufeffa,b\r\n"x, y","say ""hi"""\n\n"two\nlines",z\n');
    expect(rows).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['x, y', 'say "hi"'] },
      { line: 4, cells: ['two\nlines', 'z'] },
    ]);
  });
});

describe('generic import', () => {
  it('creates the valid rows, reports each bad row with its line and reasons', async () => {
    const csv = ['termCode,termName,dueDays,Unknown', 'IMP30,Import 30 days,30,x', 'bad code,Lower case code,10,', 'IMP60,"Import, 60 days",60,', 'IMP90,,400,'].join('\n');
    const r = await importCsv(csv);
    expect(r.statusCode).toBe(200);
    const report = r.json() as ImportReport;
    expect(report).toMatchObject({ total: 4, imported: 2, failed: 2, ignoredColumns: ['Unknown'] });
    expect(report.rows.map((x) => [x.line, x.ok])).toEqual([
      [2, true],
      [3, false],
      [4, true],
      [5, false],
    ]);
    expect(report.rows[1]!.errors!.join(' ')).toMatch(/termCode/);
    expect(report.rows[3]!.errors!.join(' ')).toMatch(/termName/);
    expect(report.rows[3]!.errors!.join(' ')).toMatch(/dueDays/);
    const list = (await s.call({ as: 'sysadmin', url: `${TERMS}?termCode=IMP&size=50` })).json() as { content: Array<Record<string, unknown>> };
    const byCode = new Map(list.content.map((x) => [x.termCode, x]));
    // Typed like a POST: numbers are numbers, declared defaults filled in.
    expect(byCode.get('IMP30')).toMatchObject({ termName: 'Import 30 days', dueDays: 30, baseDateCode: 'INVOICE_DATE', enabledFlag: 1 });
    expect(byCode.get('IMP60')).toMatchObject({ termName: 'Import, 60 days' });
    expect(byCode.has('IMP90')).toBe(false);
  });

  it('reads the translated headers an export writes, and reports a duplicate as that row’s failure', async () => {
    const r = await importCsv('付款条件代码,付款条件名称\nIMP30,Again\nIMP45,Forty-five\n');
    const report = r.json() as ImportReport;
    expect(report).toMatchObject({ total: 2, imported: 1, failed: 1 });
    expect(report.rows[0]).toMatchObject({ line: 2, ok: false });
    expect(report.rows[1]).toMatchObject({ line: 3, ok: true });
  });

  it('refuses a file without known columns, a non-multipart body, outsiders and other tenants', async () => {
    expect((await importCsv('foo,bar\n1,2\n')).statusCode).toBe(400);
    expect((await s.call({ as: 'sysadmin', method: 'POST', url: `${TERMS}/import`, payload: { termCode: 'X' } })).statusCode).toBe(415);
    expect((await importCsv('termCode,termName\nIMPX,X\n', 'sysadmin', '/smdm/v1/2/payment-terms/import')).statusCode).toBe(403);
    expect((await importCsv('termCode,termName\nIMPX,X\n', 'supplier')).statusCode).toBe(403);
    expect((await s.call({ method: 'POST', url: `${TERMS}/import`, ...csvUpload('termCode\nA\n') })).statusCode).toBe(401);
  });
});
