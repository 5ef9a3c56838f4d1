import { compareDecimals } from '../../renderer/schema/decimal.ts';
import type { EntityDecl } from '../../renderer/schema/entity.ts';
import { decimalOf } from '../../renderer/schema/types/field-types.ts';
import { HttpError } from '../../server/http/errors.ts';
import { type Condition, conditions, orderBy, pageParams } from '../../server/resources/list-query.ts';
import { columnOf } from '../../server/resources/naming.ts';
import { DataSourceError } from './data-source-error.ts';

type Row = Record<string, unknown>;
type Pred = (row: Row) => boolean;

/**
 * List queries over in-memory rows with the reference server's own query builder
 * (server/resources/list-query.ts): it decides which parameters filter, how values are typed and
 * refused, which sorts are allowed and how ties break. Its conditions are data, evaluated here as
 * PostgreSQL evaluates their SQL, so the stories cannot drift from the server's rules.
 */
const empty = (v: unknown) => v === undefined || v === null || v === '';
const stamp = (v: unknown) => String(v).replace('T', ' ');

/** `decimal`: a decimal column, holding numbers or decimal text ("100.00" is above "99.50"), compared as decimals. */
function compare(a: unknown, b: unknown, decimal = false): number {
  const decimals = decimal ? compareDecimals(a, b) : undefined;
  if (decimals !== undefined) return decimals;
  if (typeof a === 'number' || typeof b === 'number') return Number(a) - Number(b);
  return stamp(a) < stamp(b) ? -1 : stamp(a) > stamp(b) ? 1 : 0;
}

function fieldsByColumn(e: EntityDecl): Map<string, string> {
  const names = [e.primaryKey, 'creationDate', 'lastUpdateDate', ...e.fields.map((f) => f.name)];
  return new Map(names.map((n) => [columnOf(n), n]));
}

/** A NULL column matches nothing, as in SQL. */
function predicate(c: Condition, decimals: Set<string>): Pred {
  const f = c.field;
  switch (c.op) {
    case 'like':
      return (row) => !empty(row[f]) && String(row[f]).toLowerCase().includes(c.value.toLowerCase());
    case 'textEq':
      return (row) => !empty(row[f]) && String(row[f]) === c.value;
    case 'textIn':
      return (row) => !empty(row[f]) && c.values.includes(String(row[f]));
    case 'beforeNextDay':
      return (row) => !empty(row[f]) && compare(row[f], `${c.value} 99`) < 0;
    default: {
      const day = c.cast === 'date';
      const bound = day ? String(c.value).slice(0, 10) : c.value;
      const test = { '=': (x: number) => x === 0, '>=': (x: number) => x >= 0, '<=': (x: number) => x <= 0 }[c.op];
      return (row) => !empty(row[f]) && test(compare(day ? String(row[f]).slice(0, 10) : row[f], bound, decimals.has(f)));
    }
  }
}

function sorter(e: EntityDecl, sort: string[] | undefined, byColumn: Map<string, string>, decimals: Set<string>): (a: Row, b: Row) => number {
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
      const c = compare(x, y, decimals.has(field));
      if (c) return dir === 'asc' ? c : -c;
    }
    return 0;
  };
}

/** The page of `rows` a list request asks for; a refused parameter is a 400 as on the server. */
export function listRows(e: EntityDecl, rows: Row[], q: Record<string, unknown>): { content: Row[]; page: number; size: number; total: number } {
  try {
    const { page, size, sort } = pageParams(q);
    const byColumn = fieldsByColumn(e);
    const decimals = new Set(e.fields.filter((f) => decimalOf(f)).map((f) => f.name));
    const preds = conditions(e, q).map((c) => predicate(c, decimals));
    const hits = rows.filter((r) => preds.every((p) => p(r))).sort(sorter(e, sort, byColumn, decimals));
    return { content: hits.slice(page * size, page * size + size), page, size, total: hits.length };
  } catch (err) {
    if (err instanceof HttpError) throw new DataSourceError(err.status, err.message);
    throw err;
  }
}
