/**
 * A data set's SQL read before it reaches the database. The database is the real fence (the
 * statement runs read-only, against tenant-filtered views only, with a time limit); this reader
 * refuses what would step around the fence: more than one statement, anything but a SELECT,
 * schema-qualified or system names (the base tables and catalogues), functions outside a short
 * list of pure ones (no `set_config`, `current_setting`, `pg_read_file`, `dblink`...), and it
 * turns `:name` parameters into bound `$n` placeholders.
 */

export class SqlRefused extends Error {}

type Tok = { kind: 'word' | 'qword' | 'str' | 'num' | 'op' | 'param' | 'lparen' | 'rparen' | 'comma' | 'dot' | 'semi' | 'cast'; text: string; start: number; end: number };

/** Splits SQL into tokens; comments vanish, literals stay whole (so a `;` or `:x` inside them is text). */
export function tokenize(sql: string): Tok[] {
  const out: Tok[] = [];
  let i = 0;
  const n = sql.length;
  while (i < n) {
    const c = sql[i]!;
    const start = i;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (c === '-' && sql[i + 1] === '-') {
      while (i < n && sql[i] !== '\n') i++;
      continue;
    }
    if (c === '/' && sql[i + 1] === '*') {
      let depth = 1;
      i += 2;
      while (i < n && depth > 0) {
        if (sql[i] === '/' && sql[i + 1] === '*') {
          depth++;
          i += 2;
        } else if (sql[i] === '*' && sql[i + 1] === '/') {
          depth--;
          i += 2;
        } else i++;
      }
      if (depth > 0) throw new SqlRefused('a comment is not closed');
      continue;
    }
    if (c === "'" || ((c === 'E' || c === 'e') && sql[i + 1] === "'")) {
      // Backslash escapes only count in E'' strings; '' is a quote in both.
      const escapes = c !== "'";
      i += escapes ? 2 : 1;
      for (;;) {
        if (i >= n) throw new SqlRefused('a string is not closed');
        if (escapes && sql[i] === '\\') i += 2;
        else if (sql[i] === "'" && sql[i + 1] === "'") i += 2;
        else if (sql[i] === "'") break;
        else i++;
      }
      i++;
      out.push({ kind: 'str', text: sql.slice(start, i), start, end: i });
      continue;
    }
    if (c === '$') {
      // Dollar quoting hides text from this reader: refused rather than parsed.
      throw new SqlRefused('dollar-quoted text and $n placeholders are not allowed; use :name parameters');
    }
    if (c === '"') {
      i++;
      let name = '';
      for (;;) {
        if (i >= n) throw new SqlRefused('a quoted name is not closed');
        if (sql[i] === '"' && sql[i + 1] === '"') {
          name += '"';
          i += 2;
        } else if (sql[i] === '"') break;
        else name += sql[i++];
      }
      i++;
      out.push({ kind: 'qword', text: name, start, end: i });
      continue;
    }
    if (/[A-Za-z_\u0080-\uffff]/.test(c)) {
      while (i < n && /[A-Za-z0-9_$\u0080-\uffff]/.test(sql[i]!)) i++;
      out.push({ kind: 'word', text: sql.slice(start, i).toLowerCase(), start, end: i });
      continue;
    }
    if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(sql[i + 1] ?? ''))) {
      while (i < n && /[0-9.eE]/.test(sql[i]!)) i++;
      out.push({ kind: 'num', text: sql.slice(start, i), start, end: i });
      continue;
    }
    if (c === ':' && sql[i + 1] === ':') {
      out.push({ kind: 'cast', text: '::', start, end: (i += 2) });
      continue;
    }
    if (c === ':' && /[A-Za-z_]/.test(sql[i + 1] ?? '')) {
      i++;
      while (i < n && /[A-Za-z0-9_]/.test(sql[i]!)) i++;
      out.push({ kind: 'param', text: sql.slice(start + 1, i), start, end: i });
      continue;
    }
    const single: Record<string, Tok['kind']> = { '(': 'lparen', ')': 'rparen', ',': 'comma', '.': 'dot', ';': 'semi' };
    if (single[c]) {
      out.push({ kind: single[c], text: c, start, end: ++i });
      continue;
    }
    if (/[+\-*/<>=~!@#%^&|`?[\]:]/.test(c)) {
      while (i < n && /[+\-*/<>=~!@#%^&|`?[\]]/.test(sql[i]!) && !(sql[i] === '-' && sql[i + 1] === '-') && !(sql[i] === '/' && sql[i + 1] === '*')) i++;
      if (i === start) i++;
      out.push({ kind: 'op', text: sql.slice(start, i), start, end: i });
      continue;
    }
    throw new SqlRefused(`unexpected character ${JSON.stringify(c)}`);
  }
  return out;
}

/** Pure functions a report may call: aggregates, arithmetic, text and date formatting. */
const FUNCTIONS = new Set(
  (
    'count sum avg min max coalesce nullif greatest least round trunc abs ceil ceiling floor mod power sqrt sign ' +
    'upper lower initcap trim btrim ltrim rtrim length char_length substring substr left right replace concat concat_ws lpad rpad position strpos split_part ' +
    'to_char to_date to_number to_timestamp date_trunc date_part extract age make_date now current_date justify_days ' +
    'row_number rank dense_rank percent_rank ntile lag lead first_value last_value string_agg array_agg bool_and bool_or every stddev variance ' +
    'cast exists any all some in not and or array case'
  ).split(' '),
);

/** Keywords that may stand before `(` without being a call. */
const KEYWORDS_BEFORE_PAREN = new Set(
  'select from where join on and or not in exists any all some as over filter within group by having when then else union intersect except lateral using values order partition rows range between is like ilike distinct with case end limit offset numeric decimal varchar char character interval timestamp'.split(' '),
);

/** Words that change data, state or the session, or read files: never in a report. */
const FORBIDDEN = new Set(
  'insert update delete merge create drop alter truncate grant revoke copy set reset call do lock into execute prepare deallocate listen notify unlisten vacuum analyze cluster reindex refresh comment security_label discard checkpoint load import explain show begin commit rollback savepoint release start transaction abort declare fetch move close'.split(' '),
);

export interface ParsedSql {
  /** The statement with `:name` replaced by `$n` (numbered from `offset + 1`). */
  text: string;
  /** Parameter names in `$n` order. */
  params: string[];
}

const refuse = (why: string): never => {
  throw new SqlRefused(why);
};

/** Checks the statement and binds its parameters; throws SqlRefused with the reason. */
export function parseReportSql(sql: string, offset = 0): ParsedSql {
  if (!sql || !sql.trim()) refuse('the statement is empty');
  const toks = tokenize(sql);
  if (!toks.length) refuse('the statement is empty');
  const first = toks.find((t) => t.kind !== 'lparen');
  if (!first || first.kind !== 'word' || (first.text !== 'select' && first.text !== 'with')) refuse('only a SELECT (or WITH … SELECT) statement may be used');
  let depth = 0;
  const params: string[] = [];
  let text = '';
  let last = 0;
  toks.forEach((t, k) => {
    const next = toks[k + 1];
    const prev = toks[k - 1];
    if (t.kind === 'semi') refuse('one statement only: ";" is not allowed');
    if (t.kind === 'lparen') depth++;
    if (t.kind === 'rparen' && --depth < 0) refuse('a parenthesis is closed that was never opened');
    if (t.kind === 'word' || t.kind === 'qword') {
      const w = t.kind === 'word' ? t.text : t.text.toLowerCase();
      if (t.kind === 'word' && FORBIDDEN.has(w)) refuse(`"${t.text}" is not allowed in a report (read only)`);
      if (w.startsWith('pg_') || w === 'information_schema' || w === 'public' || w.startsWith('hrpt_')) refuse(`"${t.text}" is not a report view`);
      // A name followed by "." qualifies something: allowed only for a table alias (one level deep, then a column).
      if (next?.kind === 'dot') {
        const after = toks[k + 2];
        if (prev?.kind === 'dot') refuse(`"${t.text}": names are at most alias.column`);
        if (!after || (after.kind !== 'word' && after.kind !== 'qword' && !(after.kind === 'op' && after.text === '*'))) refuse(`"${t.text}." must be followed by a column`);
        if (toks[k + 3]?.kind === 'lparen') refuse(`"${t.text}.${after.text}(": qualified functions are not allowed`);
      }
      if (next?.kind === 'lparen' && prev?.kind !== 'dot') {
        if (t.kind === 'qword') refuse(`"${t.text}": quoted function names are not allowed`);
        const castTarget = prev?.kind === 'cast';
        if (!FUNCTIONS.has(w) && !KEYWORDS_BEFORE_PAREN.has(w) && !castTarget && !(prev?.kind === 'word' && prev.text === 'as')) refuse(`function "${t.text}" is not allowed in a report`);
      }
    }
    if (t.kind === 'param') {
      let idx = params.indexOf(t.text);
      if (idx < 0) idx = params.push(t.text) - 1;
      text += sql.slice(last, t.start) + `$${idx + 1 + offset}`;
      last = t.end;
    }
  });
  if (depth !== 0) refuse('a parenthesis is not closed');
  text += sql.slice(last);
  return { text, params };
}

/** The `:name` parameters of a statement, in order of first use (for the parameter list a data set declares). */
export function extractParams(sql: string): string[] {
  return parseReportSql(sql).params;
}
