import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.ts';
import { BusinessError } from '../../http/errors.ts';
import { EntityRepository } from '../../resources/crud-routes.ts';
import { defineRoute } from '../../http/module-route.ts';

/** Longest a statement may run (enforced by PostgreSQL's statement_timeout). */
export const SQL_TIMEOUT_MS = 5000;
export const MAX_ROWS = 1000;
const READ_KEYWORDS = new Set(['select', 'with', 'explain', 'values', 'table', 'show']);
/**
 * Functions and objects a statement may not name, read-only or not: they sleep, signal other
 * sessions, read server files, or reach credentials (token and password hashes). The embedded
 * database cannot interrupt a running statement, so anything that can hang is refused up front.
 */
const DENIED = /\b(pg_sleep\w*|pg_terminate_backend|pg_cancel_backend|pg_reload_conf|pg_rotate_logfile|pg_read_file|pg_read_binary_file|pg_ls_\w+|pg_stat_file|lo_import|lo_export|lo_\w+|dblink\w*|set_config|pg_advisory\w*|oauth_token|password_hash|generate_series)\b/i;

export interface Statement {
  /** The statement without comments at its ends and without the trailing semicolon. */
  text: string;
  keyword: string;
}

/**
 * Splits on semicolons outside quotes, dollar quotes and comments; only one statement is
 * allowed (a trailing semicolon is fine). Returns the statement and its first keyword.
 */
export function singleStatement(sql: string): Statement {
  let i = 0;
  let end = -1;
  const n = sql.length;
  while (i < n) {
    const c = sql[i]!;
    const next = sql[i + 1];
    if (c === '-' && next === '-') {
      const nl = sql.indexOf('\n', i);
      i = nl < 0 ? n : nl + 1;
    } else if (c === '/' && next === '*') {
      const close = sql.indexOf('*/', i + 2);
      if (close < 0) throw new BusinessError('hpfm.sqlExecute.unterminated', 'The statement has an unterminated comment');
      i = close + 2;
    } else if (c === "'" || c === '"') {
      let j = i + 1;
      for (;;) {
        const k = sql.indexOf(c, j);
        if (k < 0) throw new BusinessError('hpfm.sqlExecute.unterminated', 'The statement has an unterminated quote');
        if (sql[k + 1] === c) j = k + 2;
        else {
          i = k + 1;
          break;
        }
      }
    } else if (c === '$') {
      const m = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(sql.slice(i));
      if (m) {
        const close = sql.indexOf(m[0], i + m[0].length);
        if (close < 0) throw new BusinessError('hpfm.sqlExecute.unterminated', 'The statement has an unterminated dollar quote');
        i = close + m[0].length;
      } else i++;
    } else if (c === ';') {
      if (end < 0) end = i;
      i++;
    } else {
      if (end >= 0 && !/\s/.test(c)) throw new BusinessError('hpfm.sqlExecute.multiple', 'Only one statement can be run at a time');
      i++;
    }
  }
  const text = (end < 0 ? sql : sql.slice(0, end)).trim();
  const stripped = text.replace(/^(\s|--[^\n]*\n?|\/\*[\s\S]*?\*\/|\()+/, '');
  const keyword = (/^[A-Za-z]+/.exec(stripped)?.[0] ?? '').toLowerCase();
  if (!keyword) throw new BusinessError('hpfm.sqlExecute.empty', 'There is no statement to run');
  return { text, keyword };
}

interface ExecuteBody {
  sqlText: string;
  allowWritesFlag?: number;
  maxRows?: number;
}

type Row = Record<string, unknown>;

/** `/hpfm/sql-execute`: runs one statement for the site administrator, read-only unless writes are explicitly allowed. */
export async function sqlExecuteRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const decl = ctx.entities.get('sqlExecution')!;
  const repo = new EntityRepository(decl, ctx);
  defineRoute(
    app,
    ctx,
    {
      method: 'POST',
      url: '/hpfm/v1/sql-execute/execute',
      // Site administrators only, whatever menus a role holds: the server, not the menu, decides.
      level: 'site',
      schema: {
        tags: ['sqlExecution'],
        summary: 'Run one SQL statement (site administrators; read-only unless allowWritesFlag)',
        body: {
          type: 'object',
          required: ['sqlText'],
          properties: {
            sqlText: { type: 'string', minLength: 1, maxLength: 20000 },
            allowWritesFlag: { type: 'integer', enum: [0, 1] },
            maxRows: { type: 'integer', minimum: 1, maximum: MAX_ROWS },
          },
        },
      },
    },
    async (req, scope) => {
      const body = req.body as ExecuteBody;
      const allowWrites = body.allowWritesFlag === 1;
      const maxRows = body.maxRows ?? 100;
      const record: Row = { sqlText: body.sqlText, allowWritesFlag: allowWrites ? 1 : 0, maxRows, loginName: scope.auth.loginName };
      const started = Date.now();
      try {
        const st = singleStatement(body.sqlText);
        if (!allowWrites && !READ_KEYWORDS.has(st.keyword)) {
          throw new BusinessError('hpfm.sqlExecute.readOnly', `Only SELECT, WITH and EXPLAIN run read-only; "${st.keyword.toUpperCase()}" needs "allow writes"`);
        }
        if (DENIED.test(st.text)) throw new BusinessError('hpfm.sqlExecute.denied', `The statement names a function or table that cannot be used here (${DENIED.exec(st.text)![0]})`);
        const wrap = st.keyword === 'select' || st.keyword === 'with' || st.keyword === 'values' || st.keyword === 'table';
        const sql = wrap ? `select * from (${st.text}\n) as q limit ${maxRows + 1}` : st.text;
        const ROLLBACK = new Error('rollback');
        let rows: Row[] = [];
        let affected: number | undefined;
        await ctx.db
          .transaction(async (tx) => {
            await tx.query(allowWrites ? 'set transaction read write' : 'set transaction read only');
            await tx.query(`set local statement_timeout = ${SQL_TIMEOUT_MS}`);
            const r = await tx.query<Row>(sql, []);
            rows = r.rows;
            affected = r.affectedRows;
            // Reading never commits anything, even what a function might have tried.
            if (!allowWrites) throw ROLLBACK;
          })
          .catch((e: unknown) => {
            if (e !== ROLLBACK) throw e;
          });
        const truncated = rows.length > maxRows;
        Object.assign(record, {
          statusCode: 'SUCCESS',
          rowCount: rows.length ? Math.min(rows.length, maxRows) : (affected ?? 0),
          truncatedFlag: truncated ? 1 : 0,
          result: rows.slice(0, maxRows),
        });
      } catch (e) {
        const refused = e instanceof BusinessError;
        Object.assign(record, { statusCode: refused ? 'REFUSED' : 'FAILED', rowCount: 0, truncatedFlag: 0, result: null, errorMessage: (e as Error).message.slice(0, 2000) });
      }
      record.durationMs = Date.now() - started;
      const id = (
        await ctx.db.query<{ id: number }>(
          `insert into hpfm_sql_execution (sql_text, allow_writes_flag, max_rows, status_code, row_count, truncated_flag, duration_ms, result, error_message, login_name, created_by, last_updated_by)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11) returning execution_id::float8 as id`,
          [record.sqlText, record.allowWritesFlag, record.maxRows, record.statusCode, record.rowCount, record.truncatedFlag, record.durationMs, JSON.stringify(record.result ?? null), record.errorMessage ?? null, record.loginName, scope.auth.userId],
        )
      ).rows[0]!.id;
      const saved = await repo.get(scope, id);
      if (record.statusCode === 'REFUSED') throw new BusinessError('hpfm.sqlExecute.refused', String(record.errorMessage));
      return saved;
    },
  );
}
