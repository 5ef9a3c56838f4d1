import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { migrate } from './db/migrate.ts';
import { openDatabase } from './db/open.ts';
import { projectRoot } from './paths.ts';
import { loadEntities } from './resources/entities.ts';
import { addOrders } from './seed/order-seed.ts';
import { seed } from './seed/seed.ts';
import { DEFAULT_DEMO_PASSWORD } from './start-server.ts';
import { keyRing } from './sealing/key-ring.ts';

/**
 * `npm run seed [-- --orders N]`: migrates and seeds the database `npm start` uses (DATABASE_URL,
 * else PGlite in DATA_DIR), then adds N more purchase orders for volume tests (`--lines L` lines each,
 * else 1–6).
 */
const { values } = parseArgs({ options: { orders: { type: 'string', default: '0' }, tenant: { type: 'string', default: '1' }, lines: { type: 'string' } } });
const orders = Number(values.orders);
const lines = values.lines === undefined ? undefined : Number(values.lines);
const tenantId = Number(values.tenant);
if (!Number.isSafeInteger(orders) || orders < 0 || !Number.isSafeInteger(tenantId) || (lines !== undefined && !(Number.isSafeInteger(lines) && lines >= 1 && lines <= 50))) {
  console.error('usage: npm run seed -- [--orders N] [--lines 1-50] [--tenant ID]');
  process.exit(2);
}

const dataDir = resolve(process.env.DATA_DIR ?? join(projectRoot, 'data'));
const databaseUrl = process.env.DATABASE_URL;
const started = performance.now();
const seconds = (from: number) => `${((performance.now() - from) / 1000).toFixed(1)} s`;

const db = await openDatabase({ dataDir: databaseUrl ? undefined : dataDir, databaseUrl });
console.log(`Database: ${db.kind}${db.kind === 'pglite' ? ` in ${dataDir}` : ''}`);
try {
  const applied = await migrate(db, loadEntities().values());
  console.log(`Migrations applied: ${applied.length}`);
  const seeded = await seed(db, { demoPassword: process.env.DEMO_PASSWORD ?? DEFAULT_DEMO_PASSWORD, sealKeys: keyRing(databaseUrl ? undefined : dataDir) });
  console.log(seeded ? `Demo data seeded (${seconds(started)})` : 'Demo data already present');
  if (orders > 0) {
    const t = performance.now();
    await addOrders(db, orders, { tenantId, lines, onBatch: (done) => process.stdout.write(`\r  ${done} / ${orders} orders`) });
    const elapsed = (performance.now() - t) / 1000;
    console.log(`\nAdded ${orders} orders to tenant ${tenantId} in ${elapsed.toFixed(1)} s (${Math.round(orders / elapsed)} orders/s)`);
    // Fresh planner statistics and visibility maps (PGlite runs no autovacuum), so list queries and their totals read only the indexes.
    await db.exec('vacuum analyze');
  }
} finally {
  await db.close();
}
console.log(`Done in ${seconds(started)}`);
