import { formatProblem } from '../renderer/schema/check/problems.ts';
import { checkAllSchemas } from '../server/schema-check.ts';

/** `npm run schemas:check`: every problem of every schema file, each with file and JSON path. */
const started = Date.now();
const { problems, files } = await checkAllSchemas();
for (const p of problems) console.error(formatProblem(p));
console.log(`${files} schema files checked in ${Date.now() - started} ms: ${problems.length ? `${problems.length} problem(s)` : 'no problems'}`);
process.exit(problems.length ? 1 : 0);
