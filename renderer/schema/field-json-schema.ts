import type { EntityDecl, EntityField } from './entity.ts';
import { FIELD_TYPES } from './types/field-types.ts';

/**
 * JSON Schema of one entity field: the same facts validate request bodies on the server and
 * forms in the browser, so the two never disagree.
 */
export function fieldJsonSchema(f: EntityField): Record<string, unknown> {
  const s: Record<string, unknown> = FIELD_TYPES[f.type].json(f);
  if (f.required || s.type === undefined) return s;
  const enumOf = s.enum as unknown[] | undefined;
  // An optional value may be null; an optional string enum may also be cleared with ''.
  if (enumOf) return { ...s, type: [s.type as string, 'null'], enum: [...enumOf, ...(s.type === 'string' ? [''] : []), null] };
  // A decimal already takes two types (a number or its text).
  return { ...s, type: [...[s.type as string | string[]].flat(), 'null'] };
}

/** Fields a client may write: not private, not server-set, not the key; on tenant paths not the site-only ones. */
export function writableFields(e: EntityDecl, level: 'site' | 'tenant' = 'site'): EntityField[] {
  return e.fields.filter((f) => !f.private && !f.readOnly && f.name !== e.primaryKey && !(level === 'tenant' && f.siteOnly));
}
