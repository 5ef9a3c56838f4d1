import type { EntityDecl } from '../../renderer/schema/entity.ts';
import { HttpError } from '../../server/http/errors.ts';
import { filters, orderBy, pageParams } from '../../server/resources/list-query.ts';
import { columnOf } from '../../server/resources/naming.ts';
import { DataSourceError } from './data-source-error.ts';

type Row = Record<string, unknown>;
type Pred = (row: Row) => boolean;

/**
 * List queries over in-memory rows with the reference server's own query builder
 * (server/resources/list-query.ts): it decides which parameters filter, how values are typed and
 * refused, which sorts are allowed and how ties break. Only the few condition shapes it emits are
 * read back here as predicates, so the stories cannot drift from the server's rules.
 */
const CONDITION = /^t\."(\w+)"(::text)? (ilike|=|>=|<=|<) (any\()?\$(\d+)(?:::(\w+)(\[\])?)?\)?( \+ 1)?$/;

const empty = (v: unknown) => v === undefined || v === null || v === '';
const stamp = (v: unknown) => String(v).replace('T', ' ');

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'number' || typeof b === 'number') return Number(a) - Number(b);
  return stamp(a) < stamp(b) ? -1 : stamp(a) > stamp(b) ? 1 : 0;
}

function fieldsByColumn(e: EntityDecl): Map<string, string> {
  const names = [e.primaryKey, 'creationDate', 'lastUpdateDate', ...e.fields.map((f) => f.name)];
  return new Map(names.map((n) => [columnOf(n), n]));
}

function predicate(sql: string, params: unknown[], byColumn: Map<string, string>): Pred {
  const m = CONDITION.exec(sql);
  if (!m) throw new Error(`story list: the server's query builder emitted a condition this reader does not know: ${sql}`);
  const [, column, asText, op, any, index, cast, , plusOne] = m;
  const field = byColumn.get(column!)!;
  const p = params[Number(index) - 1];
  if (op === 'ilike') {
    const needle = String(p).slice(1, -1).replace(/\\(.)/g, '$1').toLowerCase();
    return (row) => !empty(row[field]) && String(row[field]).toLowerCase().includes(needle);
  }
  if (any) return (row) => (p as string[]).includes(String(row[field]));
  if (asText) return (row) => !empty(row[field]) && String(row[field]) === String(p);
  // A date-only upper bound on a date-time includes that whole day.
  const bound = plusOne ? `${String(p)} 99` : cast === 'date' ? String(p).slice(0, 10) : p;
  const value = (row: Row) => (cast === 'date' ? String(row[field]).slice(0, 10) : row[field]);
  const test = { '=': (c: number) => c === 0, '>=': (c: number) => c >= 0, '<=': (c: number) => c <= 0, '<': (c: number) => c < 0 }[op as '=' | '>=' | '<=' | '<'];
  return (row) => !empty(row[field]) && test(compare(value(row), bound));
}

function sorter(e: EntityDecl, sort: string[] | undefined, byColumn: Map<string, string>): (a: Row, b: Row) => number {
  const pairs = orderBy(e, sort)
    .split(', ')
    .map((part) => {
      const [, column, dir] = /^t\."(\w+)" (asc|desc)$/.exec(part)!;
      return [byColumn.get(column!)!, dir] as const;
    });
  return (a, b) => {
    for (const [field, dir] of pairs) {
      const x = a[field];
      const y = b[field];
      if (empty(x) && empty(y)) continue;
      // PostgreSQL's default: nulls last ascending, first descending.
      if (empty(x)) return dir === 'asc' ? 1 : -1;
      if (empty(y)) return dir === 'asc' ? -1 : 1;
      const c = compare(x, y);
      if (c) return dir === 'asc' ? c : -c;
    }
    return 0;
  };
}

/** The page of `rows` a list request asks for; a refused parameter is a 400 as on the server. */
export function listRows(e: EntityDecl, rows: Row[], q: Record<string, unknown>): { content: Row[]; page: number; size: number; total: number } {
  try {
    const { page, size, sort } = pageParams(q);
    const params: unknown[] = [];
    const byColumn = fieldsByColumn(e);
    const preds = filters(e, q, params).map((sql) => predicate(sql, params, byColumn));
    const hits = rows.filter((r) => preds.every((p) => p(r))).sort(sorter(e, sort, byColumn));
    return { content: hits.slice(page * size, page * size + size), page, size, total: hits.length };
  } catch (err) {
    if (err instanceof HttpError) throw new DataSourceError(err.status, err.message);
    throw err;
  }
}
