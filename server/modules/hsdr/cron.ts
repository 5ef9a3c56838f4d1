import cronstrue from 'cronstrue/i18n';

/**
 * The one place that knows cron syntax. The brief asks for `croner`; it is not installed yet, so
 * the parser below stands in with croner's rules (5 fields, or 6 with seconds first; `*`, lists,
 * ranges, steps, month and weekday names, `?` for "any"; weekday 0 or 7 is Sunday; day-of-month
 * and weekday both restricted means either matches). Swapping in croner changes this file only:
 * callers see `parseCron(expr).next(after)` and `describeCron(expr, lang)`.
 */

export class CronError extends Error {}

interface Field {
  name: string;
  min: number;
  max: number;
  names?: string[];
}

const FIELDS: Field[] = [
  { name: 'second', min: 0, max: 59 },
  { name: 'minute', min: 0, max: 59 },
  { name: 'hour', min: 0, max: 23 },
  { name: 'day of month', min: 1, max: 31 },
  { name: 'month', min: 1, max: 12, names: ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'] },
  { name: 'day of week', min: 0, max: 7, names: ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'] },
];

function value(f: Field, raw: string): number {
  const upper = raw.toUpperCase();
  const named = f.names?.indexOf(upper) ?? -1;
  if (named >= 0) return named + (f.name === 'month' ? 1 : 0);
  if (!/^\d{1,2}$/.test(raw)) throw new CronError(`"${raw}" is not a valid ${f.name}`);
  const n = Number(raw);
  if (n < f.min || n > f.max) throw new CronError(`${f.name} ${n} is outside ${f.min}–${f.max}`);
  return n;
}

/** The set of values one field allows, and whether it was a wildcard (for the day-of-month/weekday rule). */
function parseField(f: Field, text: string): { set: Set<number>; any: boolean } {
  const set = new Set<number>();
  const any = text === '*' || text === '?';
  for (const part of text.split(',')) {
    if (part === '') throw new CronError(`empty item in the ${f.name} field`);
    const [range, stepText] = part.split('/') as [string, string | undefined];
    let step = 1;
    if (stepText !== undefined) {
      if (!/^\d{1,2}$/.test(stepText) || Number(stepText) === 0) throw new CronError(`"${stepText}" is not a valid step in the ${f.name} field`);
      step = Number(stepText);
    }
    let from: number;
    let to: number;
    if (range === '*' || range === '?') {
      from = f.min;
      to = f.max;
    } else if (range.includes('-')) {
      const [a, b] = range.split('-') as [string, string];
      from = value(f, a);
      to = value(f, b);
      if (from > to) throw new CronError(`range ${range} of the ${f.name} field runs backwards`);
    } else {
      from = value(f, range);
      to = stepText !== undefined ? f.max : from;
    }
    for (let v = from; v <= to; v += step) set.add(f.name === 'day of week' && v === 7 ? 0 : v);
  }
  return { set, any };
}

export interface CronSchedule {
  /** The first firing strictly after `after` (whole seconds), or null when none comes within five years. */
  next(after: Date): Date | null;
  /** The next `n` firings after `after`. */
  nextRuns(n: number, after: Date): Date[];
}

/** Parses a cron expression; a bad one throws a CronError saying what is wrong. */
export function parseCron(expr: string): CronSchedule {
  const text = String(expr ?? '').trim();
  if (!text) throw new CronError('the expression is empty');
  let parts = text.split(/\s+/);
  // Quartz-style expressions carry a year as a seventh field; only "any year" is supported.
  if (parts.length === 7) {
    if (parts[6] !== '*' && parts[6] !== '?') throw new CronError('a year field other than * is not supported');
    parts = parts.slice(0, 6);
  }
  if (parts.length === 5) parts = ['0', ...parts];
  if (parts.length !== 6) throw new CronError(`expected 5 or 6 fields, got ${parts.length}`);
  const [sec, min, hour, dom, mon, dow] = parts.map((p, i) => parseField(FIELDS[i]!, p)) as [ReturnType<typeof parseField>, ReturnType<typeof parseField>, ReturnType<typeof parseField>, ReturnType<typeof parseField>, ReturnType<typeof parseField>, ReturnType<typeof parseField>];
  const dayMatches = (d: Date) => {
    const a = dom.set.has(d.getDate());
    const b = dow.set.has(d.getDay());
    if (dom.any && dow.any) return true;
    if (dom.any) return b;
    if (dow.any) return a;
    return a || b;
  };
  const next = (after: Date): Date | null => {
    const d = new Date(after.getTime());
    d.setMilliseconds(0);
    d.setSeconds(d.getSeconds() + 1);
    const limit = after.getTime() + 5 * 366 * 24 * 3600 * 1000;
    while (d.getTime() <= limit) {
      if (!mon.set.has(d.getMonth() + 1)) {
        d.setMonth(d.getMonth() + 1, 1);
        d.setHours(0, 0, 0);
        continue;
      }
      if (!dayMatches(d)) {
        d.setDate(d.getDate() + 1);
        d.setHours(0, 0, 0);
        continue;
      }
      if (!hour.set.has(d.getHours())) {
        d.setHours(d.getHours() + 1, 0, 0);
        continue;
      }
      if (!min.set.has(d.getMinutes())) {
        d.setMinutes(d.getMinutes() + 1, 0);
        continue;
      }
      if (!sec.set.has(d.getSeconds())) {
        d.setSeconds(d.getSeconds() + 1);
        continue;
      }
      return d;
    }
    return null;
  };
  return {
    next,
    nextRuns(n, after) {
      const out: Date[] = [];
      let at: Date | null = after;
      while (out.length < n && at) {
        at = next(at);
        if (at) out.push(at);
      }
      return out;
    },
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
