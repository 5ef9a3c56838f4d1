import Decimal from 'decimal.js';

/** A number or numeric text as a decimal, exactly (decimal columns arrive as text: "1234.50"); anything else undefined. */
export function toDecimal(v: unknown): Decimal | undefined {
  if (typeof v === 'number') return Number.isFinite(v) ? new Decimal(String(v)) : undefined;
  if (typeof v !== 'string' || v.trim() === '') return undefined;
  try {
    const d = new Decimal(v.trim());
    return d.isFinite() ? d : undefined;
  } catch {
    return undefined;
  }
}

const group = (fixed: string) => {
  const [int, frac] = fixed.split('.');
  const grouped = int!.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return frac !== undefined ? `${grouped}.${frac}` : grouped;
};

/**
 * Thousands separators (§9) with a fixed number of decimals when given, rounded half up in decimal
 * arithmetic (a float's 1.005 would show 1.00). Numbers and decimal text alike; text that is not a
 * number is shown as it is.
 */
export function formatNumber(v: number | string | null | undefined, precision: number | undefined): string {
  if (v === null || v === undefined || v === '' || (typeof v === 'number' && Number.isNaN(v))) return '';
  const d = toDecimal(v);
  if (!d) return String(v);
  return group(precision === undefined ? d.toFixed() : d.toFixed(precision));
}

/**
 * A value being edited, when not typed into: at least `precision` decimals, but never fewer than
 * it holds (an input shows what will be saved, so 12.345 stays 12.345 and is refused for its
 * digits, not rounded out of sight). `separators`: thousands separators, for the form's inputs.
 */
export function formatKept(v: unknown, precision: number | undefined, separators = true): string {
  if (v === null || v === undefined || v === '') return '';
  const d = toDecimal(v);
  if (!d) return String(v);
  const fixed = d.toFixed(Math.max(precision ?? 0, d.decimalPlaces()));
  return separators ? group(fixed) : fixed;
}
