import pg from 'pg';
import { describe } from 'vitest';
import { crudSuite } from './crud-suite.ts';
import { startTestServer } from './harness.ts';

/**
 * The same suite on a real PostgreSQL server when DATABASE_URL names one (any database the
 * user may create databases from). Each run creates a database of its own and drops it after.
 */
const adminUrl = process.env.DATABASE_URL;

describe.runIf(adminUrl)('generic resources on PostgreSQL (DATABASE_URL)', () => {
  const name = `lcb_test_${process.pid}_${Date.now().toString(36)}`;
  const admin = async <T>(fn: (c: pg.Client) => Promise<T>) => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    try {
      return await fn(c);
    } finally {
      await c.end();
    }
  };
  crudSuite(
    async () => {
      await admin((c) => c.query(`create database ${name}`));
      const url = new URL(adminUrl!);
      url.pathname = `/${name}`;
      return startTestServer({ databaseUrl: url.toString() });
    },
    () => admin((c) => c.query(`drop database if exists ${name} with (force)`)).then(() => undefined),
  );
});
