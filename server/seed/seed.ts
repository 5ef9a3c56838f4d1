import type { Database } from '../db/database.ts';
import { seedLovs } from './lov-seed.ts';
import { seedPlatform } from './platform-seed.ts';
import { seedPrompts } from './prompt-seed.ts';

const SEED_VERSION = 'seed:v1';

export interface SeedOptions {
  demoPassword: string;
}

/** Fills an empty database with the demo data; a second call does nothing (idempotent). */
export async function seed(db: Database, opts: SeedOptions): Promise<boolean> {
  const done = await db.query('select 1 from schema_migrations where version = $1', [SEED_VERSION]);
  if (done.rows.length) return false;
  await db.transaction(async (tx) => {
    await seedPlatform(tx, opts.demoPassword);
    await seedLovs(tx);
    await seedPrompts(tx);
    await tx.query('insert into schema_migrations (version) values ($1)', [SEED_VERSION]);
  });
  return true;
}
