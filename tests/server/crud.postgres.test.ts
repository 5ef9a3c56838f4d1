import { describe } from 'vitest';
import { crudSuite } from './crud-suite.ts';
import { startTestServer } from './harness.ts';
import { freshDatabase } from './pg-database.ts';

/**
 * The same suite on a real PostgreSQL server when DATABASE_URL names one (any database the
 * user may create databases from). Each run creates a database of its own and drops it after.
 */
const adminUrl = process.env.DATABASE_URL;

describe.runIf(adminUrl)('generic resources on PostgreSQL (DATABASE_URL)', () => {
  let db: Awaited<ReturnType<typeof freshDatabase>> | undefined;
  crudSuite(
    async () => {
      db = await freshDatabase(adminUrl!);
      return startTestServer({ databaseUrl: db.url });
    },
    async () => {
      await db?.drop();
    },
  );
});
