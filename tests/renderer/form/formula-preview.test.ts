import { describe, expect, it } from 'vitest';
import { formulaInputs, previewFormula, previewRow } from '../../../renderer/form/formula-preview.ts';
import type { EntityDecl } from '../../../renderer/schema/entity.ts';

/** The browser's preview of computed amounts: decimal, the server's rounding, nothing guessed. */
const facts = { precision: { CNY: 2, JPY: 0 }, taxRate: { 'VAT13-IN': '13.00', ZERO: '0' } };
const line: EntityDecl = {
  version: 1,
  name: 'docLine',
  table: 'doc_line',
  primaryKey: 'lineId',
  tenantScoped: false,
  paths: { site: '/x' },
  parent: { entity: 'doc', field: 'docId' },
  fields: [
    { name: 'lineId', type: 'integer' },
    { name: 'quantity', type: 'number' },
    { name: 'unitPrice', type: 'money' },
    { name: 'taxCode', type: 'string' },
    { name: 'taxRate', type: 'percent', readOnly: true, formula: 'taxRate(taxCode)' },
    { name: 'lineAmount', type: 'money', readOnly: true, formula: 'round(quantity * unitPrice, precision(parent.currencyCode))' },
    { name: 'taxIncludedLineAmount', type: 'money', readOnly: true, formula: 'round(lineAmount * (1 + taxRate / 100), precision(parent.currencyCode))' },
  ],
};

describe('formula preview', () => {
  it('adds 0.1 and 0.2 to exactly 0.3, where binary floats give 0.30000000000000004', () => {
    expect(previewFormula('a + b', { row: { a: 0.1, b: 0.2 }, facts })).toBe('0.3');
  });

  it('computes a line as the server does: 3 × 33.33 = 99.99, with 13 % tax 112.99', () => {
    expect(previewRow(line, { row: { quantity: 3, unitPrice: 33.33, taxCode: 'VAT13-IN' }, parent: { currencyCode: 'CNY' }, facts })).toEqual({ taxRate: '13.00', lineAmount: '99.99', taxIncludedLineAmount: '112.99' });
  });

  it('stays exact on large quantities and rounds half away from zero to the currency’s decimals', () => {
    expect(previewFormula('round(quantity * unitPrice, 2)', { row: { quantity: '99999999.99', unitPrice: '12345.67' }, facts })).toBe('1234566999876.54');
    expect(previewFormula('round(quantity * unitPrice, precision(parent.currencyCode))', { row: { quantity: 3, unitPrice: 0.5 }, parent: { currencyCode: 'JPY' }, facts })).toBe('2');
    expect(previewFormula('round(x, 2)', { row: { x: -0.125 }, facts })).toBe('-0.13');
  });

  it('sums lines for a header, skipping empty amounts', () => {
    const rows = [{ lineAmount: 494 }, { lineAmount: '77.50' }, { lineAmount: null }, { lineAmount: 0.07 }];
    expect(previewFormula('sum(docLine.lineAmount)', { row: {}, lines: { docLine: rows }, facts })).toBe('571.57');
  });

  it('gives nothing when it cannot know: an empty input, a line entity it was not given, a construct it does not read', () => {
    expect(previewFormula('round(quantity * unitPrice, 2)', { row: { quantity: 2 }, facts })).toBeUndefined();
    expect(previewFormula('sum(other.amount)', { row: {}, lines: {}, facts })).toBeUndefined();
    expect(previewFormula("quantity > 1 ? 1 : 0", { row: { quantity: 2 }, facts })).toBeUndefined();
    expect(previewFormula('a / b', { row: { a: 1, b: 0 }, facts })).toBeUndefined();
  });

  it('knows which fields a line’s amounts read, so only those edits recompute', () => {
    const inputs = formulaInputs(line);
    for (const f of ['quantity', 'unitPrice', 'taxCode', 'lineAmount', 'taxRate']) expect(inputs.has(f)).toBe(true);
    expect(inputs.has('lineId')).toBe(false);
  });
});

describe('conditional sums, as SQL reads them', () => {
  it('counts only the lines whose condition holds; an empty flag is not 1 (counted by !=, not by ==)', () => {
    const rows = [
      { lineAmount: 10, cancelledFlag: 0 },
      { lineAmount: 20, cancelledFlag: 1 },
      { lineAmount: 30, cancelledFlag: '0' },
      { lineAmount: 40, cancelledFlag: null },
    ];
    expect(previewFormula('sum(docLine.lineAmount, cancelledFlag != 1)', { row: {}, lines: { docLine: rows }, facts })).toBe('80');
    expect(previewFormula('sum(docLine.lineAmount, cancelledFlag == 0)', { row: {}, lines: { docLine: rows }, facts })).toBe('40');
    expect(previewFormula('sum(docLine.lineAmount, cancelledFlag == null || cancelledFlag == 0)', { row: {}, lines: { docLine: rows }, facts })).toBe('80');
    expect(previewFormula('sum(docLine.lineAmount, !(cancelledFlag == 1))', { row: {}, lines: { docLine: rows }, facts })).toBe('40');
  });
});
