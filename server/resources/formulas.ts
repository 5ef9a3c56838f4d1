import type { EntityDecl, EntityField } from '../../renderer/schema/entity.ts';
import { type Ast, parseExpression } from '../../renderer/schema/expressions/parse.ts';
import { isNumericType } from '../../renderer/schema/types/field-types.ts';
import type { Queryable } from '../db/database.ts';
import { columnOf, ident } from './naming.ts';

type Entities = ReadonlyMap<string, EntityDecl>;

/**
 * Computed fields (`formula` on a field), evaluated by the database in exact decimal arithmetic,
 * never in binary floats: the formula is compiled to SQL over the row (`t`), its parent and its
 * lines. The language: the row's fields, `parent.<field>`, numbers, `+ - * /`, parentheses, and
 * `round(x, digits)`, `coalesce(a, b)`, `sum(<line entity>.<field>)` or `sum(<line entity>.<field>, <condition
 * over the line's fields>)` (only the lines meeting it), `precision(<currency code>)`
 * (the currency's financial precision, master data), `taxRate(<tax code>)` (the tenant's rate, master data).
 */
export function compileFormula(e: EntityDecl, entities: Entities, source: string, params: unknown[]): string {
  const field = (d: EntityDecl, name: string): EntityField => {
    const f = d.fields.find((x) => x.name === name);
    if (!f) throw new Error(`${d.name}.${name} is not a field (formula \`${source}\`)`);
    return f;
  };
  const typed = (f: EntityField, sql: string) => (isNumericType(f.type) && f.type !== 'flag' ? `(${sql})::numeric` : sql);
  const parentOf = () => {
    const p = e.parent && entities.get(e.parent.entity);
    if (!p) throw new Error(`${e.name} has no parent (formula \`${source}\`)`);
    return p;
  };
  const walk = (n: Ast): string => {
    switch (n.type) {
      case 'Literal':
        if (typeof n.value !== 'number') throw new Error(`only numbers are literals in formula \`${source}\``);
        params.push(String(n.value));
        return `$${params.length}::numeric`;
      case 'Identifier':
        return typed(field(e, n.name as string), `t.${ident(columnOf(n.name as string))}`);
      case 'MemberExpression': {
        const obj = n.object as Ast;
        const prop = (n.property as Ast).name as string;
        if (obj.type !== 'Identifier' || obj.name !== 'parent' || n.computed) throw new Error(`only parent.<field> is read through a dot in formula \`${source}\``);
        const p = parentOf();
        return typed(field(p, prop), `(select p.${ident(columnOf(prop))} from ${ident(p.table)} p where p.${ident(columnOf(p.primaryKey))} = t.${ident(columnOf(e.parent!.field))})`);
      }
      case 'BinaryExpression': {
        const op = n.operator as string;
        if (!['+', '-', '*', '/'].includes(op)) throw new Error(`operator ${op} is not allowed in formula \`${source}\``);
        const l = walk(n.left as Ast);
        const r = walk(n.right as Ast);
        return op === '/' ? `(${l} / nullif(${r}, 0))` : `(${l} ${op} ${r})`;
      }
      case 'UnaryExpression':
        if (n.operator !== '-') throw new Error(`operator ${String(n.operator)} is not allowed in formula \`${source}\``);
        return `(-${walk(n.argument as Ast)})`;
      case 'CallExpression': {
        const name = (n.callee as Ast).name as string;
        const args = n.arguments as Ast[];
        if (name === 'round' && args.length === 2) return `round(${walk(args[0]!)}, (${walk(args[1]!)})::int)`;
        if (name === 'coalesce' && args.length >= 2) return `coalesce(${args.map(walk).join(', ')})`;
        if (name === 'precision' && args.length === 1) return `coalesce((select c.financial_precision from hpfm_currency c where c.currency_code = ${walk(args[0]!)} limit 1), 2)`;
        if (name === 'taxRate' && args.length === 1)
          return `coalesce((select r.tax_rate from smdm_tax_rate r where r.tenant_id = t.tenant_id and r.tax_code = ${walk(args[0]!)} and r.enabled_flag = 1 limit 1), 0)::numeric`;
        if (name === 'sum' && (args.length === 1 || args.length === 2) && args[0]!.type === 'MemberExpression') {
          const m = args[0]!;
          const child = entities.get((m.object as Ast).name as string);
          const prop = (m.property as Ast).name as string;
          if (!child || child.parent?.entity !== e.name) throw new Error(`${String((m.object as Ast).name)} is not a line entity of ${e.name} (formula \`${source}\`)`);
          field(child, prop);
          // `sum(poLine.lineAmount, cancelledFlag != 1)`: only the lines meeting the condition count.
          const only = args.length === 2 ? ` and coalesce(${condition(child, args[1]!)}, false)` : '';
          return `(select coalesce(sum(c.${ident(columnOf(prop))}), 0) from ${ident(child.table)} c where c.${ident(columnOf(child.parent.field))} = t.${ident(columnOf(e.primaryKey))}${only})`;
        }
        throw new Error(`${name}() is not a formula function (formula \`${source}\`)`);
      }
      default:
        throw new Error(`${n.type} is not allowed in formula \`${source}\``);
    }
  };
  /**
   * A condition over a line's fields (alias `c`): comparisons of fields, numbers, strings and
   * `null`, joined by `&&`, `||` and `!`. A comparison with null is `is (not) null`.
   */
  const condition = (child: EntityDecl, n: Ast): string => {
    const operand = (x: Ast): string | null => {
      if (x.type === 'Identifier') return typed(field(child, x.name as string), `c.${ident(columnOf(x.name as string))}`);
      if (x.type === 'Literal') {
        if (x.value === null) return null;
        if (typeof x.value === 'number') {
          params.push(String(x.value));
          return `$${params.length}::numeric`;
        }
        if (typeof x.value === 'string') {
          params.push(x.value);
          return `$${params.length}::text`;
        }
      }
      throw new Error(`a condition compares a line's fields with numbers, strings or null (formula \`${source}\`)`);
    };
    const op = n.operator as string | undefined;
    if ((n.type === 'BinaryExpression' || n.type === 'LogicalExpression') && (op === '&&' || op === '||'))
      return `(${condition(child, n.left as Ast)} ${op === '&&' ? 'and' : 'or'} ${condition(child, n.right as Ast)})`;
    if (n.type === 'UnaryExpression' && op === '!') return `(not ${condition(child, n.argument as Ast)})`;
    const cmp: Record<string, string> = { '==': '=', '===': '=', '!=': '<>', '!==': '<>', '<': '<', '<=': '<=', '>': '>', '>=': '>=' };
    if (n.type === 'BinaryExpression' && op && cmp[op]) {
      const l = operand(n.left as Ast);
      const r = operand(n.right as Ast);
      const eq = cmp[op] === '=';
      if (l === null || r === null) {
        if (!eq && cmp[op] !== '<>') throw new Error(`null is compared only with == or != (formula \`${source}\`)`);
        const v = l ?? r;
        return v === null ? (eq ? 'true' : 'false') : `(${v} is ${eq ? '' : 'not '}null)`;
      }
      // `!=` keeps rows whose field is empty (a flag not set is not 1).
      return cmp[op] === '<>' ? `(${l} is distinct from ${r})` : `(${l} ${cmp[op]} ${r})`;
    }
    throw new Error(`${n.type} is not a line condition (formula \`${source}\`)`);
  };
  return walk(parseExpression(source));
}

const formulaFields = (e: EntityDecl) => e.fields.filter((f) => f.formula);

/** Whether writes of `e` change computed values: its own, its lines' or its parent's. */
export const hasFormulas = (e: EntityDecl, entities: Entities): boolean =>
  formulaFields(e).length > 0 ||
  [...entities.values()].some((c) => c.parent?.entity === e.name && formulaFields(c).length > 0) ||
  formulaFields(entities.get(e.parent?.entity ?? '') ?? { ...e, fields: [] }).length > 0;

/** Recomputes the formula fields of the rows of `e` matching `where` (over `t`), in declaration order. */
async function computeRows(tx: Queryable, e: EntityDecl, entities: Entities, where: string, whereParams: unknown[]): Promise<void> {
  for (const f of formulaFields(e)) {
    const params = [...whereParams];
    const sql = compileFormula(e, entities, f.formula!, params);
    await tx.query(`update ${ident(e.table)} t set ${ident(columnOf(f.name))} = ${sql} where ${where}`, params);
  }
}

/**
 * After a row of `e` was written: its lines (whose formulas may read this row), the row itself,
 * then its parent (whose totals sum the lines) are computed again, in one transaction with the write.
 */
export async function recomputeAfterWrite(tx: Queryable, e: EntityDecl, entities: Entities, id: number | null, parentKey?: unknown): Promise<void> {
  const lines = [...entities.values()].filter((c) => c.parent?.entity === e.name && formulaFields(c).length);
  if (id !== null) {
    for (const c of lines) await computeRows(tx, c, entities, `t.${ident(columnOf(c.parent!.field))} = $1`, [id]);
    await computeRows(tx, e, entities, `t.${ident(columnOf(e.primaryKey))} = $1`, [id]);
  }
  const parent = e.parent && entities.get(e.parent.entity);
  if (!parent || !formulaFields(parent).length) return;
  const parentId =
    parentKey ??
    (id === null
      ? undefined
      : (await tx.query<{ p: unknown }>(`select ${ident(columnOf(e.parent!.field))} as p from ${ident(e.table)} where ${ident(columnOf(e.primaryKey))} = $1`, [id])).rows[0]?.p);
  if (parentId !== undefined && parentId !== null)
    await computeRows(tx, parent, entities, `t.${ident(columnOf(parent.primaryKey))} = $1`, [parentId]);
}

/** Every row of `e` and its lines computed again (after a bulk load): lines first, then the rows. */
export async function recomputeAll(tx: Queryable, e: EntityDecl, entities: Entities): Promise<void> {
  for (const c of [...entities.values()].filter((x) => x.parent?.entity === e.name)) await computeRows(tx, c, entities, 'true', []);
  await computeRows(tx, e, entities, 'true', []);
}
