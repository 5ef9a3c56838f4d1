import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

/** Decimal columns travel as decimal text with their scale; requests send numbers or text, refused (never rounded) when they do not fit. */
const PO = '/sodr/v1/1/po-headers';
const LINES = '/sodr/v1/1/po-lines';
const ITEMS = '/smdm/v1/1/items';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const send = (method: 'POST' | 'PUT', url: string, payload: unknown, as = 'buyer') => s.call({ method, url, payload: payload as object, as });
const get = async (url: string, as = 'buyer') => (await s.call({ url, as })).json();

async function newPo(): Promise<{ poHeaderId: number }> {
  const r = await send('POST', PO, { supplierName: 'Decimal Co.', companyName: 'Demo Manufacturing Co.' });
  expect(r.statusCode, r.body).toBe(200);
  return r.json();
}

const line = (poHeaderId: number, lineNum: number, unitPrice: unknown, quantity: unknown = 1) => ({ poHeaderId, lineNum, itemCode: `MAT-${lineNum}`, itemName: 'Bolt', quantity, unitPrice });

/** The refusal of a body: 400 with the field named in `field` and in the message. */
function expectRefused(r: { statusCode: number; body: string; json(): unknown }, field: string) {
  expect(r.statusCode, r.body).toBe(400);
  const body = r.json() as { failed: boolean; field?: string; message: string };
  expect(body.failed).toBe(true);
  expect(body.field).toBe(field);
  expect(body.message).toContain(field);
  return body;
}

describe('decimal columns on the wire', () => {
  it('round-trips exactly: "0.10" + "0.20" totals "0.30" on the order, on get, list and lines', async () => {
    const po = await newPo();
    expect((await send('POST', LINES, line(po.poHeaderId, 1, '0.10'))).json()).toMatchObject({ unitPrice: '0.10', quantity: '1.00', lineAmount: '0.10' });
    expect((await send('POST', LINES, line(po.poHeaderId, 2, 0.2))).json()).toMatchObject({ unitPrice: '0.20', lineAmount: '0.20' });
    const header = await get(`${PO}/${po.poHeaderId}`);
    expect(header.amount).toBe('0.30');
    expect(header.taxIncludeAmount).toBe('0.34');
    const listed = await get(`${PO}?displayPoNum=${encodeURIComponent(header.displayPoNum)}`);
    expect(listed.content[0].amount).toBe('0.30');
    const lines = await get(`${LINES}?poHeaderId=${po.poHeaderId}&size=10`);
    expect(lines.content.map((l: { unitPrice: string }) => l.unitPrice).sort()).toEqual(['0.10', '0.20']);
    // Integers and flags stay JSON numbers.
    expect(typeof lines.content[0].lineNum).toBe('number');
    expect(typeof lines.content[0].cancelledFlag).toBe('number');
  });

  it('keeps an empty decimal null', async () => {
    const r = await send('POST', ITEMS, { itemCode: 'DEC-NULL', itemName: 'No price' }, 'admin');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ unitPrice: null, taxRate: '13.00' });
  });

  it('takes the largest value of a numeric(20,2) column as text, exactly', async () => {
    const r = await send('POST', ITEMS, { itemCode: 'DEC-MAX', itemName: 'Dear', unitPrice: '999999999999999999.99' }, 'admin');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().unitPrice).toBe('999999999999999999.99');
  });

  it('refuses 99999999999999999 sent as a JSON number into numeric(20,2), naming the field: a double cannot carry it', async () => {
    const po = await newPo();
    // The JSON text as a client writes it: parsed, it is already 100000000000000000.
    const json = JSON.stringify(line(po.poHeaderId, 1, 0)).replace('"unitPrice":0', '"unitPrice":99999999999999999');
    const r = await s.call({ method: 'POST', url: LINES, payload: json, headers: { 'content-type': 'application/json' }, as: 'buyer' });
    const body = expectRefused(r, 'unitPrice');
    expect(body.message).toMatch(/decimal string/);
  });

  it('refuses more integer digits than the column holds, as text', async () => {
    const po = await newPo();
    expectRefused(await send('POST', LINES, line(po.poHeaderId, 1, '9999999999999999999')), 'unitPrice');
  });

  it.each([12.345, '12.345'])('refuses %j into a column of scale 2 instead of rounding it', async (v) => {
    const po = await newPo();
    expectRefused(await send('POST', LINES, line(po.poHeaderId, 1, v)), 'unitPrice');
    expect((await get(`${LINES}?poHeaderId=${po.poHeaderId}`)).totalElements).toBe(0);
  });

  it('refuses a decimal below min or above max, as a number and as text', async () => {
    const po = await newPo();
    expectRefused(await send('POST', LINES, line(po.poHeaderId, 1, -5)), 'unitPrice');
    expectRefused(await send('POST', LINES, line(po.poHeaderId, 1, '-5')), 'unitPrice');
    expectRefused(await send('POST', ITEMS, { itemCode: 'DEC-TAX', itemName: 'Taxed', taxRate: '100.01' }, 'admin'), 'taxRate');
  });

  it('refuses text that is not a decimal, naming the field', async () => {
    const po = await newPo();
    for (const v of ['1e3', '1,000.00', ' 1', 'abc']) expectRefused(await send('POST', LINES, line(po.poHeaderId, 1, v)), 'unitPrice');
  });

  it('checks an update as a create, leaving the row as it was', async () => {
    const po = await newPo();
    const created = (await send('POST', LINES, line(po.poHeaderId, 1, '1.50'))).json();
    expectRefused(await send('PUT', `${LINES}/${created.poLineId}`, { objectVersionNumber: created.objectVersionNumber, unitPrice: 1.005 }), 'unitPrice');
    const updated = await send('PUT', `${LINES}/${created.poLineId}`, { objectVersionNumber: created.objectVersionNumber, unitPrice: '1.25', quantity: 4 });
    expect(updated.json()).toMatchObject({ unitPrice: '1.25', quantity: '4.00', lineAmount: '5.00' });
  });
});

describe('a CSV import', () => {
  it('takes decimal text as typed and reports a value with too many decimals on its line, naming the field', async () => {
    const csv = ['itemCode,itemName,unitPrice', 'DEC-CSV-1,Good,12.50', 'DEC-CSV-2,Too fine,12.345', 'DEC-CSV-3,Negative,-1'].join('\n');
    const boundary = '----moneywire';
    const payload = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="items.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`);
    const r = await s.call({ method: 'POST', url: `${ITEMS}/import`, payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, as: 'admin' });
    expect(r.statusCode, r.body).toBe(200);
    const report = r.json() as { imported: number; rows: Array<{ line: number; ok: boolean; errors?: string[] }> };
    expect(report.imported).toBe(1);
    expect(report.rows.filter((x) => !x.ok).map((x) => [x.line, x.errors![0]!.split(' ')[0]])).toEqual([
      [3, 'unitPrice'],
      [4, 'unitPrice'],
    ]);
    expect((await get(`${ITEMS}?itemCode=DEC-CSV-1`, 'admin')).content[0].unitPrice).toBe('12.50');
  });
});

describe('the OpenAPI document', () => {
  it('declares decimal answers as strings with their scale, and requests as a number or decimal text', async () => {
    const doc = (await s.app.inject({ url: '/api-docs/json' })).json();
    const one = doc.paths['/sodr/v1/{tenantId}/po-headers/{id}'].get.responses['200'].content['application/json'].schema;
    expect(one.properties.amount.type).toEqual(['string', 'null']);
    expect(one.properties.amount.pattern).toBe('^-?\\d{1,18}\\.\\d{2}$');
    expect(one.properties.poHeaderId.type).toEqual(['integer', 'null']);
    const list = doc.paths['/sodr/v1/{tenantId}/po-lines'].get.responses['200'].content['application/json'].schema;
    const row = list.properties.content.items;
    expect(row.properties.quantity).toMatchObject({ type: ['string', 'null'] });
    expect(row.properties.lineNum.type).toEqual(['integer', 'null']);
    const body = doc.paths['/sodr/v1/{tenantId}/po-lines'].post.requestBody.content['application/json'].schema;
    expect(body.properties.unitPrice.type).toEqual(expect.arrayContaining(['number', 'string']));
    expect(body.properties.unitPrice.pattern).toContain('\\d{1,18}(\\.\\d{1,2})?');
  });
});
