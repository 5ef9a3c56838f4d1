import type { Queryable } from '../db/database.ts';
import { cachedReads, readCacheOf } from '../db/read-cache.ts';
import { badRequest } from '../http/errors.ts';

/**
 * How a list answers its totals (`?total=`): `exact` (the default, what API clients of the
 * original expect), `estimate` (what the UI asks: the planner's guess when counting would be
 * costly and no counted answer is kept; the UI shows "about N" and asks for the count after the
 * rows are on screen), `only` (the exact totals and no rows: that follow-up call).
 */
export type TotalMode = 'exact' | 'estimate' | 'only';
const MODES: readonly TotalMode[] = ['exact', 'estimate', 'only'];

/**
 * Below this many matching rows (as the planner guesses them) a count costs a few milliseconds:
 * an exact number is then worth more than an early one.
 */
export const ESTIMATE_FROM = 10_000;

export function totalModeOf(q: Record<string, unknown>): TotalMode {
  const v = q.total === undefined || q.total === '' ? 'exact' : String(q.total);
  if (!(MODES as readonly string[]).includes(v)) throw badRequest(`total: one of ${MODES.join(', ')}`);
  return v as TotalMode;
}

export interface ListTotal {
  n: number;
  estimated: boolean;
}

/** The rows matching `from` (`table t where …`), counted or, in `estimate` mode, guessed when counting is dear. */
export async function listTotal(db: Queryable, mode: TotalMode, from: string, params: unknown[]): Promise<ListTotal> {
  const countSql = `select count(*)::int as n from ${from}`;
  if (mode === 'estimate') {
    const kept = await readCacheOf(db)?.peek<{ n: number }>(countSql, params);
    if (kept) return { n: Number(kept.rows[0]?.n ?? 0), estimated: false };
    const guess = await plannedRows(db, `select 1 from ${from}`, params);
    if (guess >= ESTIMATE_FROM) return { n: guess, estimated: true };
  }
  const r = await cachedReads(db).query<{ n: number }>(countSql, params);
  return { n: Number(r.rows[0]?.n ?? 0), estimated: false };
}

/** The planner's row estimate of a statement, with its parameters bound (a custom plan: the search value counts). */
async function plannedRows(db: Queryable, sql: string, params: unknown[]): Promise<number> {
  const r = await db.query<Record<string, unknown>>(`explain (format json) ${sql}`, params);
  const raw = r.rows[0] ? Object.values(r.rows[0])[0] : undefined;
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan?: { 'Plan Rows'?: number } }> | undefined;
  return Math.round(Number(plan?.[0]?.Plan?.['Plan Rows'] ?? 0));
}
