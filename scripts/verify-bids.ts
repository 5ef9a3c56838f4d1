import { join, resolve } from 'node:path';
import { verifyBidsReport } from '../server/bid-log/verify.ts';
import { openDatabase } from '../server/db/open.ts';
import { projectRoot } from '../server/paths.ts';

/**
 * `npm run verify:bids`: recomputes every bid log chain of the database `npm start` uses
 * (DATABASE_URL, else PGlite in DATA_DIR or ./data) and exits 1 when any link is broken. An embedded
 * database is one process's at a time: stop the server first (PostgreSQL may stay in use).
 */
const dataDir = resolve(process.env.DATA_DIR ?? join(projectRoot, 'data'));
const databaseUrl = process.env.DATABASE_URL;
const db = await openDatabase({ dataDir: databaseUrl ? undefined : dataDir, databaseUrl });
let report: Awaited<ReturnType<typeof verifyBidsReport>>;
try {
  console.log(`Database: ${db.kind}${db.kind === 'pglite' ? ` in ${dataDir}` : ''}`);
  report = await verifyBidsReport(db);
} finally {
  await db.close();
}
for (const line of report.lines) console.log(line);
process.exit(report.exitCode);
