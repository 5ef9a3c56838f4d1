import type { Database } from './database.ts';

/** The table of per-table write counters; read by server/db/read-cache.ts. */
export const CHANGE_TABLE = 'data_change';
const TRIGGER = 'lowcode_data_change';

/**
 * Gives every table of the schema a statement-level trigger that bumps its counter in
 * `data_change` on any insert, update, delete or truncate. The counter changes in the writing
 * transaction, so it becomes visible exactly when the data does, whoever wrote it: this process,
 * another instance on the same PostgreSQL, or someone running SQL by hand. Idempotent: run after
 * every migration, it only adds the trigger to tables that lack it (new entity tables).
 */
export async function installChangeCounters(db: Database): Promise<void> {
  await db.query(`create table if not exists ${CHANGE_TABLE} (table_name text primary key, n bigint not null)`);
  // One statement each: a plpgsql body holds semicolons, which the migration splitter would cut.
  await db.query(`create or replace function ${TRIGGER}() returns trigger language plpgsql as $fn$
    begin
      insert into ${CHANGE_TABLE} (table_name, n) values (TG_TABLE_NAME, 1)
        on conflict (table_name) do update set n = ${CHANGE_TABLE}.n + 1;
      return null;
    end
  $fn$`);
  const missing = await db.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace s on s.oid = c.relnamespace
      where s.nspname = current_schema() and c.relkind in ('r', 'p') and c.relname not in ($1, 'schema_migrations')
        and not exists (select 1 from pg_trigger g where g.tgrelid = c.oid and g.tgname = $2)`,
    [CHANGE_TABLE, TRIGGER],
  );
  for (const { name } of missing.rows) {
    const t = `"${name.replace(/"/g, '""')}"`;
    await db.query(`create or replace trigger ${TRIGGER} after insert or update or delete on ${t} for each statement execute function ${TRIGGER}()`);
    await db.query(`create or replace trigger ${TRIGGER}_truncate after truncate on ${t} for each statement execute function ${TRIGGER}()`);
  }
}
