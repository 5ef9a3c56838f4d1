import { answerPattern } from '../../renderer/schema/decimal.ts';
import type { EntityDecl, EntityField } from '../../renderer/schema/entity.ts';
import { fieldJsonSchema, writableFields } from '../../renderer/schema/field-json-schema.ts';
import { decimalOf, FIELD_TYPES } from '../../renderer/schema/types/field-types.ts';

// One definition of a field's JSON Schema serves the server's request validation and the browser's forms.
export { fieldJsonSchema, writableFields };

/** Body schema for create (required fields enforced) or update (partial, version required). */
export function bodySchema(e: EntityDecl, mode: 'create' | 'update', level: 'site' | 'tenant' = 'site'): Record<string, unknown> {
  const props: Record<string, unknown> = {};
  for (const f of writableFields(e, level)) props[f.name] = fieldJsonSchema(f);
  props.objectVersionNumber = { type: 'integer' };
  props[e.primaryKey] = { type: ['integer', 'string', 'null'] };
  if (e.tenantScoped && !e.tenantField) props.tenantId = { type: ['integer', 'null'] };
  const required =
    mode === 'create'
      ? writableFields(e, level)
          // A field the server fills (a number, `fill`) is required of the record, not of the body.
          .filter((f) => f.required && f.default === undefined && !f.fill && !(e.numbering?.field === f.name))
          .map((f) => f.name)
      : ['objectVersionNumber'];
  return { type: 'object', properties: props, required };
}

/** One field as a row answers it (server/resources/rows.ts): decimal text for fixed-point columns, else its JSON type. */
function answerSchema(f: EntityField): Record<string, unknown> {
  const d = decimalOf(f);
  if (d) return { type: ['string', 'null'], pattern: answerPattern(d), description: `Decimal text with ${d.scale} decimals (numeric(${d.precision},${d.scale})); requests may send a JSON number or this text` };
  const sel = FIELD_TYPES[f.type].select.as;
  if (sel === 'number' || sel === 'decimal') return { type: [f.type === 'number' ? 'number' : 'integer', 'null'] };
  if (f.type === 'json') return {};
  return { type: ['string', 'null'] };
}

/**
 * A record as the generic routes answer it, for the OpenAPI document (the answer itself is not
 * serialized through it: meanings and other extras pass as they are).
 */
export function rowSchema(e: EntityDecl): Record<string, unknown> {
  const props: Record<string, unknown> = {};
  for (const f of e.fields) if (!f.private) props[f.name] = answerSchema(f);
  props[e.primaryKey] ??= { type: 'integer' };
  props.objectVersionNumber = { type: 'integer' };
  return { type: 'object', properties: props, additionalProperties: true };
}

/** A page of records (renderer/schema/wire/page.ts). */
export function pageSchema(e: EntityDecl): Record<string, unknown> {
  const int = { type: 'integer' };
  return {
    type: 'object',
    properties: { content: { type: 'array', items: rowSchema(e) }, number: int, size: int, totalElements: int, totalPages: int, numberOfElements: int, nextCursor: { type: 'string' }, totalEstimated: { type: 'boolean' } },
    additionalProperties: true,
  };
}
