import DecimalJs from 'decimal.js';
import type { ResolvedColumn } from '../schema/resolve-field.ts';
import type { SummaryFn } from '../schema/screen.ts';
import { evaluateFlag } from '../schema/expressions/evaluate.ts';

type Row = Record<string, unknown>;

// Forty digits: a page of numeric(20, s) amounts adds up without rounding.
const Decimal = DecimalJs.clone({ precision: 40 });
type Decimal = DecimalJs;

const SUMMARY_FNS: ReadonlySet<string> = new Set<SummaryFn>(['sum', 'avg', 'min', 'max', 'count']);

/** A cell's value as a decimal: numbers and decimal text (what decimal columns answer); blanks and anything else none. */
const decimalOf = (v: unknown): Decimal | undefined => {
  if (v === null || v === undefined || v === '' || typeof v === 'boolean') return undefined;
  if (typeof v === 'number') return Number.isFinite(v) ? new Decimal(String(v)) : undefined;
  if (typeof v !== 'string' || !NUMERIC_TEXT.test(v.trim())) return undefined;
  return new Decimal(v.trim());
};
const NUMERIC_TEXT = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

/**
 * One column's summary over rows. `count` counts the rows with a value; the others take the
 * numeric values only (blank cells are not zeros: an average skips them). No values → undefined.
 * Sums, averages and extremes are decimal text computed in decimal arithmetic (0.1 + 0.2 is 0.3,
 * and "100.00" is above "99.50"), as the server's totals are.
 */
export function summarize(rows: readonly Row[], field: string, fn: SummaryFn): SummaryResult {
  if (fn === 'count') return rows.reduce((n, r) => (r[field] === null || r[field] === undefined || r[field] === '' ? n : n + 1), 0);
  const values: Decimal[] = [];
  for (const r of rows) {
    const d = decimalOf(r[field]);
    if (d) values.push(d);
  }
  if (!values.length) return undefined;
  if (fn === 'min') return Decimal.min(...values).toFixed();
  if (fn === 'max') return Decimal.max(...values).toFixed();
  const sum = values.reduce((acc, d) => acc.plus(d), new Decimal(0));
  return (fn === 'sum' ? sum : sum.div(values.length)).toFixed();
}

/** A summary: decimal text for sums, averages and extremes, a whole number for a count; none over no values. */
export type SummaryResult = string | number | undefined;

/**
 * The summaries a table shows: the table's `summary` map merged with columns declaring their own
 * `summary`, limited to columns of the table; unknown functions are ignored (the checker names them).
 */
export function summarySpec(columns: readonly ResolvedColumn[], tableSummary?: Record<string, SummaryFn>): Record<string, SummaryFn> {
  const out: Record<string, SummaryFn> = {};
  for (const c of columns) {
    const fn = tableSummary?.[c.field] ?? c.summary;
    if (fn && SUMMARY_FNS.has(fn)) out[c.field] = fn;
  }
  return out;
}

/**
 * Every summarised column's value over the rows; with `where` (the table's `summaryWhere`, an
 * expression over `record`) over the rows it holds for only (a cancelled line is not summed).
 */
export function summaryValues(rows: readonly Row[], spec: Record<string, SummaryFn>, where?: string): Record<string, SummaryResult> {
  const counted = where ? rows.filter((record) => evaluateFlag(where, { record }, true)) : rows;
  return Object.fromEntries(Object.entries(spec).map(([field, fn]) => [field, summarize(counted, field, fn)]));
}
