import { MAX_SHEET_ROWS } from './resources/export.ts';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import type { ServerConfig, ServerContext } from './context.ts';
import { migrate } from './db/migrate.ts';
import { openDatabase } from './db/open.ts';
import { EventBus } from './events/events.ts';
import { loadEntities } from './resources/entities.ts';
import { syncLovs } from './seed/lov-seed.ts';
import { syncPrompts } from './seed/prompt-seed.ts';
import { seed } from './seed/seed.ts';
import { rewrapRetired } from './sealing/document-keys.ts';
import { keyRing } from './sealing/key-ring.ts';
import type { LoggerSetting } from './http/logger-options.ts';

export interface StartOptions {
  dataDir?: string;
  databaseUrl?: string;
  uiDir?: string;
  demoPassword?: string;
  /** A dumped, already seeded database: tests start from it instead of migrating and seeding. */
  seedImage?: Blob;
  /** Rows an export writes at most; the environment's EXPORT_ROW_LIMIT, else 100,000. */
  exportRowLimit?: number;
  logger?: LoggerSetting;
}

export const DEFAULT_DEMO_PASSWORD = 'Demo@2026';

/** EXPORT_ROW_LIMIT as set: a whole number of rows up to what one sheet holds below its header; a wrong one stops the start, said plainly. */
function exportRowLimitOf(v: string | undefined): number | undefined {
  if (v === undefined || v === '') return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1 || n > MAX_SHEET_ROWS) throw new Error(`EXPORT_ROW_LIMIT must be a whole number from 1 to ${MAX_SHEET_ROWS} (rows a sheet holds below its header), not "${v}"`);
  return n;
}

/** Opens the database, migrates and seeds it, and builds the HTTP app (not yet listening). */
export async function createServer(opts: StartOptions): Promise<{ app: FastifyInstance; ctx: ServerContext }> {
  // Datetimes are stored as UTC wall-clock times (the screens show them in each user's zone), and
  // rules compare them with now() and Date.now(): the process and every session run in UTC, so a
  // server started in Shanghai reads a bidding end as the one stored, not eight hours off.
  process.env.TZ = 'UTC';
  // Before anything opens: a wrong setting stops the start with nothing to clean up.
  const exportRowLimit = opts.exportRowLimit ?? exportRowLimitOf(process.env.EXPORT_ROW_LIMIT);
  const entities = loadEntities();
  const db = await openDatabase({ dataDir: opts.dataDir, databaseUrl: opts.databaseUrl, seedImage: opts.seedImage });
  await migrate(db, entities.values());
  const sealKeys = keyRing(opts.dataDir);
  await rewrapRetired(db, sealKeys);
  await seed(db, { demoPassword: opts.demoPassword ?? DEFAULT_DEMO_PASSWORD, sealKeys });
  // Reference data added to schemas/ since the last start (new value sets, new texts).
  await syncLovs(db);
  await syncPrompts(db);
  const config: ServerConfig = {
    dataDir: opts.dataDir,
    storageDir: join(opts.dataDir ?? join(process.cwd(), '.tmp'), 'files'),
    uiDir: opts.uiDir,
    allowedRedirectHosts: (process.env.ALLOWED_REDIRECT_HOSTS ?? 'localhost:5173,127.0.0.1:5173').split(',').filter(Boolean),
    maxFailedLogins: 5,
    signUpTenant: process.env.SIGN_UP_TENANT ?? 'DEMO',
    ...(process.env.SIGN_UPS_PER_HOUR ? { signUpsPerHour: Math.max(1, Number(process.env.SIGN_UPS_PER_HOUR) || 5) } : {}),
    lockMinutes: 15,
    exportRowLimit,
  };
  const ctx: ServerContext = { db, entities, config, events: new EventBus(), sealKeys };
  const app = await buildApp(ctx, { logger: opts.logger });
  app.addHook('onClose', async () => db.close());
  return { app, ctx };
}
