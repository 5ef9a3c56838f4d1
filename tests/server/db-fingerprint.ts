import type { Queryable } from '../../server/db/database.ts';

/**
 * Tables a refused request may still write by design: sign-in records, issued tokens, the audit
 * trail of calls, caches and counters. Everything else must be untouched by a refused request.
 */
const BOOKKEEPING = /^(oauth_token|iam_login_log|hpfm_audit_|hpfm_operation_log|schema_migrations|data_change|change_counter|.*_cache$|.*_log$)/;

export type Fingerprint = Map<string, string>;

/** Every business table of the database, found from the catalogue (new modules' tables included). */
export async function businessTables(db: Queryable): Promise<string[]> {
  const r = await db.query<{ t: string }>(`select table_name as t from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`);
  return r.rows.map((x) => x.t).filter((t) => !BOOKKEEPING.test(t));
}

/**
 * Per table: its row count and an order-independent sum of every row's md5 (so that a row rewritten
 * with other values, or moved on disk by an update, is told apart only when its content differs).
 */
export async function fingerprint(db: Queryable, tables: string[]): Promise<Fingerprint> {
  const parts = tables.map(
    (t) => `select '${t}' as t, count(*)::int || ':' || coalesce(sum(('x' || substr(md5(x::text), 1, 15))::bit(60)::bigint), 0)::text as f from "${t}" x`,
  );
  const out: Fingerprint = new Map();
  // One statement per slice of tables: one round trip each, and no statement of unbounded size.
  for (let i = 0; i < parts.length; i += 40) {
    const r = await db.query<{ t: string; f: string }>(parts.slice(i, i + 40).join(' union all '));
    for (const row of r.rows) out.set(row.t, row.f);
  }
  return out;
}

/** The tables whose fingerprint differs, as `table: before → after`. */
export function changedTables(before: Fingerprint, after: Fingerprint): string[] {
  return [...after].filter(([t, f]) => before.get(t) !== f).map(([t, f]) => `${t}: ${before.get(t)} → ${f}`);
}
