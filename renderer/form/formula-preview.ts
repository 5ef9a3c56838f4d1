import Decimal from 'decimal.js';
import { toScale } from '../schema/decimal.ts';
import type { EntityDecl } from '../schema/entity.ts';
import { decimalOf } from '../schema/types/field-types.ts';
import { type Ast, parseExpression } from '../schema/expressions/parse.ts';

type Row = Record<string, unknown>;

/** Master data formulas read: currency decimals and tax rates (GET /hpfm/v1/{tenantId}/formula-facts). */
export interface FormulaFacts {
  precision: Record<string, number>;
  taxRate: Record<string, string | number>;
}

/** What one evaluation sees: the row, its parent (for lines) and the lines of each line entity (for headers). */
export interface FormulaScope {
  row: Row;
  parent?: Row;
  lines?: Record<string, Row[]>;
  facts: FormulaFacts;
}

/** A preview cannot be computed (a value not known here): the field keeps what the server said. */
class Unknown extends Error {}

const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });

const num = (v: unknown): Decimal => {
  if (v === null || v === undefined || v === '') throw new Unknown();
  try {
    return new D(typeof v === 'number' ? String(v) : (v as string));
  } catch {
    throw new Unknown();
  }
};

/**
 * The browser's preview of a `formula` field, in decimal arithmetic, for the same language the
 * server compiles to SQL (server/resources/formulas.ts): fields, `parent.<field>`, numbers,
 * `+ - * /`, `round`, `coalesce`, `sum(<line entity>.<field>)`, `precision(…)`, `taxRate(…)`.
 * It only shows what the save will store: the server's value replaces it once the lines are
 * saved. Anything it cannot know (a construct it does not read, a missing value) gives undefined.
 */
export function previewFormula(source: string, scope: FormulaScope): string | undefined {
  const walk = (n: Ast): Decimal | string | null => {
    switch (n.type) {
      case 'Literal':
        if (typeof n.value === 'number') return new D(String(n.value));
        throw new Unknown();
      case 'Identifier':
        return value(scope.row[n.name as string]);
      case 'MemberExpression': {
        const obj = n.object as Ast;
        if (obj.type !== 'Identifier' || obj.name !== 'parent' || n.computed || !scope.parent) throw new Unknown();
        return value(scope.parent[(n.property as Ast).name as string]);
      }
      case 'BinaryExpression': {
        const l = num(walk(n.left as Ast));
        const r = num(walk(n.right as Ast));
        if (n.operator === '+') return l.plus(r);
        if (n.operator === '-') return l.minus(r);
        if (n.operator === '*') return l.times(r);
        // SQL's x / nullif(y, 0) is null.
        if (n.operator === '/') return r.isZero() ? null : l.div(r);
        throw new Unknown();
      }
      case 'UnaryExpression':
        if (n.operator !== '-') throw new Unknown();
        return num(walk(n.argument as Ast)).neg();
      case 'CallExpression': {
        const name = (n.callee as Ast).name as string;
        const args = n.arguments as Ast[];
        if (name === 'round' && args.length === 2) {
          const x = walk(args[0]!);
          return x === null ? null : num(x).toDecimalPlaces(num(walk(args[1]!)).toNumber(), Decimal.ROUND_HALF_UP);
        }
        if (name === 'coalesce') {
          for (const a of args) {
            const v = walk(a);
            if (v !== null) return v;
          }
          return null;
        }
        if (name === 'precision' && args.length === 1) {
          const code = walk(args[0]!);
          const p = code === null ? undefined : scope.facts.precision[String(code)];
          return new D(p ?? 2);
        }
        if (name === 'taxRate' && args.length === 1) {
          const code = walk(args[0]!);
          const r = code === null ? undefined : scope.facts.taxRate[String(code)];
          return new D(r ?? 0);
        }
        if (name === 'sum' && (args.length === 1 || args.length === 2) && args[0]!.type === 'MemberExpression') {
          const m = args[0]!;
          const rows = scope.lines?.[(m.object as Ast).name as string];
          if (!rows) throw new Unknown();
          const field = (m.property as Ast).name as string;
          // `sum(poLine.lineAmount, cancelledFlag != 1)`: only lines whose condition holds (unknown counts as not).
          const counted = args.length === 2 ? rows.filter((r) => lineCondition(args[1]!, r) === true) : rows;
          return counted.reduce((acc, r) => (r[field] === null || r[field] === undefined || r[field] === '' ? acc : acc.plus(num(r[field]))), new D(0));
        }
        throw new Unknown();
      }
      default:
        throw new Unknown();
    }
  };
  try {
    const v = walk(parseExpression(source));
    if (v === null) return undefined;
    return typeof v === 'string' ? v : v.toFixed();
  } catch {
    return undefined;
  }
}

/**
 * A sum's condition over one line, as SQL reads it (server/resources/formulas.ts): comparisons of
 * the line's fields with numbers, strings or null, `&& || !`; `!=` holds for an empty value (SQL's
 * `is distinct from`), other comparisons with one are unknown and do not count. Anything else
 * cannot be previewed.
 */
function lineCondition(n: Ast, row: Row): boolean | null {
  const op = n.operator as string | undefined;
  if ((n.type === 'BinaryExpression' || n.type === 'LogicalExpression') && (op === '&&' || op === '||')) {
    const l = lineCondition(n.left as Ast, row);
    const r = lineCondition(n.right as Ast, row);
    if (op === '&&') return l === false || r === false ? false : l === null || r === null ? null : true;
    return l === true || r === true ? true : l === null || r === null ? null : false;
  }
  if (n.type === 'UnaryExpression' && op === '!') {
    const v = lineCondition(n.argument as Ast, row);
    return v === null ? null : !v;
  }
  const operand = (x: Ast): { v: unknown; isNullLiteral: boolean } => {
    if (x.type === 'Identifier') return { v: row[x.name as string], isNullLiteral: false };
    if (x.type === 'Literal' && (x.value === null || typeof x.value === 'number' || typeof x.value === 'string')) return { v: x.value, isNullLiteral: x.value === null };
    throw new Unknown();
  };
  if (n.type !== 'BinaryExpression' || !op || !['==', '===', '!=', '!==', '<', '<=', '>', '>='].includes(op)) throw new Unknown();
  const l = operand(n.left as Ast);
  const r = operand(n.right as Ast);
  const empty = (v: unknown) => v === null || v === undefined || v === '';
  const eq = op === '==' || op === '===';
  if (l.isNullLiteral || r.isNullLiteral) return (empty(l.isNullLiteral ? r.v : l.v)) === eq;
  // `!=` is SQL's `is distinct from` there: a line whose flag is empty is not 1, so it counts.
  if (empty(l.v) || empty(r.v)) return op === '!=' || op === '!==' ? !(empty(l.v) && empty(r.v)) : null;
  const numeric = Number.isFinite(Number(l.v)) && Number.isFinite(Number(r.v));
  const a = numeric ? Number(l.v) : String(l.v);
  const b = numeric ? Number(r.v) : String(r.v);
  if (eq) return a === b;
  if (op === '!=' || op === '!==') return a !== b;
  if (op === '<') return a < b;
  if (op === '<=') return a <= b;
  if (op === '>') return a > b;
  return a >= b;
}

/** A value as the formula reads it: numbers as decimals, codes as text, empty as null. */
function value(v: unknown): Decimal | string | null {
  if (v === null || v === undefined || v === '') return null;
  if (typeof v === 'number') return new D(String(v));
  if (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v)) return new D(v);
  return String(v);
}

/**
 * The formula fields of `entity` previewed over `row`, in declaration order (a later formula reads
 * an earlier one's new value, as the server computes them); as the server answers them: decimal
 * text with the column's scale ("1234.50") for decimal columns, else numbers.
 */
export function previewRow(entity: EntityDecl, scope: FormulaScope): Row {
  const out: Row = {};
  const row = { ...scope.row };
  for (const f of entity.fields) {
    if (!f.formula) continue;
    const v = previewFormula(f.formula, { ...scope, row });
    if (v === undefined) continue;
    const digits = decimalOf(f);
    row[f.name] = out[f.name] = digits ? (toScale(v, digits.scale) ?? v) : Number(v);
  }
  return out;
}

/** The fields `entity`'s formulas read from its own rows (what makes a line's preview change). */
export function formulaInputs(entity: EntityDecl): Set<string> {
  const names = new Set<string>();
  const walk = (n: Ast | undefined): void => {
    if (!n || typeof n !== 'object') return;
    if (n.type === 'Identifier') names.add(n.name as string);
    if (n.type === 'MemberExpression') return;
    for (const v of Object.values(n)) {
      if (Array.isArray(v)) v.forEach((x) => walk(x as Ast));
      else if (v && typeof v === 'object' && 'type' in v) walk(v as Ast);
    }
  };
  for (const f of entity.fields) if (f.formula) walk(parseExpression(f.formula));
  return names;
}
