import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { checkAllSchemas } from '../../../server/schema-check.ts';

/**
 * Scenario 9, one run in its own process (as `npm run schemas:check` runs): the full check of
 * every schema file, then the floor: reading and JSON.parse of the same files. Prints JSON.
 */
const root = process.argv[2]!;
const t0 = performance.now();
const { problems, files } = await checkAllSchemas(root);
const checkMs = performance.now() - t0;

const all: string[] = [];
const walk = (dir: string) => {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p);
    else if (name.endsWith('.json')) all.push(p);
  }
};
walk(join(root, 'schemas'));
const t1 = performance.now();
for (const f of all) JSON.parse(readFileSync(f, 'utf8'));
const parseMs = performance.now() - t1;
process.stdout.write(JSON.stringify({ checkMs, parseMs, files, jsonFiles: all.length, problems: problems.length }));
