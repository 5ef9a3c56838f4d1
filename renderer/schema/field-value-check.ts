/**
 * Checks one value against the JSON Schema `fieldJsonSchema` makes for an entity field, by reading
 * the schema, never by generating code: the page's Content-Security-Policy has no 'unsafe-eval',
 * and ajv (which the server keeps) compiles every schema with `new Function`. Only the keywords
 * the field-type table emits are understood; `tests/renderer/schema/field-value-check.test.ts`
 * runs every declared entity field through this and through ajv and requires the same verdicts,
 * so a keyword added to the table without being added here fails there, not in a user's form.
 * The server validates the same schema with ajv on save, so a value this lets through is still
 * refused there, naming the field.
 */

/** The keywords `FIELD_TYPES[…].json` and `fieldJsonSchema` produce. */
export const FIELD_SCHEMA_KEYWORDS = ['type', 'enum', 'minLength', 'maxLength', 'pattern', 'minimum', 'maximum'] as const;

export type FieldSchemaKeyword = (typeof FIELD_SCHEMA_KEYWORDS)[number];

const patterns = new Map<string, RegExp>();

// ajv's default (`unicodeRegExp: true`) compiles patterns with the u flag; the same here, so a
// pattern means the same in the browser as on the server.
function regexp(source: string): RegExp {
  let r = patterns.get(source);
  if (!r) patterns.set(source, (r = new RegExp(source, 'u')));
  return r;
}

function typeOk(t: string, v: unknown): boolean {
  switch (t) {
    case 'null':
      return v === null;
    case 'string':
      return typeof v === 'string';
    case 'boolean':
      return typeof v === 'boolean';
    case 'number':
      return typeof v === 'number' && Number.isFinite(v);
    case 'integer':
      return typeof v === 'number' && Number.isInteger(v);
    case 'array':
      return Array.isArray(v);
    case 'object':
      return typeof v === 'object' && v !== null && !Array.isArray(v);
    default:
      return false;
  }
}

// JSON equality for enum members (they are scalars in the field table, but a json field may be anything).
function same(a: unknown, b: unknown): boolean {
  return a === b || (typeof a === 'object' && a !== null && typeof b === 'object' && b !== null && JSON.stringify(a) === JSON.stringify(b));
}

/** Length in code points, as JSON Schema (and ajv) count it: an emoji is one character, not two. */
function length(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

/**
 * The first keyword `value` fails, in the order ajv reports them (type, enum, then the number or
 * string keywords), or undefined when it passes.
 */
export function failedKeyword(schema: Record<string, unknown>, value: unknown): FieldSchemaKeyword | undefined {
  const t = schema.type;
  if (t !== undefined) {
    const types = Array.isArray(t) ? (t as string[]) : [t as string];
    if (!types.some((x) => typeOk(x, value))) return 'type';
  }
  const enumOf = schema.enum as unknown[] | undefined;
  if (enumOf && !enumOf.some((m) => same(m, value))) return 'enum';
  if (typeof value === 'number') {
    if (typeof schema.maximum === 'number' && value > schema.maximum) return 'maximum';
    if (typeof schema.minimum === 'number' && value < schema.minimum) return 'minimum';
  }
  if (typeof value === 'string') {
    if (typeof schema.maxLength === 'number' && length(value) > schema.maxLength) return 'maxLength';
    if (typeof schema.minLength === 'number' && length(value) < schema.minLength) return 'minLength';
    if (typeof schema.pattern === 'string' && !regexp(schema.pattern).test(value)) return 'pattern';
  }
  return undefined;
}
