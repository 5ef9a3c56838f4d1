import type { EntityDecl, EntityField } from '../../renderer/schema/entity.ts';
import { FIELD_TYPES, isNumericType } from '../../renderer/schema/types/field-types.ts';
import { badRequest } from '../http/errors.ts';
import { columnOf, ident } from './naming.ts';

export interface PageParams {
  page: number;
  size: number;
  sort?: string[];
  /** Where the previous page ended (the `nextCursor` of its answer): the page starts after it. */
  cursor?: string;
}

const MAX_SIZE = 10000;
/** Keeps `offset` a plain integer in the SQL text (a huge page would print as 1e+21). */
const MAX_PAGE = 1_000_000;

/** Server-set columns every row has; they sort and filter by range like declared datetimes. */
const SYSTEM_DATES = ['creationDate', 'lastUpdateDate'];

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const DATETIME_RE = /^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2})?)?$/;

/** Zero-based `page`, `size` (default 10, capped), `sort=field,asc|desc` repeated or comma-chained. */
export function pageParams(q: Record<string, unknown>): PageParams {
  const page = Math.min(MAX_PAGE, Math.max(0, Number.parseInt(String(q.page ?? '0'), 10) || 0));
  const size = Math.min(MAX_SIZE, Math.max(1, Number.parseInt(String(q.size ?? '10'), 10) || 10));
  const raw = q.sort === undefined ? [] : Array.isArray(q.sort) ? q.sort.map(String) : [String(q.sort)];
  return { page, size, sort: raw.filter(Boolean), ...(q.cursor !== undefined && q.cursor !== '' ? { cursor: String(q.cursor) } : {}) };
}

/**
 * `a,asc,b,desc` and `a,b,desc` (Spring's reading: a direction applies to the fields named
 * since the previous one) into `[field, dir]` pairs.
 */
function sortPairs(items: string[]): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const item of items) {
    let pending: string[] = [];
    for (const token of item.split(',').map((s) => s.trim())) {
      const lower = token.toLowerCase();
      if (lower === 'asc' || lower === 'desc') {
        if (!pending.length) throw badRequest(`sort direction "${token}" does not follow a field`);
        for (const f of pending) out.push([f, lower]);
        pending = [];
      } else pending.push(token);
    }
    for (const f of pending) out.push([f, 'asc']);
  }
  return out;
}

/** One ORDER BY term: the column and its direction, and whether the column can hold no value. */
export interface SortTerm {
  column: string;
  dir: 'asc' | 'desc';
  nullable: boolean;
}

/**
 * The ORDER BY terms from `field,dir` pairs. Only declared, sortable-or-key fields are accepted:
 * a name that is not declared is refused with 400, so nothing from the request reaches SQL.
 */
export function sortTerms(e: EntityDecl, sort: string[] | undefined): SortTerm[] {
  // The declared default is trusted even when its field is not marked sortable for clients.
  const items = sort?.length ? sort : [e.defaultSort ?? `${e.primaryKey},desc`];
  const trusted = !sort?.length;
  const terms: SortTerm[] = [];
  let last: 'asc' | 'desc' = 'asc';
  for (const [field, dir] of sortPairs(items)) {
    const f = e.fields.find((x) => x.name === field && !x.private);
    const known = field === e.primaryKey || SYSTEM_DATES.includes(field) || (!!f && (trusted || !!f.sortable));
    if (!field || !known) throw badRequest(`cannot sort by "${field.slice(0, 60)}": not a sortable field of ${e.name}`);
    last = dir as 'asc' | 'desc';
    terms.push({ column: columnOf(field), dir: last, nullable: field !== e.primaryKey && !SYSTEM_DATES.includes(field) && !f?.required });
  }
  // Ties are broken by the key in the direction of the last sort field, so an index on
  // (…, field, key) — what declared `indexes` create — serves the whole ORDER BY in one scan.
  const key = columnOf(e.primaryKey);
  if (!terms.some((t) => t.column === key)) terms.push({ column: key, dir: last, nullable: false });
  return terms;
}

export function orderBy(e: EntityDecl, sort: string[] | undefined): string {
  return sortTerms(e, sort)
    .map((t) => `t.${ident(t.column)} ${t.dir}`)
    .join(', ');
}

/**
 * Keyset paging: the condition "after the row whose sort values are `values`", so a page far down
 * a sorted list starts where the previous one ended instead of counting past every row before it.
 * Sorts on columns that always hold a value in one direction are a row comparison an index serves
 * as a range; mixed directions, and columns that may be empty, expand to "first term after, or
 * equal and the next after…", where an empty value sorts as PostgreSQL puts it by default: last
 * going up, first going down. Undefined when the values do not fit the sort.
 */
export function keysetCondition(terms: SortTerm[], values: unknown[], params: unknown[]): string | undefined {
  if (values.length !== terms.length || values.some((v, i) => v === undefined || (v === null && !terms[i]!.nullable))) return undefined;
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const col = (t: SortTerm) => `t.${ident(t.column)}`;
  if (terms.every((t) => t.dir === terms[0]!.dir && !t.nullable)) {
    return `(${terms.map(col).join(', ')}) ${terms[0]!.dir === 'asc' ? '>' : '<'} (${values.map(p).join(', ')})`;
  }
  const placed = values.map((v) => (v === null ? null : p(v)));
  const equal = (t: SortTerm, at: string | null) => (at === null ? `${col(t)} is null` : `${col(t)} = ${at}`);
  const after = (t: SortTerm, at: string | null): string | undefined => {
    if (t.dir === 'asc') return at === null ? undefined : t.nullable ? `(${col(t)} > ${at} or ${col(t)} is null)` : `${col(t)} > ${at}`;
    return at === null ? `${col(t)} is not null` : `${col(t)} < ${at}`;
  };
  const alternatives = terms.flatMap((t, i) => {
    const next = after(t, placed[i]!);
    return next === undefined ? [] : [[...terms.slice(0, i).map((u, j) => equal(u, placed[j]!)), next].join(' and ')];
  });
  return alternatives.length ? `(${alternatives.map((a) => `(${a})`).join(' or ')})` : 'false';
}

/** A cursor: the sort it belongs to and the sort values of the row a page ended on, opaque to the client. */
export function encodeCursor(terms: SortTerm[], values: unknown[]): string {
  return Buffer.from(JSON.stringify({ s: terms.map((t) => `${t.column} ${t.dir}`).join(','), v: values })).toString('base64url');
}

/** The sort values of a cursor made for this sort; a 400 naming `cursor` for anything else. */
export function decodeCursor(terms: SortTerm[], cursor: unknown): unknown[] {
  try {
    const c = JSON.parse(Buffer.from(String(cursor), 'base64url').toString('utf8')) as { s?: unknown; v?: unknown };
    const fits = (x: unknown, i: number) => (typeof x === 'string' && !x.includes('\u0000')) || (x === null && terms[i]!.nullable);
    if (c.s === terms.map((t) => `${t.column} ${t.dir}`).join(',') && Array.isArray(c.v) && c.v.length === terms.length && c.v.every(fits)) return c.v;
  } catch {
    /* refused below */
  }
  throw badRequest('cursor: not a cursor of this list and sort (start again from the first page)');
}

/** A request value checked against the field's type, so a bad filter is a 400 and never a database error. */
function typed(name: string, type: string, v: unknown): unknown {
  const s = String(v);
  if (type === 'date') {
    if (!DATE_RE.test(s)) throw badRequest(`${name} must be a date (YYYY-MM-DD)`);
    return s;
  }
  if (type === 'datetime') {
    if (!DATETIME_RE.test(s)) throw badRequest(`${name} must be a date-time (YYYY-MM-DD HH:mm:ss)`);
    return s;
  }
  if (isNumericType(type)) {
    const n = Number(s);
    if (s.trim() === '' || !Number.isFinite(n)) throw badRequest(`${name} must be a number`);
    if ((type === 'integer' || type === 'flag') && !Number.isSafeInteger(n)) throw badRequest(`${name} must be an integer`);
    return n;
  }
  return s;
}

/**
 * One condition of a list query, as data: `filters` writes it as SQL, and the stories' data source
 * (stories/data-source/list-rows.ts) evaluates it over rows in memory, so both follow the same rules.
 */
export type Condition =
  /** Case-insensitive substring of the column's text. */
  | { op: 'like'; field: string; value: string }
  /** The column's text equals the value (value-set codes, free text in `eq` mode). */
  | { op: 'textEq'; field: string; value: string }
  /** The column's text is one of the values. */
  | { op: 'textIn'; field: string; values: string[] }
  /** Compared as the column's type; dates and date-times are cast (`date` compares the day only). */
  | { op: '=' | '>=' | '<='; field: string; value: unknown; cast?: 'date' | 'timestamp' }
  /** Before the day after `value`: a date-only upper bound on a date-time includes that whole day. */
  | { op: 'beforeNextDay'; field: string; value: string };

const CASTS: Record<string, 'date' | 'timestamp'> = { date: 'date', datetime: 'timestamp' };

/** `<name>From` / `<name>To`; a date-only upper bound on a date-time includes that whole day. */
function rangeConditions(name: string, type: string, q: Record<string, unknown>, out: Condition[]) {
  const from = q[`${name}From`];
  const to = q[`${name}To`];
  const cast = CASTS[type];
  if (from !== undefined && from !== '') out.push({ op: '>=', field: name, value: typed(`${name}From`, type, from), cast });
  if (to !== undefined && to !== '') {
    const v = typed(`${name}To`, type, to);
    if (type === 'datetime' && DATE_RE.test(String(v))) out.push({ op: 'beforeNextDay', field: name, value: String(v) });
    else out.push({ op: '<=', field: name, value: v, cast });
  }
}

/**
 * Conditions from query parameters named after declared fields. Text fields match
 * case-insensitively by substring, others exactly; `range` fields read `<name>From`/`<name>To`.
 * Unknown parameters are ignored, as the original platform does.
 */
export function conditions(e: EntityDecl, q: Record<string, unknown>): Condition[] {
  const out: Condition[] = [];
  for (const name of SYSTEM_DATES) rangeConditions(name, 'datetime', q, out);
  for (const f of e.fields) {
    if (f.private) continue;
    const mode = filterMode(f);
    if (mode === 'none') continue;
    if (mode === 'range' || f.type === 'date' || f.type === 'datetime') rangeConditions(f.name, f.type, q, out);
    const v = q[f.name];
    if (v === undefined || v === '' || v === null) continue;
    if (mode === 'like') out.push({ op: 'like', field: f.name, value: String(v) });
    else if (mode === 'in' || Array.isArray(v)) {
      const values = Array.isArray(v) ? v.map(String) : String(v).split(',');
      out.push(values.length === 1 ? { op: 'textEq', field: f.name, value: values[0]! } : { op: 'textIn', field: f.name, values });
    } else if (FIELD_TYPES[f.type].numeric) out.push({ op: '=', field: f.name, value: typed(f.name, f.type, v) });
    else if (mode !== 'range') out.push({ op: 'textEq', field: f.name, value: String(v) });
  }
  return out;
}

/** One condition as SQL over the table alias `t`, its value appended to `params`. */
function conditionSql(c: Condition, params: unknown[]): string {
  const col = `t.${ident(columnOf(c.field))}`;
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  switch (c.op) {
    case 'like':
      return `${col}::text ilike ${p(`%${c.value.replace(/[\\%_]/g, (x) => `\\${x}`)}%`)}`;
    case 'textEq':
      return `${col}::text = ${p(c.value)}`;
    // One value is `textEq`, not `= any(...)`: only then can an index scan also deliver the sort order.
    case 'textIn':
      return `${col}::text = any(${p(c.values)}::text[])`;
    case 'beforeNextDay':
      return `${col} < ${p(c.value)}::date + 1`;
    default:
      return `${col} ${c.op} ${p(c.value)}${c.cast ? `::${c.cast}` : ''}`;
  }
}

/** WHERE conditions (SQL) of a list query, their values appended to `params`. */
export function filters(e: EntityDecl, q: Record<string, unknown>, params: unknown[]): string[] {
  return conditions(e, q).map((c) => conditionSql(c, params));
}

/** The declared filter mode, or the default: `like` for free text, `eq` otherwise. */
export function filterMode(f: EntityField): string {
  return f.filter ?? (f.lov ? 'eq' : FIELD_TYPES[f.type].filter);
}
