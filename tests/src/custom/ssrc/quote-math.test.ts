import { describe, expect, it } from 'vitest';
import { lineAmounts, quoteTotals } from '../../../../src/custom/ssrc/quotation/quote-math.ts';

describe('quotation amounts', () => {
  it('round each line to the currency, tax on the rounded amount, exactly', () => {
    expect(lineAmounts('200', '4.35', '13', 2)).toEqual({ amount: '870.00', tax: '113.10', amountWithTax: '983.10' });
    // 3 × 0.1 is 0.3, not 0.30000000000000004; half up at the currency's decimals.
    expect(lineAmounts('3', '0.1', null, 2)).toEqual({ amount: '0.30', tax: '0.00', amountWithTax: '0.30' });
    expect(lineAmounts('1', '0.125', '0', 2)?.amount).toBe('0.13');
    expect(lineAmounts('7', '1234.5', '6', 0)).toEqual({ amount: '8642', tax: '519', amountWithTax: '9161' });
    expect(lineAmounts('10', '', '13', 2)).toBeUndefined();
    expect(lineAmounts('10', 'abc', '13', 2)).toBeUndefined();
  });

  it('total the priced lines as they show, and count them', () => {
    const t = quoteTotals([lineAmounts('200', '4.35', '13', 2), undefined, lineAmounts('500', '0.97', undefined, 2)], 2);
    expect(t).toEqual({ amount: '1355.00', tax: '113.10', amountWithTax: '1468.10', lines: 2 });
    expect(quoteTotals([], 2)).toEqual({ amount: '0.00', tax: '0.00', amountWithTax: '0.00', lines: 0 });
  });
});
