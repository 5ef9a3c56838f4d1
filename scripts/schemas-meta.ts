// Writes the parts of renderer/schema/screen.meta.json that the type tables own (page kinds,
// action types, status maps). Run after adding a type; tests/schemas/meta-schema.test.ts fails until then.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatSchemaJson } from '../renderer/schema/format-json.ts';
import { withGeneratedParts } from '../renderer/schema/types/meta-schema.ts';

const file = join(import.meta.dirname, '..', 'renderer', 'schema', 'screen.meta.json');
const next = formatSchemaJson(withGeneratedParts(JSON.parse(readFileSync(file, 'utf8'))));
writeFileSync(file, next);
console.log(`wrote ${file}`);
