import type { EntityDecl, EntityField } from '../../renderer/schema/entity.ts';

/** JSON Schema of one field as the server accepts it; the same facts drive the UI's validation. */
export function fieldJsonSchema(f: EntityField): Record<string, unknown> {
  const nullable = (s: Record<string, unknown>) => (f.required ? s : { ...s, type: [s.type as string, 'null'] });
  switch (f.type) {
    case 'integer':
      return nullable({ type: 'integer', ...(f.min !== undefined && { minimum: f.min }), ...(f.max !== undefined && { maximum: f.max }) });
    case 'number':
    case 'money':
    case 'percent':
      return nullable({ type: 'number', ...(f.min !== undefined && { minimum: f.min }), ...(f.max !== undefined && { maximum: f.max }) });
    case 'flag':
      return f.required ? { type: 'integer', enum: [0, 1] } : { type: ['integer', 'null'], enum: [0, 1, null] };
    case 'yn':
      return f.required ? { type: 'string', enum: ['Y', 'N'] } : { type: ['string', 'null'], enum: ['Y', 'N', '', null] };
    case 'date':
      return nullable({ type: 'string', pattern: '^(\\d{4}-\\d{2}-\\d{2})?' });
    case 'datetime':
      return nullable({ type: 'string', pattern: '^(\\d{4}-\\d{2}-\\d{2}[ T]\\d{2}:\\d{2}(:\\d{2})?)?' });
    case 'time':
      return nullable({ type: 'string', pattern: '^(\\d{2}:\\d{2}(:\\d{2})?)?$' });
    case 'json':
      return {};
    default: {
      const s: Record<string, unknown> = { type: 'string' };
      if (f.maxLength) s.maxLength = f.maxLength;
      if (f.required && f.minLength) s.minLength = f.minLength;
      else if (f.required) s.minLength = 1;
      if (f.pattern && f.required) s.pattern = f.pattern;
      if (f.format === 'email') s.pattern = '^$|^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$';
      return nullable(s);
    }
  }
}

/** Fields a client may write: not private, not server-set, not the key. */
export function writableFields(e: EntityDecl): EntityField[] {
  return e.fields.filter((f) => !f.private && !f.readOnly && f.name !== e.primaryKey);
}

/** Body schema for create (required fields enforced) or update (partial, version required). */
export function bodySchema(e: EntityDecl, mode: 'create' | 'update'): Record<string, unknown> {
  const props: Record<string, unknown> = {};
  for (const f of writableFields(e)) props[f.name] = fieldJsonSchema(f);
  props.objectVersionNumber = { type: 'integer' };
  props[e.primaryKey] = { type: ['integer', 'string', 'null'] };
  if (e.tenantScoped && !e.tenantField) props.tenantId = { type: ['integer', 'null'] };
  const required =
    mode === 'create'
      ? writableFields(e)
          .filter((f) => f.required && f.default === undefined && !(e.numbering?.field === f.name))
          .map((f) => f.name)
      : ['objectVersionNumber'];
  return { type: 'object', properties: props, required };
}
