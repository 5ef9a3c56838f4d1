import { createHash } from 'node:crypto';
import type { EntityDecl } from '../../renderer/schema/entity.ts';
import { entityDdl, TRIGRAM_OPS } from '../resources/ddl.ts';
import { installChangeCounters } from './change-counters.ts';
import type { Database } from './database.ts';
import * as core from './migrations/001_core.ts';
import * as numbering from './migrations/002_numbering.ts';
import * as tableSettings from './migrations/003_table_settings.ts';
import * as sealKeys from './migrations/004_seal_keys.ts';
import * as bidLog from './migrations/005_bid_log.ts';

/** Hand-written migrations, applied in order, each once. */
const MIGRATIONS: Array<{ version: string; sql: string }> = [core, numbering, tableSettings, sealKeys, bidLog];

/**
 * Brings the database up to date at start: numbered migrations first, then one
 * migration per entity declaration, versioned by a hash of its DDL, so a changed
 * declaration applies its additive changes exactly once.
 */
export async function migrate(db: Database, entities: Iterable<EntityDecl>): Promise<string[]> {
  await db.exec(`create table if not exists schema_migrations (version varchar(200) primary key, applied_at timestamptz not null default now())`);
  const done = new Set((await db.query<{ version: string }>('select version from schema_migrations')).rows.map((r) => r.version));
  const applied: string[] = [];
  for (const m of MIGRATIONS) {
    if (done.has(m.version)) continue;
    await db.transaction(async (tx) => {
      for (const stmt of m.sql.split(';').map((s) => s.trim()).filter(Boolean)) await tx.query(stmt);
      await tx.query('insert into schema_migrations (version) values ($1)', [m.version]);
    });
    applied.push(m.version);
  }
  const trigrams = await trigramsAvailable(db);
  for (const e of entities) {
    const stmts = entityDdl(e);
    const version = `entity:${e.name}:${createHash('sha256').update(stmts.join(';')).digest('hex').slice(0, 16)}`;
    if (done.has(version)) continue;
    await db.transaction(async (tx) => {
      for (const s of stmts) if (trigrams || !s.includes(TRIGRAM_OPS)) await tx.query(s);
      await tx.query('insert into schema_migrations (version) values ($1)', [version]);
    });
    applied.push(version);
  }
  await installChangeCounters(db);
  return applied;
}

/**
 * pg_trgm serves contains-searches of fields declared `search: trigram`. It ships with PGlite and
 * with PostgreSQL's contrib package; where it cannot be created (not installed, or a role that may
 * not create extensions) those indexes are left out and such searches read the table: slower on
 * big tables, same results.
 */
async function trigramsAvailable(db: Database): Promise<boolean> {
  try {
    await db.exec('create extension if not exists pg_trgm');
    return true;
  } catch (e) {
    console.warn(`pg_trgm is not available (${(e as Error).message}): contains-searches run without trigram indexes`);
    return false;
  }
}
