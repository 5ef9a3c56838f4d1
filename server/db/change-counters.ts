import type { Database } from './database.ts';

/** Per-table write counts folded in by compaction; read by server/db/read-cache.ts. */
export const CHANGE_TABLE = 'data_change';
/** One row per write statement since the last compaction. */
export const CHANGE_LOG = 'data_change_log';
const TRIGGER = 'lowcode_data_change';

/**
 * Each table's write count: what is folded into CHANGE_TABLE plus the statements logged since.
 * It grows exactly when a writing transaction commits, whoever wrote it. `logged`: rows waiting
 * to be folded.
 */
export const COUNTERS_SQL = `select table_name, sum(n)::float8 as n, sum(logged)::float8 as logged from (
    select table_name, n, 0 as logged from ${CHANGE_TABLE}
    union all select table_name, count(*), count(*) from ${CHANGE_LOG} group by table_name) c
  group by table_name`;

/**
 * Folds the logged statements into the counts in one statement, so a reader sees the rows or
 * their sum, never both or neither. It takes only rows already committed; two compactions at once
 * update the counts in the same (name) order and so cannot deadlock.
 */
export const COMPACT_SQL = `with moved as (delete from ${CHANGE_LOG} returning table_name),
  sums as (select table_name, count(*) as n from moved group by table_name)
  insert into ${CHANGE_TABLE} (table_name, n) select table_name, n from sums order by table_name
  on conflict (table_name) do update set n = ${CHANGE_TABLE}.n + excluded.n`;

/**
 * Gives every table of the schema a statement-level trigger that logs a row in `data_change_log`
 * on any insert, update, delete or truncate. The row is written in the writing transaction, so
 * the count changes exactly when the data becomes visible, whoever wrote it: this process,
 * another instance on the same PostgreSQL, or someone running SQL by hand. A log of inserts, not
 * one counter row per table updated in place: an updated row stays locked until its transaction
 * ends, which made every writer of a table wait for the others and deadlocked transactions that
 * wrote two tables in opposite orders (found by the two-instance load test). Idempotent: run
 * after every migration, it only adds the trigger to tables that lack it (new entity tables).
 */
export async function installChangeCounters(db: Database): Promise<void> {
  await db.query(`create table if not exists ${CHANGE_TABLE} (table_name text primary key, n bigint not null)`);
  await db.query(`create table if not exists ${CHANGE_LOG} (table_name text not null)`);
  // One statement each: a plpgsql body holds semicolons, which the migration splitter would cut.
  await db.query(`create or replace function ${TRIGGER}() returns trigger language plpgsql as $fn$
    begin
      insert into ${CHANGE_LOG} (table_name) values (TG_TABLE_NAME);
      return null;
    end
  $fn$`);
  const missing = await db.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace s on s.oid = c.relnamespace
      where s.nspname = current_schema() and c.relkind in ('r', 'p') and c.relname not in ($1, $3, 'schema_migrations')
        and not exists (select 1 from pg_trigger g where g.tgrelid = c.oid and g.tgname = $2)`,
    [CHANGE_TABLE, TRIGGER, CHANGE_LOG],
  );
  for (const { name } of missing.rows) {
    const t = `"${name.replace(/"/g, '""')}"`;
    await db.query(`create or replace trigger ${TRIGGER} after insert or update or delete on ${t} for each statement execute function ${TRIGGER}()`);
    await db.query(`create or replace trigger ${TRIGGER}_truncate after truncate on ${t} for each statement execute function ${TRIGGER}()`);
  }
}
