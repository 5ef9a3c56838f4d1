import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { validateScreenMeta } from '../renderer/schema/check/meta-validate.ts';
import { suggest } from '../renderer/schema/resolve-field.ts';
import { projectRoot } from '../server/paths.ts';
import { loadEntities } from '../server/resources/entities.ts';
import { formatSchemaJson } from '../renderer/schema/format-json.ts';
import { SCAFFOLD_KINDS, type ScaffoldKind, scaffoldScreen, screenFileFor } from '../renderer/schema/scaffold.ts';

/**
 * `npm run new:screen -- --route /smdm/payment-terms --kind list --entity paymentTerm`
 * writes a first schema for the route from the entity's declaration. Options: `--title <i18n key>`,
 * `--detail <route>` (list links / create's afterSubmit), `--create <route>` (list button),
 * `--out <file under schemas/>`, `--force` (overwrite), `--stdout` (print, write nothing).
 */
const { values } = parseArgs({
  options: {
    route: { type: 'string' },
    kind: { type: 'string', default: 'list' },
    entity: { type: 'string' },
    title: { type: 'string' },
    detail: { type: 'string' },
    create: { type: 'string' },
    out: { type: 'string' },
    force: { type: 'boolean', default: false },
    stdout: { type: 'boolean', default: false },
  },
});

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

if (!values.route?.startsWith('/')) fail('--route /module/path is required');
if (!(SCAFFOLD_KINDS as string[]).includes(values.kind!)) fail(`--kind must be one of ${SCAFFOLD_KINDS.join(', ')}`);
const entities = loadEntities();
const entity = values.entity ? entities.get(values.entity) : undefined;
if (!entity) fail(`--entity: unknown entity "${values.entity ?? ''}"${suggest(values.entity ?? '', [...entities.keys()])}`);

const screen = scaffoldScreen({ route: values.route, kind: values.kind as ScaffoldKind, entity, title: values.title, detailRoute: values.detail, createRoute: values.create });
const text = formatSchemaJson(screen);
const problems = validateScreenMeta(screen, 'new screen');
if (problems.length) fail(`the scaffold does not pass the meta-schema (a bug): ${problems.map((p) => `${p.path} ${p.message}`).join('; ')}`);

if (values.stdout) {
  process.stdout.write(text);
} else {
  const rel = values.out ?? screenFileFor(values.route, values.kind as ScaffoldKind);
  const file = join(projectRoot, 'schemas', rel);
  if (existsSync(file) && !values.force) fail(`schemas/${rel} exists; pass --force to overwrite or --out to choose another file`);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  console.log(`wrote schemas/${rel}`);
  console.log('next: add its title and labels to schemas/i18n/<module>.json, then run "npm run schemas:check"');
}
