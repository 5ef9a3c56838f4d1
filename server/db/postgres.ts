import { createHash } from 'node:crypto';
import pg from 'pg';
import { type Database, type Queryable, runCommitHooks, trackCommitHooks } from './database.ts';

// pg returns bigint/numeric as strings by default; ids here fit in a JS number.
pg.types.setTypeParser(20, (v) => Number(v));

const READ = /^\s*(select|with)\b/i;
const names = new Map<string, string>();

/**
 * Parameterised reads run as named prepared statements: each connection parses and plans them
 * once, not on every call (planning took as long as running the order-list page query). Their
 * texts are a bounded set (values travel as parameters), so connections do not grow without end.
 */
function statementName(sql: string, params?: unknown[]): string | undefined {
  if (!params?.length || !READ.test(sql)) return undefined;
  let name = names.get(sql);
  if (!name) {
    name = `r_${createHash('sha1').update(sql).digest('hex').slice(0, 20)}`;
    if (names.size < 10_000) names.set(sql, name);
  }
  return name;
}

/** A real PostgreSQL server, chosen with DATABASE_URL; same SQL as PGlite. */
export async function openPostgres(url: string): Promise<Database> {
  // Every session in UTC: timestamps are stored as UTC wall-clock times (see start-server.ts).
  const pool = new pg.Pool({ connectionString: url, max: 10, options: '-c TimeZone=UTC' });
  // An idle connection the server closes (a restart, an administrator terminating it) is dropped
  // by the pool and replaced on the next query; unhandled, its error event would end the process.
  pool.on('error', (e) => console.error(`PostgreSQL: an idle connection was closed (${e.message}); the pool opens a new one when needed`));
  await pool.query('select 1');
  const wrap = (c: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T>(sql: string, params?: unknown[]) {
      const r = await c.query({ text: sql, values: params, name: statementName(sql, params) });
      return { rows: r.rows as T[], affectedRows: r.rowCount ?? 0 };
    },
  });
  return {
    kind: 'postgres',
    ...wrap(pool),
    async exec(sql) {
      await pool.query(sql);
    },
    async transaction(fn) {
      const client = await pool.connect();
      let released = false;
      const hooks: Parameters<typeof trackCommitHooks>[1] = [];
      try {
        await client.query('BEGIN');
        const out = await fn(trackCommitHooks(wrap(client), hooks));
        await client.query('COMMIT');
        client.release();
        released = true;
        await runCommitHooks(hooks);
        return out;
      } catch (e) {
        await client.query('ROLLBACK');
        throw e;
      } finally {
        if (!released) client.release();
      }
    },
    async close() {
      await pool.end();
    },
    listen: (channel, onPayload) => listenOn(url, channel, onPayload),
  };
}

/**
 * A client of its own that LISTENs and reconnects (after a second) when the connection drops,
 * so a database restart does not silently stop cross-instance events.
 */
async function listenOn(url: string, channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`unsafe channel name: ${channel}`);
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (initial: boolean): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    let dead = false;
    const lost = () => {
      if (dead) return;
      dead = true;
      if (client === c) client = undefined;
      c.end().catch(() => undefined);
      if (!stopped) retry = setTimeout(() => void connect(false), 1000);
    };
    c.on('notification', (msg) => {
      if (msg.channel === channel) onPayload(msg.payload ?? '');
    });
    c.on('error', lost);
    c.on('end', lost);
    client = c;
    try {
      await c.connect();
      await c.query(`LISTEN ${channel}`);
    } catch (e) {
      if (initial) stopped = true;
      lost();
      if (initial) throw e;
    }
  };
  await connect(true);
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const c = client;
    client = undefined;
    await c?.end().catch(() => undefined);
  };
}
