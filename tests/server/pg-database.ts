import pg from 'pg';

/**
 * A database of its own on the PostgreSQL server `adminUrl` names (any database its user may
 * create databases from), and how to drop it: the PostgreSQL suites never share data.
 */
export async function freshDatabase(adminUrl: string, prefix = 'lcb_test'): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${process.pid}_${Date.now().toString(36)}`;
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(sql).finally(() => c.end());
  };
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}
