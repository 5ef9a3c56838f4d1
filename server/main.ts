import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { projectRoot } from './paths.ts';
import { DEMO_USERS } from './seed/platform-seed.ts';
import { createServer, DEFAULT_DEMO_PASSWORD } from './start-server.ts';

/** `npm start`: build the UI when missing, open/seed the database, serve everything on one port. */
const port = Number(process.env.PORT ?? 8080);
const host = process.env.HOST ?? '127.0.0.1';
const dataDir = resolve(process.env.DATA_DIR ?? join(projectRoot, 'data'));
const uiDir = join(projectRoot, 'dist');
const demoPassword = process.env.DEMO_PASSWORD ?? DEFAULT_DEMO_PASSWORD;

if (!process.env.SKIP_UI_BUILD && !existsSync(join(uiDir, 'index.html'))) {
  console.log('Building the UI (first start)…');
  const r = spawnSync(process.execPath, [join(projectRoot, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'], { cwd: projectRoot, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const { app, ctx } = await createServer({ dataDir: process.env.DATABASE_URL ? undefined : dataDir, databaseUrl: process.env.DATABASE_URL, uiDir, demoPassword, logger: true });
await app.listen({ port, host });
const url = `http://${host}:${port}`;
console.log(`\nServing on ${url}  (database: ${ctx.db.kind}${ctx.db.kind === 'pglite' ? ` in ${dataDir}` : ''})`);
console.log(`Demo accounts (password ${process.env.DEMO_PASSWORD ? 'from DEMO_PASSWORD' : `"${demoPassword}"`}):`);
for (const u of DEMO_USERS) console.log(`  ${u.login.padEnd(10)} ${u.name}`);
const stop = async () => {
  await app.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
