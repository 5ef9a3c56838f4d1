import DecimalJs from 'decimal.js';
import { toDecimal } from '../../../../renderer/format/number.ts';

const Decimal = DecimalJs.clone({ precision: 40 });
type Decimal = DecimalJs;

/** A quoted line's amounts as decimal text in the currency's decimals ("1,234.50" is the cell's business, not this). */
export interface LineAmounts {
  amount: string;
  tax: string;
  amountWithTax: string;
}

const round = (d: Decimal, decimals: number) => d.toDecimalPlaces(decimals, Decimal.ROUND_HALF_UP);

/**
 * quantity × unit price, rounded half up to the currency's decimals; the tax on that rounded
 * amount, rounded the same way; their sum. What an invoice line shows, so the totals are sums of
 * what the lines show. None without a price (a line not quoted counts for nothing).
 */
export function lineAmounts(quantity: unknown, unitPrice: unknown, taxRate: unknown, decimals: number): LineAmounts | undefined {
  const price = toDecimal(unitPrice);
  if (!price) return undefined;
  const amount = round(new Decimal(toDecimal(quantity) ?? 0).times(price), decimals);
  const tax = round(amount.times(toDecimal(taxRate) ?? 0).dividedBy(100), decimals);
  return { amount: amount.toFixed(decimals), tax: tax.toFixed(decimals), amountWithTax: amount.plus(tax).toFixed(decimals) };
}

/** The quotation's totals over its priced lines, and how many lines are priced. */
export function quoteTotals(lines: ReadonlyArray<LineAmounts | undefined>, decimals: number): LineAmounts & { lines: number } {
  const priced = lines.filter((l): l is LineAmounts => !!l);
  const sum = (k: keyof LineAmounts) => priced.reduce((acc, l) => acc.plus(l[k]), new Decimal(0)).toFixed(decimals);
  return { amount: sum('amount'), tax: sum('tax'), amountWithTax: sum('amountWithTax'), lines: priced.length };
}
