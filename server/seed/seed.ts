import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Database, Queryable } from '../db/database.ts';
import { projectRoot } from '../paths.ts';
import type { KeyRing } from '../sealing/key-ring.ts';
import { seedLovs } from './lov-seed.ts';
import { seedOrders } from './order-seed.ts';
import { seedPlatform } from './platform-seed.ts';
import { seedPrompts } from './prompt-seed.ts';
import { recipeSteps } from './recipe-steps.ts';

export interface SeedOptions {
  demoPassword: string;
  /** Demo offers of unopened sealed documents are stored sealed, as real ones are (server/sealing/). */
  sealKeys: KeyRing;
}

/**
 * Seed steps, each recorded in schema_migrations once done. A step added later runs once on
 * databases seeded before it existed, without repeating the earlier ones.
 */
export interface SeedStep {
  version: string;
  /** Older steps that wrote the same rows: a database that ran one records this one without running it. */
  replaces?: string | string[];
  run: (tx: Queryable, opts: SeedOptions) => Promise<void>;
  /** Runs after every other step (what it reads, such as documents any module seeded in approval, is there by then). */
  last?: boolean;
}

/**
 * Seeds with behaviour (password hashes, code-rule sequences, role grants): every
 * `server/modules/<module>/seed.ts` or `seed-*.ts` (or in an area folder `<module>/<area>/`) exports `step`. Discovered, not listed, so a
 * module's demo data never edits a shared file. They run after the recipes, by path.
 */
async function moduleSteps(): Promise<SeedStep[]> {
  const root = join(projectRoot, 'server', 'modules');
  if (!existsSync(root)) return [];
  // A module's folder and its area folders (`ssrc/expert`), as the route discovery finds them.
  const dirs = readdirSync(root, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((d) => [join(root, d.name), ...readdirSync(join(root, d.name), { withFileTypes: true }).filter((s) => s.isDirectory()).map((s) => join(root, d.name, s.name))]);
  const files = dirs.flatMap((dir) => readdirSync(dir).filter((f) => /^seed(-[\w-]+)?\.ts$/.test(f)).map((f) => join(dir, f))).sort();
  const mods = await Promise.all(files.map((f) => import(pathToFileURL(f).href) as Promise<{ step: SeedStep }>));
  return mods.map((m) => m.step);
}

const STEPS: SeedStep[] = [
  {
    version: 'seed:v1',
    run: async (tx, opts) => {
      await seedPlatform(tx, opts.demoPassword);
      await seedLovs(tx);
      await seedPrompts(tx);
    },
  },
  { version: 'seed:orders:v1', run: (tx) => seedOrders(tx) },
];

/** Fills an empty database with the demo data; a second call does nothing (idempotent). */
export async function seed(db: Database, opts: SeedOptions): Promise<boolean> {
  const done = new Set((await db.query<{ version: string }>("select version from schema_migrations where version like 'seed:%'")).rows.map((r) => r.version));
  let ran = false;
  const all = [...STEPS, ...recipeSteps(), ...(await moduleSteps())];
  for (const step of [...all.filter((x) => !x.last), ...all.filter((x) => x.last)]) {
    if (done.has(step.version)) continue;
    await db.transaction(async (tx) => {
      if (![step.replaces ?? []].flat().some((v) => done.has(v))) await step.run(tx, opts);
      await tx.query('insert into schema_migrations (version) values ($1)', [step.version]);
    });
    ran = true;
  }
  return ran;
}
