import DecimalJs from 'decimal.js';
import { toDecimal } from '../../../renderer/format/number.ts';

const Decimal = DecimalJs.clone({ precision: 40 });
type Decimal = DecimalJs;

/**
 * The price check's sums in decimal arithmetic: prices and quantities arrive as decimal text
 * ("12.40") and award quantities are what the buyer typed, so the awarded share, the average
 * awarded price and the saving are exact (an average of 0.1, 0.2 and 0.3 is 0.2, not 0.19999…).
 */

/** A price or quantity as a decimal; blank or not a number counts as zero. */
const dec = (v: unknown): Decimal => new Decimal(toDecimal(v) ?? 0);

export interface AwardedOffer {
  unitPrice: string | number | null;
  /** What the buyer awards this offer (typed text or the saved quantity). */
  award: string | number | null | undefined;
}

/** The quantity awarded over a line's offers. */
export function awardedQuantity(offers: readonly AwardedOffer[]): Decimal {
  return offers.reduce((sum, o) => sum.plus(dec(o.award)), new Decimal(0));
}

/** The average price of the awarded offers, weighted by their awarded quantities; none when nothing is awarded. */
export function averagePrice(offers: readonly AwardedOffer[]): Decimal | undefined {
  const awarded = offers.filter((o) => dec(o.award).gt(0) && toDecimal(o.unitPrice) !== undefined);
  const qty = awardedQuantity(awarded);
  if (qty.isZero()) return undefined;
  return awarded.reduce((sum, o) => sum.plus(dec(o.unitPrice).times(dec(o.award))), new Decimal(0)).dividedBy(qty);
}

/** The saving of `average` against the line's last price, in percent with two decimals (`"3.25%"`); none without both. */
export function savingPercent(lastPrice: string | number | null | undefined, average: Decimal | undefined): string {
  if (!toDecimal(lastPrice) || !average) return '';
  const last = dec(lastPrice);
  if (last.isZero()) return '';
  return `${last.minus(average).dividedBy(last).times(100).toFixed(2, Decimal.ROUND_HALF_UP)}%`;
}

/** `part` of `whole` in percent with two decimals; none of a zero whole. */
export function sharePercent(part: unknown, whole: unknown): string {
  const w = dec(whole);
  return w.isZero() ? '' : `${dec(part).dividedBy(w).times(100).toFixed(2, Decimal.ROUND_HALF_UP)}%`;
}

/** More awarded than the line's quantity. */
export const overAwarded = (awarded: Decimal, quantity: unknown): boolean => awarded.gt(dec(quantity));
