import type { EntityDecl } from '../../renderer/schema/entity.ts';
import { fieldJsonSchema, writableFields } from '../../renderer/schema/field-json-schema.ts';

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
          .filter((f) => f.required && f.default === undefined && !(e.numbering?.field === f.name))
          .map((f) => f.name)
      : ['objectVersionNumber'];
  return { type: 'object', properties: props, required };
}
