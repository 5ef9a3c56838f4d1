/**
 * How a report's cells read: figures arrive as exact decimal text and are grouped for display
 * without passing through a float; dates in the user's format and zone.
 */
import { type DateSettings, formatDateValue } from '../../../renderer/format/date.ts';
import type { ReportDataColumn } from '../../../renderer/schema/wire/report.ts';

export type ViewerColumn = ReportDataColumn;

/** Digits grouped by thousands, the fraction kept as sent (money to two places). */
export function groupDecimal(text: string, places?: number): string {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!m) return text;
  let frac = m[3] ?? '';
  if (places !== undefined) frac = frac.length > places ? roundFraction(m, places) : frac.padEnd(places, '0');
  const int = m[2]!.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${m[1]}${int}${frac ? `.${frac}` : ''}`;
}

/** Rounds half up on the decimal text itself (BigInt arithmetic), never through a float. */
function roundFraction(m: RegExpExecArray, places: number): string {
  const digits = BigInt(`${m[2]}${(m[3] ?? '').slice(0, places + 1).padEnd(places + 1, '0')}`);
  const rounded = (digits + 5n) / 10n;
  const s = rounded.toString().padStart(places + 1, '0');
  return s.slice(-places);
}

export function formatCell(v: unknown, c: ViewerColumn, dates: DateSettings): string {
  if (v === null || v === undefined || v === '') return '';
  const s = String(v);
  switch (c.format) {
    case 'money':
      return /^-?\d+(\.\d+)?$/.test(s) ? groupMoney(s) : s;
    case 'percent':
      return /^-?\d+(\.\d+)?$/.test(s) ? `${s}%` : s;
    case 'date':
      return formatDateValue(s.slice(0, 10), 'date', dates);
    case 'datetime':
      return formatDateValue(s, 'datetime', dates);
    default:
      return c.dataType === 'number' && /^-?\d+(\.\d+)?$/.test(s) ? groupDecimal(s) : s;
  }
}

/** Money to two places; rounding a half away from zero on the text. */
function groupMoney(s: string): string {
  const neg = s.startsWith('-');
  const out = groupDecimal(neg ? s.slice(1) : s, 2);
  return neg ? `-${out}` : out;
}

/** Compares two cells for sorting: figures by value (the order only; what is shown stays the exact text), the rest as text. */
export function compareCells(a: unknown, b: unknown, numeric: boolean): number {
  if (a === null || a === undefined) return b === null || b === undefined ? 0 : -1;
  if (b === null || b === undefined) return 1;
  if (numeric) {
    const d = Number(a) - Number(b);
    return d < 0 ? -1 : d > 0 ? 1 : 0;
  }
  return String(a).localeCompare(String(b));
}
