import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../../server/paths.ts';
import { createServer } from '../../server/start-server.ts';

/** Every file that can change what migrating and seeding produce, plus the engine's version. */
function inputsKey(): string {
  const h = createHash('sha256');
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else h.update(p).update(readFileSync(p));
    }
  };
  walk(join(projectRoot, 'server'));
  walk(join(projectRoot, 'schemas'));
  h.update(readFileSync(join(projectRoot, 'node_modules', '@electric-sql', 'pglite', 'package.json')));
  return h.digest('hex').slice(0, 16);
}

/**
 * A dump of a freshly migrated and seeded in-memory database. Starting PGlite from it skips
 * initdb, migrations and the seed (about 3 s down to under 1 s per test file). It is cached
 * under .tmp/ by a hash of the server and schema sources, so a change to either rebuilds it.
 */
export async function seedImage(): Promise<Blob> {
  const dir = join(projectRoot, '.tmp', 'test-seed');
  const file = join(dir, `${inputsKey()}.tar`);
  if (existsSync(file)) return new Blob([readFileSync(file)]);
  const { app, ctx } = await createServer({});
  const image = await (ctx.db as unknown as { dump(): Promise<Blob> }).dump();
  await app.close();
  mkdirSync(dir, { recursive: true });
  // Parallel test workers may build it at once: each writes its own file and renames, which is atomic.
  const tmp = `${file}.${process.pid}`;
  writeFileSync(tmp, Buffer.from(await image.arrayBuffer()));
  renameSync(tmp, file);
  // Images of older sources are tens of MB each and never read again.
  for (const old of readdirSync(dir)) if (old.endsWith('.tar') && join(dir, old) !== file) rmSync(join(dir, old), { force: true });
  return image;
}
