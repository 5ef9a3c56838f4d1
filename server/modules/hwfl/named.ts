import type { Queryable } from '../../db/database.ts';
import { compareDecimals, isDecimalText } from '../../../renderer/schema/decimal.ts';
import { evaluate } from '../../../renderer/schema/expressions/evaluate.ts';
import { BusinessError } from '../../http/errors.ts';
import { parseApproveWay } from './bpmn/node-config.ts';

type Vars = Record<string, unknown>;

interface ExpressionRow {
  code: string;
  expression: string | null;
  lines: Array<{ left_type: string; left_operand: string; operator: string; right_type: string | null; right_operand: string | null }>;
}

async function expressions(db: Queryable, tenantId: number, type: string): Promise<ExpressionRow[]> {
  const h = await db.query<{ expression_id: number; code: string; expression: string | null }>(
    'select expression_id::float8 as expression_id, code, expression from hwfl_expression where tenant_id = $1 and expression_type = $2 and enabled_flag = 1',
    [tenantId, type],
  );
  if (!h.rows.length) return [];
  const l = await db.query<ExpressionRow['lines'][number] & { expression_id: number }>(
    'select expression_id::float8 as expression_id, left_type, left_operand, operator, right_type, right_operand from hwfl_expression_line where expression_id = any($1::bigint[]) order by line_num',
    [h.rows.map((r) => r.expression_id)],
  );
  return h.rows.map((r) => ({ code: r.code, expression: r.expression, lines: l.rows.filter((x) => Number(x.expression_id) === Number(r.expression_id)) }));
}

function operand(type: string | null, value: string | null, vars: Vars): unknown {
  if (type === 'FIELD') return (vars.record as Vars | undefined)?.[value ?? ''];
  if (type === 'VARIABLE') return (vars.variables as Vars | undefined)?.[value ?? ''];
  if (value !== null && value !== '' && !Number.isNaN(Number(value))) return Number(value);
  return value;
}

function compare(op: string, a: unknown, b: unknown): boolean {
  const n = (x: unknown) => (typeof x === 'number' ? x : Number(x));
  // A document's amount is decimal text ("100000.00"): equal to the line's 100000 as a decimal.
  const same = () => {
    const c = isDecimalText(a) || isDecimalText(b) ? compareDecimals(a, b) : undefined;
    return c === undefined ? String(a ?? '') === String(b ?? '') : c === 0;
  };
  switch (op) {
    case 'EQ': return same();
    case 'NE': return !same();
    case 'GT': return n(a) > n(b);
    case 'GE': return n(a) >= n(b);
    case 'LT': return n(a) < n(b);
    case 'LE': return n(a) <= n(b);
    case 'IN': return String(b ?? '').split(',').map((s) => s.trim()).includes(String(a ?? ''));
    case 'LIKE': return String(a ?? '').includes(String(b ?? ''));
    default: throw new Error(`unknown operator ${op}`);
  }
}

/**
 * The tenant's named conditions (hwfl/setting/condition) evaluated over the instance now, for
 * `${conditions.CODE}` in a sequence flow: the expression when one is written, else the lines ANDed.
 */
export async function namedConditions(db: Queryable, tenantId: number, vars: Vars): Promise<Record<string, boolean>> {
  const out: Record<string, boolean> = {};
  for (const c of await expressions(db, tenantId, 'CONDITION')) {
    try {
      out[c.code] = c.expression?.trim()
        ? !!evaluate(c.expression, { record: vars.record ?? {}, variables: vars.variables ?? {}, initiator: vars.initiator ?? {} })
        : c.lines.every((l) => compare(l.operator, operand(l.left_type, l.left_operand, vars), operand(l.right_type, l.right_operand, vars)));
    } catch (e) {
      throw new BusinessError('hwfl.condition.failed', `the condition ${c.code} cannot be evaluated: ${(e as Error).message}`, 'warn');
    }
  }
  return out;
}

/** A node's approve way as a method (`ANY`, `ALL`, `SEQUENCE`, `PERCENT:n`): itself, or a named one's expression. */
export async function approveWayOf(db: Queryable, tenantId: number, way: string, node: string): Promise<string> {
  if (parseApproveWay(way)) return way.trim().toUpperCase();
  const named = (await expressions(db, tenantId, 'APPROVE_WAY')).find((e) => e.code === way.trim());
  const method = named?.expression?.trim() ?? '';
  if (!named) throw new BusinessError('hwfl.approveWay.unknown', `${node}: there is no approval method ${way}`, 'warn');
  if (!parseApproveWay(method)) throw new BusinessError('hwfl.approveWay.invalid', `${node}: the approval method ${way} is "${method}" (use ANY, ALL, SEQUENCE or PERCENT:n)`, 'warn');
  return method.toUpperCase();
}
