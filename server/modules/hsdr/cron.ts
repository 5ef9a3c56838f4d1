import cronstrue from 'cronstrue/i18n';
import { Cron } from 'croner';

/**
 * The one place that knows cron syntax: croner parses and computes fire times (5 fields, 6 with
 * seconds first, or Quartz's 7 with a year; `*`, lists, ranges, steps, month and weekday names,
 * `?` for "any"; weekday 0 or 7 is Sunday; day-of-month and weekday both restricted means either
 * matches, as cron has always done). cronstrue says it in words. Callers see
 * `parseCron(expr).next(after)`, `cronProblem(expr)` and `describeCron(expr, lang)`.
 */

export class CronError extends Error {}

export interface CronSchedule {
  /** The first firing strictly after `after` (whole seconds), or null when none comes. */
  next(after: Date): Date | null;
  /** The next `n` firings after `after`. */
  nextRuns(n: number, after: Date): Date[];
}

/** Parses a cron expression; a bad one throws a CronError saying what is wrong. */
export function parseCron(expr: string): CronSchedule {
  const text = String(expr ?? '').trim();
  if (!text) throw new CronError('the expression is empty');
  let cron: Cron;
  try {
    // No function: a pattern to compute times with, never a timer of its own (the scheduler
    // claims firings in the database so that several instances fire each once).
    cron = new Cron(text, { paused: true, domAndDow: false });
  } catch (e) {
    throw new CronError((e as Error).message.replace(/^CronPattern: /, ''));
  }
  return {
    next: (after) => cron.nextRun(after),
    nextRuns: (n, after) => cron.nextRuns(n, after),
  };
}

/** The reason an expression is refused, or null when it parses and fires at least once. */
export function cronProblem(expr: string): string | null {
  try {
    if (!parseCron(expr).next(new Date())) return 'it never fires';
    return null;
  } catch (e) {
    return e instanceof CronError ? e.message : String(e);
  }
}

/** A sentence saying when the expression fires, in the UI language (`zh_CN` or `en_US`). */
export function describeCron(expr: string, lang: string): string {
  try {
    return cronstrue.toString(expr, { locale: lang === 'zh_CN' ? 'zh_CN' : 'en', use24HourTimeFormat: true, dayOfWeekStartIndexZero: true, throwExceptionOnParseError: true });
  } catch {
    return '';
  }
}
