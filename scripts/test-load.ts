import { spawnSync } from 'node:child_process';
import { projectRoot } from '../server/paths.ts';
import { withPostgres } from './bench/lib/postgres.ts';

/**
 * `npm run test:load`: the load, failover and kill suites of tests/server/load/ at full size (50
 * people for 60 s unless LOAD_USERS / LOAD_SECONDS say otherwise) on DATABASE_URL, or on a
 * throwaway local PostgreSQL server when it is unset. `npm test` runs the same suites shortened.
 */
const result = await withPostgres(projectRoot, (s) => console.log(s), async (url) => {
  const r = spawnSync(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', '--project', 'server', 'tests/server/load/'], {
    cwd: projectRoot,
    stdio: 'inherit',
    env: { ...process.env, DATABASE_URL: url, LOAD_USERS: process.env.LOAD_USERS ?? '50', LOAD_SECONDS: process.env.LOAD_SECONDS ?? '60' },
  });
  return r.status ?? 1;
});
if (typeof result === 'string') {
  console.error(`test:load needs PostgreSQL: ${result}`);
  process.exit(1);
}
process.exit(result);
