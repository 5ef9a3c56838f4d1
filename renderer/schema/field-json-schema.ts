import type { EntityDecl, EntityField } from './entity.ts';

/**
 * JSON Schema of one entity field: the same facts validate request bodies on the server and
 * forms in the browser, so the two never disagree.
 */
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
      // The column's own width (see server/resources/ddl.ts), so an over-long value is refused naming the field.
      const width = f.maxLength ?? (f.type === 'string' ? 255 : f.type === 'attachment' ? 64 : undefined);
      if (width) s.maxLength = width;
      if (f.required) s.minLength = f.minLength ?? 1;
      if (f.pattern) s.pattern = f.required ? f.pattern : `^$|${f.pattern}`;
      if (f.format === 'email') s.pattern = '^$|^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$';
      return nullable(s);
    }
  }
}

/** Fields a client may write: not private, not server-set, not the key; on tenant paths not the site-only ones. */
export function writableFields(e: EntityDecl, level: 'site' | 'tenant' = 'site'): EntityField[] {
  return e.fields.filter((f) => !f.private && !f.readOnly && f.name !== e.primaryKey && !(level === 'tenant' && f.siteOnly));
}
