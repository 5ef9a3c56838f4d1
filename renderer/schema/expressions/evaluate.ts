import { compareDecimals, isDecimalText } from '../decimal.ts';
import { type Ast, ExpressionError, parseExpression } from './parse.ts';

/** Functions an expression may call. Pure, small and documented in docs/schema-language.md. */
export const EXPRESSION_FUNCTIONS: Record<string, (...args: unknown[]) => unknown> = {
  isEmpty: (v) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0),
  includes: (list, v) => Array.isArray(list) && list.includes(v),
  len: (v) => (typeof v === 'string' || Array.isArray(v) ? v.length : 0),
  lower: (v) => String(v ?? '').toLowerCase(),
  upper: (v) => String(v ?? '').toUpperCase(),
  // Decimal rounding through the exponent, so 1130.565 rounds to 1130.57 as an accountant expects
  // (multiplying by 100 first gives 113056.49999… in binary floating point).
  round: (v, digits) => {
    const d = Number(digits ?? 0);
    return Number(`${Math.round(Number(`${Number(v)}e${d}`))}e-${d}`);
  },
  number: (v) => Number(v),
  now: () => new Date().toISOString(),
};

/**
 * Decimal columns arrive as text ("1234.50"): an order between two of them, or between one and a
 * number, is the decimals' order (as text "100.00" < "99.50"); undefined when either is not a decimal.
 */
const decimalOrder = (a: unknown, b: unknown): number | undefined => (isDecimalText(a) || isDecimalText(b) ? compareDecimals(a, b) : undefined);
const order = (a: unknown, b: unknown, holds: (c: number) => boolean, plain: () => boolean) => {
  const c = decimalOrder(a, b);
  return c === undefined ? plain() : holds(c);
};

const BINARY: Record<string, (a: unknown, b: unknown) => unknown> = {
  '==': (a, b) => a == b,  
  '!=': (a, b) => a != b,  
  '===': (a, b) => a === b,
  '!==': (a, b) => a !== b,
  '<': (a, b) => order(a, b, (c) => c < 0, () => (a as number) < (b as number)),
  '<=': (a, b) => order(a, b, (c) => c <= 0, () => (a as number) <= (b as number)),
  '>': (a, b) => order(a, b, (c) => c > 0, () => (a as number) > (b as number)),
  '>=': (a, b) => order(a, b, (c) => c >= 0, () => (a as number) >= (b as number)),
  // Text joins; a decimal's text and a number add up (`record.amount + 100`), as the other operators treat them.
  '+': (a, b) =>
    (typeof a === 'string' && !(isDecimalText(a) && typeof b === 'number')) || (typeof b === 'string' && !(isDecimalText(b) && typeof a === 'number'))
      ? `${a ?? ''}${b ?? ''}`
      : Number(a ?? 0) + Number(b ?? 0),
  '-': (a, b) => Number(a) - Number(b),
  '*': (a, b) => Number(a) * Number(b),
  '/': (a, b) => Number(a) / Number(b),
  '%': (a, b) => Number(a) % Number(b),
};

const FORBIDDEN_MEMBERS = new Set(['constructor', '__proto__', 'prototype']);

function evalNode(n: Ast, scope: Record<string, unknown>, src: string): unknown {
  switch (n.type) {
    case 'Literal':
      return n.value;
    case 'Identifier': {
      const name = n.name as string;
      if (name === 'undefined') return undefined;
      if (!Object.prototype.hasOwnProperty.call(scope, name)) throw new ExpressionError(`unknown name "${name}"`, src);
      return scope[name];
    }
    case 'MemberExpression': {
      const obj = evalNode(n.object as Ast, scope, src);
      const key = n.computed ? evalNode(n.property as Ast, scope, src) : ((n.property as Ast).name as string);
      if (FORBIDDEN_MEMBERS.has(String(key))) throw new ExpressionError(`"${String(key)}" cannot be read`, src);
      if (obj === null || obj === undefined) return undefined;
      // `in` first: MobX observes it (a key added later re-runs the expression); own keys only, so
      // nothing reaches prototype members.
      const present = typeof obj === 'object' ? (key as PropertyKey) in (obj as object) : false;
      return (present && Object.prototype.hasOwnProperty.call(obj, key as PropertyKey)) || Array.isArray(obj) ? (obj as Record<string, unknown>)[key as string] : undefined;
    }
    case 'UnaryExpression': {
      const v = evalNode(n.argument as Ast, scope, src);
      if (n.operator === '!') return !v;
      if (n.operator === '-') return -Number(v);
      if (n.operator === '+') return Number(v);
      throw new ExpressionError(`operator ${String(n.operator)} is not allowed`, src);
    }
    case 'BinaryExpression': {
      const op = n.operator as string;
      if (op === '&&') return evalNode(n.left as Ast, scope, src) && evalNode(n.right as Ast, scope, src);
      if (op === '||') return evalNode(n.left as Ast, scope, src) || evalNode(n.right as Ast, scope, src);
      if (op === '??') return evalNode(n.left as Ast, scope, src) ?? evalNode(n.right as Ast, scope, src);
      const f = BINARY[op];
      if (!f) throw new ExpressionError(`operator ${op} is not allowed`, src);
      return f(evalNode(n.left as Ast, scope, src), evalNode(n.right as Ast, scope, src));
    }
    case 'ConditionalExpression':
      return evalNode(n.test as Ast, scope, src) ? evalNode(n.consequent as Ast, scope, src) : evalNode(n.alternate as Ast, scope, src);
    case 'ArrayExpression':
      return (n.elements as Ast[]).map((e) => evalNode(e, scope, src));
    case 'CallExpression': {
      const callee = n.callee as Ast;
      const fn = callee.type === 'Identifier' ? EXPRESSION_FUNCTIONS[callee.name as string] : undefined;
      if (!fn) throw new ExpressionError(`only these functions can be called: ${Object.keys(EXPRESSION_FUNCTIONS).join(', ')}`, src);
      return fn(...(n.arguments as Ast[]).map((a) => evalNode(a, scope, src)));
    }
    default:
      throw new ExpressionError(`${n.type} is not allowed`, src);
  }
}

/**
 * Why an expression would be refused when it runs, found before: a call of anything but a listed
 * function (`record.amount.toFixed(2)`, `process.exit()`), or an element the evaluator does not
 * know. Checks call this so a mistake shows where it is written, not when a user meets it.
 */
export function runtimeProblem(ast: Ast): string | undefined {
  const allowed = new Set(['Literal', 'Identifier', 'MemberExpression', 'UnaryExpression', 'BinaryExpression', 'LogicalExpression', 'ConditionalExpression', 'ArrayExpression', 'CallExpression']);
  const visit = (n: Ast | null | undefined): string | undefined => {
    if (!n) return undefined;
    if (!allowed.has(n.type)) return `${n.type} is not allowed`;
    if (n.type === 'CallExpression') {
      const callee = n.callee as Ast;
      if (callee.type !== 'Identifier' || !EXPRESSION_FUNCTIONS[callee.name as string]) return `only these functions can be called: ${Object.keys(EXPRESSION_FUNCTIONS).join(', ')}`;
      for (const a of n.arguments as Ast[]) {
        const p = visit(a);
        if (p) return p;
      }
      return undefined;
    }
    if (n.type === 'MemberExpression') {
      if (!n.computed && FORBIDDEN_MEMBERS.has((n.property as Ast).name as string)) return `"${String((n.property as Ast).name)}" cannot be read`;
      return visit(n.object as Ast) ?? (n.computed ? visit(n.property as Ast) : undefined);
    }
    for (const key of ['left', 'right', 'argument', 'test', 'consequent', 'alternate']) {
      const p = visit(n[key] as Ast | undefined);
      if (p) return p;
    }
    if (n.type === 'ArrayExpression') for (const el of n.elements as Ast[]) {
      const p = visit(el);
      if (p) return p;
    }
    return undefined;
  };
  return visit(ast);
}

/** Evaluates an expression against named values (`record`, `user`, `route`, `query`). */
export function evaluate(source: string, scope: Record<string, unknown>): unknown {
  return evalNode(parseExpression(source), scope, source);
}

/** A boolean property that may be a literal or an expression; errors count as `fallback`. */
export function evaluateFlag(value: boolean | string | undefined, scope: Record<string, unknown>, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  if (typeof value === 'boolean') return value;
  try {
    return !!evaluate(value, scope);
  } catch {
    return fallback;
  }
}
