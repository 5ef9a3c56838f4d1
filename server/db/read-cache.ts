import type { Database, Queryable, QueryResult } from './database.ts';
import { COMPACT_SQL, COUNTERS_SQL } from './change-counters.ts';

/** Logged write statements beyond which a counter read folds them (keeps that read cheap). */
const COMPACT_AT = 1000;

/** Functions whose answer changes without any table changing: such a query is never cached. */
const VOLATILE = /\b(now|current_timestamp|current_date|localtimestamp|clock_timestamp|random|nextval|txid_current)\b/i;
/** Tables a statement reads: every name after FROM or JOIN (joins are written with JOIN here, never commas). */
const TABLE = /\b(?:from|join)\s+"?([a-z_][a-z0-9_]*)"?/gi;

export const tablesRead = (sql: string): string[] => [...new Set([...sql.matchAll(TABLE)].map((m) => m[1]!.toLowerCase()))].sort();

interface Entry {
  stamp: string;
  rows: readonly unknown[];
}

/**
 * Answers of the reads asked on every call (who a token belongs to, which menus a role holds,
 * value sets, list totals), kept while the tables they read are unchanged. Validity comes from
 * the database's own write counters (server/db/change-counters.ts), not from a time to live: an
 * answer is reused only if no statement has written any of its tables since (for other processes'
 * writes, up to a few milliseconds ago: see the constructor).
 *
 * Only the root database is cached: a transaction sees its own uncommitted writes, which must
 * never be shared. Cached rows are frozen, so a caller that tries to change one fails loudly
 * instead of changing the next caller's answer.
 */
export class ReadCache implements Queryable {
  private readonly entries = new Map<string, Entry>();
  private gathering?: Promise<Map<string, number>>;
  /** Counters last read, when that read was issued, and how many local writes had completed then. */
  private known?: { writes: number; at: number; counters: Map<string, number> };
  private writes = 0;
  private compacting?: Promise<unknown>;

  /**
   * `soleWriter`: this process is the only one writing to the database (embedded PGlite), so the
   * counters need reading again only after one of its own statements may have written. Otherwise
   * (PostgreSQL, where other instances and people with psql write too) counters read less than
   * `sharedMaxAgeMs` ago are reused, unless this process has written since: its own writes are
   * seen at once, other writers' within a few milliseconds, about what a network round trip takes.
   */
  constructor(
    private readonly db: Queryable,
    private readonly soleWriter = false,
    private readonly sharedMaxAgeMs = 5,
    private readonly maxEntries = 5000,
  ) {}

  /** The tables of a cacheable statement, undefined for one that is not; worked out once per text. */
  private readonly shapes = new Map<string, string[] | undefined>();
  private tablesOf(sql: string): string[] | undefined {
    if (this.shapes.has(sql)) return this.shapes.get(sql);
    const tables = tablesRead(sql);
    const out = tables.length === 0 || VOLATILE.test(sql) ? undefined : tables;
    if (this.shapes.size < this.maxEntries) this.shapes.set(sql, out);
    return out;
  }

  /** A statement that may have written has completed. */
  wrote(): void {
    this.writes++;
  }

  /** The answer kept for a statement when it is still valid, without running it otherwise. */
  async peek<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<QueryResult<T> | undefined> {
    const tables = this.tablesOf(sql);
    if (!tables) return undefined;
    const counters = await this.counters();
    const hit = this.entries.get(`${sql}\u0000${JSON.stringify(params)}`);
    return hit?.stamp === tables.map((t) => counters.get(t) ?? 0).join(',') ? { rows: hit.rows as T[] } : undefined;
  }

  async query<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<QueryResult<T>> {
    const tables = this.tablesOf(sql);
    if (!tables) return this.db.query<T>(sql, params);
    const counters = await this.counters();
    const stamp = tables.map((t) => counters.get(t) ?? 0).join(',');
    const key = `${sql}\u0000${JSON.stringify(params)}`;
    const hit = this.entries.get(key);
    if (hit?.stamp === stamp) {
      // Least recently used goes first: re-inserting moves the entry to the end.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return { rows: hit.rows as T[] };
    }
    const r = await this.db.query<T>(sql, params);
    for (const row of r.rows) Object.freeze(row);
    this.entries.delete(key);
    this.entries.set(key, { stamp, rows: Object.freeze(r.rows) });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    return r;
  }

  /**
   * All counters, read once for the calls that arrive in the same turn of the event loop. A call
   * joins only a read that has not started yet, so it never sees a state older than its own
   * start, except for the reuse window of shared databases described at the constructor.
   */
  private counters(): Promise<Map<string, number>> {
    const k = this.known;
    if (k?.writes === this.writes && (this.soleWriter || performance.now() - k.at < this.sharedMaxAgeMs)) return Promise.resolve(k.counters);
    if (!this.gathering) {
      this.gathering = new Promise<void>((resolve) => setImmediate(resolve)).then(async () => {
        this.gathering = undefined;
        const writes = this.writes;
        const at = performance.now();
        const r = await this.db.query<{ table_name: string; n: number; logged: number }>(COUNTERS_SQL);
        const counters = new Map(r.rows.map((x) => [x.table_name, Number(x.n)]));
        if (r.rows.reduce((sum, x) => sum + Number(x.logged), 0) > COMPACT_AT && !this.compacting) {
          // Counts are unchanged by folding, so nothing cached is invalidated by it.
          this.compacting = this.db.query(COMPACT_SQL).then(
            () => (this.compacting = undefined),
            () => (this.compacting = undefined),
          );
        }
        this.known = { writes, at, counters };
        return counters;
      });
    }
    return this.gathering;
  }
}

const caches = new WeakMap<Queryable, ReadCache>();

/** Statements that only read; anything else (and any transaction) may have written. */
const READ_ONLY = /^\s*(select|with|explain)\b(?![\s\S]*\b(insert|update|delete|truncate)\b)/i;

/**
 * Gives a database its read cache (done where databases are opened). Every statement this process
 * runs passes through here, and one that may have written is noted as it completes. PGlite lives
 * inside this process, so that is every write there is; a PostgreSQL server may also be written
 * by other instances (see ReadCache).
 */
export function attachReadCache(db: Database): Database {
  const cache = new ReadCache(db, db.kind === 'pglite');
  caches.set(db, cache);
  const { query, exec, transaction } = db;
  const noting = async <T>(run: () => Promise<T>, wrote: boolean): Promise<T> => {
    try {
      return await run();
    } finally {
      if (wrote) cache.wrote();
    }
  };
  db.query = <T>(sql: string, params?: unknown[]) => noting(() => query.call<Database, [string, unknown[] | undefined], Promise<QueryResult<T>>>(db, sql, params), !READ_ONLY.test(sql));
  db.exec = (sql) => noting(() => exec.call(db, sql), true);
  db.transaction = <T>(fn: (tx: Queryable) => Promise<T>) => noting(() => transaction.call<Database, [typeof fn], Promise<T>>(db, fn), true);
  return db;
}

/** The read cache of `db` when it is a root database; a transaction (or anything else) reads directly. */
export const cachedReads = (db: Queryable): Queryable => caches.get(db) ?? db;

/** The read cache itself, for a caller that only wants a kept answer (`peek`); undefined for a transaction. */
export const readCacheOf = (db: Queryable): ReadCache | undefined => caches.get(db);
