import { describe, expect, it } from 'vitest';
import { answerPattern, compareDecimals, decimalPattern, decimalProblem, numberText, toScale } from '../../../renderer/schema/decimal.ts';
import { decimalOf, FIELD_TYPES } from '../../../renderer/schema/types/field-types.ts';

const MONEY = { precision: 20, scale: 2 };

describe('decimal text', () => {
  it('writes a number as the text the client sent, exponents spelled out', () => {
    expect(numberText(0.1)).toBe('0.1');
    expect(numberText(-12.5)).toBe('-12.5');
    expect(numberText(1e21)).toBe('1000000000000000000000');
    expect(numberText(1.5e-7)).toBe('0.00000015');
    expect(numberText(Number.NaN)).toBeUndefined();
  });

  it('compares decimals exactly, as numbers or text, where text order would not', () => {
    expect(compareDecimals('100.00', '99.50')).toBeGreaterThan(0);
    expect(compareDecimals('0.30', 0.3)).toBe(0);
    expect(compareDecimals('-0.00', '0')).toBe(0);
    expect(compareDecimals('-2', '-10')).toBeGreaterThan(0);
    expect(compareDecimals('99999999999999999.99', '99999999999999999.98')).toBeGreaterThan(0);
    expect(compareDecimals('2026-01-01', '1')).toBeUndefined();
  });

  it('writes a value with the column’s scale, rounding half away from zero as PostgreSQL does', () => {
    expect(toScale(1234.5, 2)).toBe('1234.50');
    expect(toScale('0.005', 2)).toBe('0.01');
    expect(toScale('-0.005', 2)).toBe('-0.01');
    expect(toScale('99.995', 2)).toBe('100.00');
    expect(toScale(13, 0)).toBe('13');
    expect(toScale('-0.001', 2)).toBe('0.00');
    expect(toScale('abc', 2)).toBeUndefined();
  });
});

describe('a request value against its column', () => {
  it('takes what fits, as a number or as text', () => {
    expect(decimalProblem(12.34, MONEY)).toBeUndefined();
    expect(decimalProblem('999999999999999999.99', MONEY)).toBeUndefined();
    expect(decimalProblem('12.30', MONEY, { min: 0 })).toBeUndefined();
  });

  it('refuses more decimals than the scale, never rounding', () => {
    expect(decimalProblem(12.345, MONEY)).toMatch(/3 decimals/);
    expect(decimalProblem('12.345', MONEY)).toMatch(/3 decimals/);
  });

  it('refuses more integer digits than the column holds', () => {
    expect(decimalProblem('9999999999999999999', MONEY)).toMatch(/more than 18 digits/);
  });

  it('refuses a JSON number a double cannot carry exactly at the column’s scale', () => {
    expect(decimalProblem(Number('99999999999999999'), MONEY)).toMatch(/decimal string/);
    expect(decimalProblem(90071992547409.91, MONEY)).toBeUndefined();
  });

  it('checks min and max on text too', () => {
    expect(decimalProblem('-5', MONEY, { min: 0 })).toBe('must be >= 0');
    expect(decimalProblem('100.01', { precision: 9, scale: 2 }, { max: 100 })).toBe('must be <= 100');
  });

  it('patterns bound the text: at most the integer digits and the scale; answers always carry the scale', () => {
    const p = new RegExp(decimalPattern(MONEY, true));
    expect(['0.1', '12.30', '-7', '999999999999999999.99'].every((v) => p.test(v))).toBe(true);
    expect(['', '1.234', '1e3', '1,000', '.5', '9999999999999999999'].some((v) => p.test(v))).toBe(false);
    expect(new RegExp(decimalPattern(MONEY)).test('')).toBe(true);
    expect(new RegExp(answerPattern(MONEY)).test('12.30')).toBe(true);
    expect(new RegExp(answerPattern(MONEY)).test('12.3')).toBe(false);
  });
});

describe('the field type table decides which fields are decimals', () => {
  it('money, percent and a number with precision; not integers, flags nor an unbounded number', () => {
    expect(decimalOf({ name: 'a', type: 'money' })).toEqual({ precision: 20, scale: 2 });
    expect(decimalOf({ name: 'a', type: 'percent', precision: 4 })).toEqual({ precision: 9, scale: 4 });
    expect(decimalOf({ name: 'a', type: 'number', precision: 6 })).toEqual({ precision: 20, scale: 6 });
    expect(decimalOf({ name: 'a', type: 'number' })).toBeUndefined();
    expect(decimalOf({ name: 'a', type: 'integer' })).toBeUndefined();
    expect(decimalOf({ name: 'a', type: 'flag' })).toBeUndefined();
    // The column and the text agree on the digits.
    expect(FIELD_TYPES.money.sql({ name: 'a', type: 'money', precision: 3 })).toBe('numeric(20,3)');
  });
});
