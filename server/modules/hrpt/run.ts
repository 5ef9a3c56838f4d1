import Decimal from 'decimal.js';
import type { Database, Queryable } from '../../db/database.ts';
import type { ReportParamDef } from '../../../renderer/schema/wire/report.ts';
import { badRequest } from '../../http/errors.ts';
import { lovValues } from '../../resources/lov-values.ts';
import { parseReportSql, SqlRefused } from './sql-guard.ts';
import { VIEW_SCHEMA } from './views.ts';

/** A declared parameter of a data set (`:name` in its SQL). */
export type ParamDef = ReportParamDef;

export interface RunResult {
  columns: Array<{ name: string; dataType: 'number' | 'string' }>;
  rows: Array<Record<string, unknown>>;
  /** True when more rows matched than `limit`. */
  truncated: boolean;
}

const CASTS: Record<ParamDef['dataType'], string> = { string: 'text', integer: 'integer', float: 'numeric', date: 'date' };

export const fieldError = (field: string, message: string) => Object.assign(badRequest(message), { field });

/** The parameter values checked against their declarations: required ones present, numbers and dates well-formed. */
export function bindValues(names: string[], defs: ParamDef[], given: Record<string, unknown>): unknown[] {
  return names.map((name) => {
    const d = defs.find((x) => x.name === name);
    if (!d) throw fieldError('paramDefs', `paramDefs: the parameter :${name} is used in the SQL but not declared`);
    let v = given[name];
    if (v === undefined || v === null || v === '') v = d.defaultValue ?? null;
    if (v === null || v === '') {
      if (d.isRequired === true || Number(d.isRequired) === 1) throw fieldError(name, `${name}: a value is required`);
      return null;
    }
    if (typeof v === 'object') throw fieldError(name, `${name}: must be a single value`);
    const s = String(v);
    if (d.dataType === 'integer' && !/^-?\d{1,9}$/.test(s)) throw fieldError(name, `${name}: must be a whole number`);
    if (d.dataType === 'float' && !/^-?\d{1,20}(\.\d{1,10})?$/.test(s)) throw fieldError(name, `${name}: must be a number`);
    if (d.dataType === 'date' && !/^\d{4}-\d{2}-\d{2}/.test(s)) throw fieldError(name, `${name}: must be a date (YYYY-MM-DD)`);
    return d.dataType === 'date' ? s.slice(0, 10) : s;
  });
}

const pad = (n: number) => String(n).padStart(2, '0');
/** Drivers read timestamps as wall-clock times of this process: sent back as that wall clock, the wire's `YYYY-MM-DD HH:mm:ss` (UTC). */
const asText = (v: unknown): unknown =>
  v instanceof Date
    ? `${v.getFullYear()}-${pad(v.getMonth() + 1)}-${pad(v.getDate())} ${pad(v.getHours())}:${pad(v.getMinutes())}:${pad(v.getSeconds())}`
    : typeof v === 'bigint'
      ? v.toString()
      : v;

/**
 * Runs a data set's statement for one tenant: read-only, time-limited, with only the report views
 * on the search path and the tenant set for this transaction alone. Any database refusal of the
 * statement is the author's to correct: a 400 naming `sqlText`.
 */
export async function runDataSet(db: Database, tenantId: number, sqlText: string, defs: ParamDef[], given: Record<string, unknown>, limit: number): Promise<RunResult> {
  const statement = prepare(sqlText, defs, given);
  await checkValueSets(db, tenantId, defs, given);
  try {
    return await db.transaction(async (tx) => {
      await tx.query('set transaction read only');
      await tx.query(`set local statement_timeout = 15000`);
      return await selectIn(tx, tenantId, statement, limit);
    });
  } catch (e) {
    throw asFieldError(e);
  }
}

/** A parameter declared with a value set takes only its values (the viewer offers them; a call may send anything). */
async function checkValueSets(db: Queryable, tenantId: number, defs: ParamDef[], given: Record<string, unknown>): Promise<void> {
  for (const d of defs) {
    const v = given[d.name];
    if (!d.lovCode || v === undefined || v === null || v === '') continue;
    const values = await lovValues(db, d.lovCode, tenantId, 'en_US');
    if (!values.some((x) => x.value === String(v))) throw fieldError(d.name, `${d.name}: "${String(v)}" is not a value of ${d.lovCode}`);
  }
}

/** The statement checked and its parameters bound to typed placeholders. */
export function prepare(sqlText: string, defs: ParamDef[], given: Record<string, unknown>): { text: string; values: unknown[] } {
  let parsed;
  try {
    parsed = parseReportSql(sqlText);
  } catch (e) {
    if (e instanceof SqlRefused) throw fieldError('sqlText', `sqlText: ${e.message}`);
    throw e;
  }
  const values = bindValues(parsed.params, defs, given);
  const text = parsed.text.replace(/\$(\d+)/g, (_m, n: string) => `$${n}::${CASTS[defs.find((d) => d.name === parsed.params[Number(n) - 1])!.dataType]}`);
  return { text, values };
}

/**
 * Runs a prepared statement inside `tx` with only the report views on the search path and the
 * tenant set for this transaction alone (both put back afterwards, for a caller's later statements).
 */
export async function selectIn(tx: Queryable, tenantId: number, statement: { text: string; values: unknown[] }, limit: number): Promise<RunResult> {
  const max = Math.max(1, Math.min(limit, 100_000));
  await tx.query(`set local search_path = ${VIEW_SCHEMA}`);
  await tx.query(`select set_config('hrpt.tenant_id', $1, true)`, [String(Math.trunc(tenantId))]);
  const { text: typed, values } = statement;
  const rows = (await tx.query<Record<string, unknown>>(`select * from (\n${typed}\n) as hrpt_q limit ${max + 1}`, values)).rows;
  // No row: the column names come from an outer join that yields one empty row.
  const names = rows.length ? Object.keys(rows[0]!) : Object.keys((await tx.query<Record<string, unknown>>(`select hrpt_q.* from (select 1) as hrpt_one left join lateral (\n${typed}\n) as hrpt_q on true limit 1`, values)).rows[0] ?? {});
  await tx.query(`set local search_path = public`);
  await tx.query(`select set_config('hrpt.tenant_id', '', true)`);
  const out = rows.slice(0, max).map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, asText(v)])));
  const columns = names.map((name) => ({ name, dataType: out.length && out.every((r) => r[name] === null || typeof r[name] === 'number' || (typeof r[name] === 'string' && /^-?\d+(\.\d+)?$/.test(r[name]) && !/^0\d/.test(r[name]))) && out.some((r) => r[name] !== null) ? ('number' as const) : ('string' as const) }));
  return { columns, rows: out, truncated: rows.length > max };
}

/** Any database refusal of the statement is the author's to correct: a 400 naming `sqlText`. */
function asFieldError(e: unknown): unknown {
  const code = (e as { code?: unknown }).code;
  if (typeof code === 'string' && /^(42|22|25|57014|0A|2F|38|39|P0|XX|54|53)/.test(code) && !/^(53300|57P)/.test(code)) {
    return fieldError('sqlText', `sqlText: ${String((e as Error).message).split('\n')[0]!.slice(0, 300)}`);
  }
  return e;
}

/** Column totals summed exactly (decimal), as text so no float rounding reaches the client. */
export function totalsOf(rows: Array<Record<string, unknown>>, columns: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const c of columns) {
    let sum = new Decimal(0);
    for (const r of rows) {
      const v = r[c];
      if (v !== null && v !== undefined && v !== '' && /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(String(v))) sum = sum.plus(String(v));
    }
    out[c] = sum.toFixed();
  }
  return out;
}
