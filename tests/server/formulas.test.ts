import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEntities } from '../../server/resources/entities.ts';
import { compileFormula } from '../../server/resources/formulas.ts';
import { startTestServer, type TestServer } from './harness.ts';

/** Amounts computed exactly by the server (`formula` fields), where binary floats go wrong. */
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

type Row = Record<string, unknown>;
const H = '/sodr/v1/1/po-headers';
const L = '/sodr/v1/1/po-lines';
const order = async (currencyCode = 'CNY'): Promise<Row> =>
  (await s.call({ method: 'POST', url: H, payload: { supplierName: 'Exact Co.', companyName: 'Demo Manufacturing Co.', currencyCode, amount: 999, taxIncludeAmount: 999 }, as: 'buyer' })).json();
const line = async (o: Row, lineNum: number, quantity: number, unitPrice: number, extra: Row = {}): Promise<Row> => {
  const r = await s.call({ method: 'POST', url: L, payload: { poHeaderId: o.poHeaderId, lineNum, itemCode: `X${lineNum}`, itemName: 'Item', quantity, unitPrice, lineAmount: 1, ...extra }, as: 'buyer' });
  expect(r.statusCode, r.body).toBe(200);
  return r.json();
};
const header = async (o: Row): Promise<Row> => (await s.call({ url: `${H}/${String(o.poHeaderId)}`, as: 'buyer' })).json();
/** The stored value as text, exactly as the database keeps it. */
const stored = async (table: string, col: string, key: string, id: unknown) =>
  (await s.ctx.db.query<{ v: string }>(`select ${col}::text as v from ${table} where ${key} = $1`, [id])).rows[0]!.v;

describe('computed amounts', () => {
  it('compiles every declared formula', () => {
    const entities = loadEntities();
    for (const e of entities.values()) for (const f of e.fields.filter((x) => x.formula)) expect(() => compileFormula(e, entities, f.formula!, []), `${e.name}.${f.name}`).not.toThrow();
  });

  it('sums 0.1 and 0.2 to exactly 0.30, ignoring totals sent in the body', async () => {
    const o = await order();
    expect(o.amount).toBe('0.00');
    await line(o, 1, 1, 0.1);
    await line(o, 2, 1, 0.2);
    expect(await stored('sodr_po_header', 'amount', 'po_header_id', o.poHeaderId)).toBe('0.30');
    // Answered as the database keeps it: decimal text, the column's scale kept.
    expect((await header(o)).amount).toBe('0.30');
  });

  it('multiplies 3 × 33.33 to 99.99, adds 13 % tax per line from the tax master, and keeps the lines and totals in step', async () => {
    const o = await order();
    const l = await line(o, 1, 3, 33.33);
    expect(l).toMatchObject({ lineAmount: '99.99', taxRate: '13.00', taxIncludedLineAmount: '112.99' });
    await line(o, 2, 3, 0.1);
    expect(await header(o)).toMatchObject({ amount: '100.29', taxIncludeAmount: '113.33' });
    // A changed quantity and a removed line are summed again at once.
    const changed = await s.call({ method: 'PUT', url: `${L}/${String(l.poLineId)}`, payload: { ...l, quantity: 6 }, as: 'buyer' });
    expect(changed.json()).toMatchObject({ lineAmount: '199.98', taxIncludedLineAmount: '225.98' });
    expect(await header(o)).toMatchObject({ amount: '200.28' });
    await s.call({ method: 'DELETE', url: `${L}/${String(l.poLineId)}`, as: 'buyer' });
    expect(await header(o)).toMatchObject({ amount: '0.30', taxIncludeAmount: '0.34' });
  });

  it('keeps large quantities exact to the cent', async () => {
    const o = await order();
    await line(o, 1, 99999999.99, 12345.67, { taxCode: 'VAT6-IN' });
    // 99 999 999.99 × 12 345.67 = 1 234 566 999 876.5433 exactly; floats would be off in the last places.
    expect(await stored('sodr_po_header', 'amount', 'po_header_id', o.poHeaderId)).toBe('1234566999876.54');
    expect(await stored('sodr_po_header', 'tax_include_amount', 'po_header_id', o.poHeaderId)).toBe('1308641019869.13');
  });

  it("rounds to the currency's precision: yen to whole units, and again when the order's currency changes", async () => {
    const o = await order('JPY');
    const l = await line(o, 1, 3, 33.33);
    expect(l.lineAmount).toBe('100.00');
    const cny = await order();
    const l2 = await line(cny, 1, 3, 33.33);
    expect(l2.lineAmount).toBe('99.99');
    const h = await header(cny);
    const moved = await s.call({ method: 'PUT', url: `${H}/${String(cny.poHeaderId)}`, payload: { ...h, currencyCode: 'JPY' }, as: 'buyer' });
    expect(moved.json()).toMatchObject({ amount: '100.00' });
  });
});
