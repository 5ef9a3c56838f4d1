import { execFile } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

/** Runs `fn` on DATABASE_URL, or on a throwaway local server; a string says why PostgreSQL was not measured. */
export async function withPostgres<T>(repoRoot: string, log: (s: string) => void, fn: (url: string) => Promise<T>): Promise<T | string> {
  if (process.env.DATABASE_URL) return fn(process.env.DATABASE_URL);
  const script = join(repoRoot, 'scripts', 'local-postgres.sh');
  const parent = mkdtempSync(join(tmpdir(), 'bench-pg-'));
  chmodSync(parent, 0o755); // run as root, the script hands the cluster to the postgres user
  const dir = join(parent, 'pg');
  let url: string;
  try {
    url = (await promisify(execFile)(script, ['start', dir])).stdout.trim();
  } catch (e) {
    rmSync(parent, { recursive: true, force: true });
    const err = e as { code?: number; stderr?: string };
    return err.code === 3 ? 'no PostgreSQL server installed (apt-get install -y postgresql), and DATABASE_URL not set' : `local PostgreSQL did not start: ${String(err.stderr ?? e).slice(0, 200)}`;
  }
  log(`  local PostgreSQL at ${url}`);
  try {
    return await fn(url);
  } finally {
    await promisify(execFile)(script, ['stop', dir]).catch(() => undefined);
    rmSync(parent, { recursive: true, force: true });
  }
}
