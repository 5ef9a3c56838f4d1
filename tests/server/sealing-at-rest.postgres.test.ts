import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { freshDatabase } from './pg-database.ts';
import { sealingSuite } from './sealing-suite.ts';

/** Sealed offers at rest on PostgreSQL (DATABASE_URL): the dump is `pg_dump`'s of the test database. */
const adminUrl = process.env.DATABASE_URL;

describe.runIf(adminUrl)('sealed offers on PostgreSQL', () => {
  let s: TestServer;
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  beforeAll(async () => {
    db = await freshDatabase(adminUrl!);
    s = await startTestServer({ databaseUrl: db.url });
  });
  afterAll(async () => {
    await s.close();
    await db.drop();
  });
  sealingSuite(
    () => s,
    async () => execFileSync('pg_dump', ['--data-only', db.url], { maxBuffer: 512 * 1024 * 1024 }),
  );
});
