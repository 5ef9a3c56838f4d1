import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { mkdirSync } from 'node:fs';
import { type Database, type Queryable, type QueryResult, runCommitHooks, trackCommitHooks } from './database.ts';

/**
 * Embedded PostgreSQL. `dataDir` undefined means in-memory (tests); `seedImage`
 * starts from a dumped data directory so tests skip migrations and seeding.
 */
export async function openPglite(dataDir?: string, seedImage?: Blob): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // pg_trgm: trigram indexes for contains-searches (entity fields declared `search: trigram`).
  const pg = await PGlite.create(dataDir, { extensions: { pg_trgm }, ...(seedImage ? { loadDataDir: seedImage } : {}) });
  const wrap = (q: Pick<PGlite, 'query'>): Queryable => ({
    async query<T>(sql: string, params?: unknown[]): Promise<QueryResult<T>> {
      const r = await q.query<T>(sql, params as unknown[]);
      return { rows: r.rows, affectedRows: r.affectedRows };
    },
  });
  return {
    kind: 'pglite',
    ...wrap(pg),
    async exec(sql) {
      await pg.exec(sql);
    },
    async transaction(fn) {
      const hooks: Parameters<typeof trackCommitHooks>[1] = [];
      const out = await pg.transaction((tx) => fn(trackCommitHooks(wrap(tx), hooks)));
      await runCommitHooks(hooks);
      return out;
    },
    async close() {
      await pg.close();
    },
    dump: () => pg.dumpDataDir('none'),
  } as Database & { dump: () => Promise<Blob> };
}
