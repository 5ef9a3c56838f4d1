import type { Database } from './database.ts';
import { attachReadCache } from './read-cache.ts';

export interface OpenOptions {
  databaseUrl?: string;
  dataDir?: string;
  seedImage?: Blob;
}

/** DATABASE_URL wins; otherwise PGlite under DATA_DIR (or in memory when no dir is given). */
export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const { openPostgres } = await import('./postgres.ts');
    return attachReadCache(await openPostgres(opts.databaseUrl));
  }
  const { openPglite } = await import('./pglite.ts');
  return attachReadCache(await openPglite(opts.dataDir, opts.seedImage));
}
