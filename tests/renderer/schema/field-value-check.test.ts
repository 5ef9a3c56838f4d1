import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import type { EntityField } from '../../../renderer/schema/entity.ts';
import { fieldJsonSchema } from '../../../renderer/schema/field-json-schema.ts';
import { FIELD_SCHEMA_KEYWORDS, failedKeyword } from '../../../renderer/schema/field-value-check.ts';
import { listEntityFiles } from '../../../renderer/schema-files/screen-files.ts';

const schemasDir = join(import.meta.dirname, '../../../schemas');
const fields: EntityField[] = listEntityFiles(schemasDir).flatMap((f) => (JSON.parse(readFileSync(join(schemasDir, f), 'utf8')) as { fields: EntityField[] }).fields);

// The server's options (server/resources/import-routes.ts, fastify's body validation) minus coercion.
const ajv = new Ajv({ allErrors: true, allowUnionTypes: true, strict: false });
// Many fields share a schema (a code of 30 characters …): each distinct one is compiled once.
const compiled = new Map<string, ReturnType<typeof ajv.compile>>();
const compile = (schema: Record<string, unknown>) => {
  const key = JSON.stringify(schema);
  let v = compiled.get(key);
  if (!v) compiled.set(key, (v = ajv.compile(schema)));
  return v;
};

/** Values around each of the field's limits, of every JSON type, and texts a user types. */
function probes(f: EntityField): unknown[] {
  const out: unknown[] = [null, '', true, false, [], {}, [1], { a: 1 }, 0, -1, 1, 1.5, -0.01, 1e21, 'abc', 'ABC', 'A-1', 'Y', 'N', 'x@y.z', 'x@', '2026-01-31', '2026-01-31 08:30', '2026-01-31T08:30:00', '31/01/2026', '08:30', '8:30', '😀', '<b>x</b>'];
  for (const n of [f.min, f.max]) if (n !== undefined) out.push(n, n - 1, n + 1, n - 0.5, n + 0.5);
  for (const n of [f.maxLength, f.minLength, 64, 255]) if (n !== undefined) for (const d of [-1, 0, 1]) if (n + d >= 0) out.push('a'.repeat(n + d), '😀'.repeat(n + d));
  return out;
}

describe('form validation without generated code', () => {
  it('the field schemas use only the keywords the browser checker reads', () => {
    const used = new Set<string>();
    for (const f of fields) for (const required of [true, false]) for (const k of Object.keys(fieldJsonSchema({ ...f, required }))) used.add(k);
    expect([...used].filter((k) => !(FIELD_SCHEMA_KEYWORDS as readonly string[]).includes(k))).toEqual([]);
  });

  it('gives ajv’s verdict and first failing keyword for every declared entity field, required and optional', () => {
    let compared = 0;
    const disagreements: string[] = [];
    for (const f of fields) {
      for (const required of [true, false]) {
        const schema = fieldJsonSchema({ ...f, required });
        const v = compile(schema);
        for (const value of probes(f)) {
          const expected = v(value) ? undefined : v.errors![0]!.keyword;
          const got = failedKeyword(schema, value);
          compared++;
          if (got !== expected) disagreements.push(`${f.name} (${f.type}${required ? ', required' : ''}) ${JSON.stringify(value)}: ajv ${expected}, checker ${got}`);
        }
      }
    }
    expect(disagreements.slice(0, 20)).toEqual([]);
    // Every entity file was read: a silent empty list would make the comparison prove nothing.
    expect(fields.length).toBeGreaterThan(500);
    expect(compared).toBeGreaterThan(20000);
  }, 60_000);
});
