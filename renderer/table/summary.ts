import type { ResolvedColumn } from '../schema/resolve-field.ts';
import type { SummaryFn } from '../schema/screen.ts';
import { evaluateFlag } from '../schema/expressions/evaluate.ts';

type Row = Record<string, unknown>;

const SUMMARY_FNS: ReadonlySet<string> = new Set<SummaryFn>(['sum', 'avg', 'min', 'max', 'count']);

const numeric = (v: unknown): number | undefined => {
  if (v === null || v === undefined || v === '' || typeof v === 'boolean') return undefined;
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : undefined;
};

/**
 * One column's summary over rows. `count` counts the rows with a value; the others take the
 * numeric values only (blank cells are not zeros: an average skips them). No values → undefined.
 * Sums are added in integer hundredths-of-a-cent steps where possible, so 0.1 + 0.2 shows 0.3.
 */
export function summarize(rows: readonly Row[], field: string, fn: SummaryFn): number | undefined {
  if (fn === 'count') return rows.reduce((n, r) => (r[field] === null || r[field] === undefined || r[field] === '' ? n : n + 1), 0);
  const values: number[] = [];
  for (const r of rows) {
    const n = numeric(r[field]);
    if (n !== undefined) values.push(n);
  }
  if (!values.length) return undefined;
  if (fn === 'min') return Math.min(...values);
  if (fn === 'max') return Math.max(...values);
  const sum = exactSum(values);
  return fn === 'sum' ? sum : sum / values.length;
}

/** Floating-point sums of money drift (0.1 + 0.2); summing scaled integers does not. */
function exactSum(values: number[]): number {
  const decimals = Math.min(6, Math.max(0, ...values.map((v) => (String(v).split('.')[1] ?? '').length)));
  const scale = 10 ** decimals;
  const scaled = values.map((v) => Math.round(v * scale));
  // Beyond 2^53 scaled integers lose digits themselves: a plain sum is then the better one.
  if (!scaled.every(Number.isSafeInteger)) return values.reduce((n, v) => n + v, 0);
  return scaled.reduce((n, v) => n + v, 0) / scale;
}

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
export function summaryValues(rows: readonly Row[], spec: Record<string, SummaryFn>, where?: string): Record<string, number | undefined> {
  const counted = where ? rows.filter((record) => evaluateFlag(where, { record }, true)) : rows;
  return Object.fromEntries(Object.entries(spec).map(([field, fn]) => [field, summarize(counted, field, fn)]));
}
