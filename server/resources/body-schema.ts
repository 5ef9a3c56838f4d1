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
    // '' clears the value; a date may carry a time part the column drops. Anything else would reach the database.
    case 'date':
      return nullable({ type: 'string', pattern: '^$|^\\d{4}-\\d{2}-\\d{2}' });
    case 'datetime':
      return nullable({ type: 'string', pattern: '^$|^\\d{4}-\\d{2}-\\d{2}([ T]\\d{2}:\\d{2}(:\\d{2})?)?' });
    case 'time':
      return nullable({ type: 'string', pattern: '^(\\d{2}:\\d{2}(:\\d{2})?)?$' });
    case 'json':
      return {};
    default: {
      const s: Record<string, unknown> = { type: 'string' };
      // The column's own width (see ddl.ts), so an over-long value is a 400 naming the field.
      const width = f.maxLength ?? (f.type === 'string' ? 255 : f.type === 'attachment' ? 64 : undefined);
      if (width) s.maxLength = width;
      if (f.required && f.minLength) s.minLength = f.minLength;
      else if (f.required) s.minLength = 1;
      if (f.pattern && f.required) s.pattern = f.pattern;
      if (f.format === 'email') s.pattern = '^$|^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$';
      return nullable(s);
    }
  }
}

/** Fields a client may write: not private, not server-set, not the key; on tenant paths not the site-only ones. */
export function writableFields(e: EntityDecl, level: 'site' | 'tenant' = 'site'): EntityField[] {
  return e.fields.filter((f) => !f.private && !f.readOnly && f.name !== e.primaryKey && !(level === 'tenant' && f.siteOnly));
}

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
