import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { previewRow } from '../../renderer/form/formula-preview.ts';
import { startTestServer, type TestServer } from './harness.ts';

/**
 * What the browser previews while a line is typed is what the server stores on save: order lines
 * with generated quantities, prices, tax codes and currencies, written through the API and
 * compared with the preview of the same formulas (fast-check, fixed seed).
 */
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

describe('formula preview and server agree', () => {
  it('on 60 generated order lines, amounts and tax included, to the cent (and to the yen)', async () => {
    const facts = (await s.call({ method: 'GET', url: '/hpfm/v1/1/formula-facts', as: 'buyer' })).json();
    expect(facts.precision).toMatchObject({ CNY: 2 });
    const poLine = s.ctx.entities.get('poLine')!;
    const cents = (max: number) => fc.integer({ min: 1, max }).map((n) => n / 100);
    const taxCodes = Object.keys(facts.taxRate);
    expect(taxCodes.length).toBeGreaterThan(0);
    const orders: Record<string, number> = {};
    for (const currencyCode of ['CNY', 'JPY']) {
      const r = await s.call({ method: 'POST', url: '/sodr/v1/1/po-headers', payload: { supplierName: 'Preview check', companyName: 'Demo Manufacturing Co.', currencyCode }, as: 'buyer' });
      expect(r.statusCode, r.body).toBe(200);
      orders[currencyCode] = r.json().poHeaderId as number;
    }
    let lineNum = 0;
    await fc.assert(
      fc.asyncProperty(cents(10_000_000), cents(100_000_000), fc.constantFrom(...taxCodes), fc.constantFrom('CNY', 'JPY'), async (quantity, unitPrice, taxCode, currencyCode) => {
        const r = await s.call({ method: 'POST', url: '/sodr/v1/1/po-lines', payload: { poHeaderId: orders[currencyCode], lineNum: ++lineNum, itemCode: 'P', itemName: 'Preview', quantity, unitPrice, taxCode }, as: 'buyer' });
        expect(r.statusCode, r.body).toBe(200);
        const stored = r.json();
        const preview = previewRow(poLine, { row: { quantity, unitPrice, taxCode }, parent: { currencyCode }, facts });
        expect({ lineAmount: preview.lineAmount, taxIncludedLineAmount: preview.taxIncludedLineAmount }).toEqual({ lineAmount: stored.lineAmount, taxIncludedLineAmount: stored.taxIncludedLineAmount });
      }),
      { numRuns: 60, seed: 20261126 },
    );
    // The orders' totals over those lines (the conditional sums leave cancelled lines out), one line cancelled first.
    const poHeader = s.ctx.entities.get('poHeader')!;
    const first = (await s.call({ method: 'GET', url: `/sodr/v1/1/po-lines?poHeaderId=${orders.CNY}&size=1`, as: 'buyer' })).json().content[0];
    const cancelled = await s.call({ method: 'POST', url: `/sodr/v1/1/po-lines/${first.poLineId}/actions/cancel`, payload: { objectVersionNumber: first.objectVersionNumber, cancelReason: 'preview check' }, as: 'buyer' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    for (const id of Object.values(orders)) {
      const header = (await s.call({ method: 'GET', url: `/sodr/v1/1/po-headers/${id}`, as: 'buyer' })).json();
      const lines = (await s.call({ method: 'GET', url: `/sodr/v1/1/po-lines?poHeaderId=${id}&size=1000`, as: 'buyer' })).json().content;
      const preview = previewRow(poHeader, { row: header, lines: { poLine: lines }, facts });
      expect({ amount: preview.amount, taxIncludeAmount: preview.taxIncludeAmount }).toEqual({ amount: header.amount, taxIncludeAmount: header.taxIncludeAmount });
    }
  });
});
