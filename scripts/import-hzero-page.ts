import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { validateScreenMeta } from '../renderer/schema/check/meta-validate.ts';
import { projectRoot } from '../server/paths.ts';
import { loadEntities } from '../server/resources/entities.ts';
import { formatSchemaJson } from '../renderer/schema/format-json.ts';
import { type HzeroPage, importHzeroPage } from '../renderer/schema/hzero-import.ts';

/**
 * `npx tsx scripts/import-hzero-page.ts page.json [--route /x/y] [--entity name] [--out module/file.json]`
 * converts a page config of the original platform's page designer into a screen schema: printed
 * (or written under schemas/ with --out), with what could not be carried over on stderr.
 * The page's scripts are never executed.
 */
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { route: { type: 'string' }, entity: { type: 'string' }, out: { type: 'string' }, force: { type: 'boolean', default: false } },
});

const file = positionals[0];
if (!file) {
  console.error('usage: scripts/import-hzero-page.ts <page.json> [--route /module/path] [--entity name] [--out module/file.json]');
  process.exit(1);
}
const raw = JSON.parse(readFileSync(file, 'utf8')) as HzeroPage | { content?: HzeroPage };
// The designer's GET answers the page itself; some exports wrap it.
const page = ('fields' in raw ? raw : ((raw as { content?: HzeroPage }).content ?? raw)) as HzeroPage;
const { screen, report } = importHzeroPage(page, { route: values.route, entity: values.entity, entities: loadEntities() });
const text = formatSchemaJson(screen);

for (const p of validateScreenMeta(screen, 'imported')) report.push(`the result does not pass the meta-schema at ${p.path}: ${p.message}`);
if (values.out) {
  const target = join(projectRoot, 'schemas', values.out);
  if (existsSync(target) && !values.force) {
    console.error(`schemas/${values.out} exists; pass --force to overwrite`);
    process.exit(1);
  }
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, text);
  console.error(`wrote schemas/${values.out}`);
} else process.stdout.write(text);

console.error(report.length ? `\nNot carried over (${report.length}):\n${report.map((r) => `  - ${r}`).join('\n')}` : '\nEverything was carried over.');
console.error('Then run "npm run schemas:check" for the remaining problems.');
