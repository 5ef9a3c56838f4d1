/**
 * Decimal values as text, the way they travel (docs/decisions.md, "Exact money on the wire"): a
 * fixed-point column answers `"1234.50"`, its scale kept, and a request may send a JSON number or
 * such a string. Pure string work, no decimal library: this folder runs in the browser, the server
 * and the stories alike (renderer/ and server/ code doing arithmetic uses decimal.js).
 */

/** A fixed-point column, `numeric(precision, scale)`: digits in all and digits after the point. */
export interface DecimalSpec {
  precision: number;
  scale: number;
}

const DECIMAL_TEXT = /^(-)?(\d+)(?:\.(\d+))?$/;

/** A plain decimal (`-12.5`, `0.10`, `7`): what a decimal value is on the wire. No exponent, no separators. */
export const isDecimalText = (v: unknown): v is string => typeof v === 'string' && DECIMAL_TEXT.test(v);

/** The digits before the point that `spec` holds. */
export const integerDigits = (spec: DecimalSpec): number => spec.precision - spec.scale;

/**
 * The pattern of a request value of the column: at most its integer digits and its scale. An
 * optional field may also be cleared with `''`.
 */
export function decimalPattern(spec: DecimalSpec, required = false): string {
  const frac = spec.scale > 0 ? `(\\.\\d{1,${spec.scale}})?` : '';
  const p = `^-?\\d{1,${Math.max(1, integerDigits(spec))}}${frac}$`;
  return required ? p : `^$|${p}`;
}

/** The pattern of the column's value in an answer: its scale always written out. */
export function answerPattern(spec: DecimalSpec): string {
  return `^-?\\d{1,${Math.max(1, integerDigits(spec))}}${spec.scale > 0 ? `\\.\\d{${spec.scale}}` : ''}$`;
}

/**
 * The decimal text of a JS number: its shortest round-trip form (what `JSON.parse` read from the
 * client's `12.34`), with an exponent written out (`1e21`, `1e-7`). Not finite: undefined.
 */
export function numberText(n: number): string | undefined {
  if (!Number.isFinite(n)) return undefined;
  const s = String(n);
  const m = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(s);
  if (!m) return s;
  const digits = m[2]! + (m[3] ?? '');
  const point = 1 + Number(m[4]);
  if (point <= 0) return `${m[1]}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return `${m[1]}${digits}${'0'.repeat(point - digits.length)}`;
  return `${m[1]}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/** Sign, integer digits (no leading zeros) and fraction digits (no trailing zeros) of a decimal text. */
function partsOf(text: string): { neg: boolean; int: string; frac: string } | undefined {
  const m = DECIMAL_TEXT.exec(text);
  if (!m) return undefined;
  const int = m[2]!.replace(/^0+(?=\d)/, '');
  const frac = (m[3] ?? '').replace(/0+$/, '');
  return { neg: !!m[1] && !(int === '0' && frac === ''), int, frac };
}

/** A number or decimal text as decimal text; anything else undefined. */
export function decimalText(v: unknown): string | undefined {
  if (typeof v === 'number') return numberText(v);
  return isDecimalText(v) ? v : undefined;
}

/** Compares two decimals exactly (numbers or decimal texts): negative, zero or positive. Not decimals: undefined. */
export function compareDecimals(a: unknown, b: unknown): number | undefined {
  const x = partsOf(decimalText(a) ?? '');
  const y = partsOf(decimalText(b) ?? '');
  if (!x || !y) return undefined;
  if (x.neg !== y.neg) return x.neg ? -1 : 1;
  const sign = x.neg ? -1 : 1;
  if (x.int.length !== y.int.length) return sign * (x.int.length - y.int.length);
  if (x.int !== y.int) return sign * (x.int < y.int ? -1 : 1);
  const w = Math.max(x.frac.length, y.frac.length);
  const fx = x.frac.padEnd(w, '0');
  const fy = y.frac.padEnd(w, '0');
  return fx === fy ? 0 : sign * (fx < fy ? -1 : 1);
}

/**
 * A number or decimal text written with exactly `scale` decimals, rounded half away from zero as
 * PostgreSQL rounds a value into a `numeric(p, s)` column. Anything else: undefined.
 */
export function toScale(v: unknown, scale: number): string | undefined {
  const p = partsOf(decimalText(v) ?? '');
  if (!p) return undefined;
  let digits = p.int + p.frac.padEnd(scale, '0').slice(0, scale);
  if ((p.frac[scale] ?? '0') >= '5') {
    // Adds one unit of the last kept place, carrying leftwards.
    const out = digits.split('');
    let i = out.length - 1;
    while (i >= 0 && out[i] === '9') out[i--] = '0';
    if (i < 0) out.unshift('1');
    else out[i] = String(Number(out[i]) + 1);
    digits = out.join('');
  }
  const int = digits.slice(0, digits.length - scale).replace(/^0+(?=\d)/, '') || '0';
  const frac = digits.slice(digits.length - scale);
  const zero = /^0*$/.test(int + frac);
  return `${p.neg && !zero ? '-' : ''}${int}${scale > 0 ? `.${frac}` : ''}`;
}

/**
 * Why a request value does not fit the column, or undefined when it does: not a decimal, more
 * decimals than its scale or more integer digits than it holds (refused, never rounded), outside
 * `min`/`max`, or a JSON number too large for a double to carry every value of the scale apart
 * (`99999999999999999` arrives as 100000000000000000: such amounts travel as strings).
 */
export function decimalProblem(v: number | string, spec: DecimalSpec, range: { min?: number; max?: number } = {}): string | undefined {
  const text = decimalText(v);
  if (text === undefined) return typeof v === 'number' ? 'must be a finite number' : 'must be a decimal number such as 1234.50';
  if (typeof v === 'number' && Math.abs(v) * 10 ** spec.scale > Number.MAX_SAFE_INTEGER) {
    return `${text} is too large to travel exactly as a JSON number; send it as a decimal string`;
  }
  const p = partsOf(text)!;
  if (p.frac.length > spec.scale) return `${text} has ${p.frac.length} decimals; at most ${spec.scale} are kept`;
  if (p.int !== '0' && p.int.length > integerDigits(spec)) return `${text} has more than ${integerDigits(spec)} digits before the decimal point`;
  if (range.min !== undefined && compareDecimals(text, range.min)! < 0) return `must be >= ${range.min}`;
  if (range.max !== undefined && compareDecimals(text, range.max)! > 0) return `must be <= ${range.max}`;
  return undefined;
}
