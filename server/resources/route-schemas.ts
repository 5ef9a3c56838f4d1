import type { EntityDecl } from '../../renderer/schema/entity.ts';
import { filterMode } from './list-query.ts';

/**
 * The query string of a list call, for validation of the paging parameters and for the
 * OpenAPI document. Filter values are left untyped here: list-query.ts checks them per field,
 * and `in` filters may come as repeated parameters.
 */
export function listQuerySchema(e: EntityDecl, level: 'site' | 'tenant'): Record<string, unknown> {
  const props: Record<string, unknown> = {
    page: { type: 'integer', minimum: 0, description: 'Zero-based page number' },
    size: { type: 'integer', minimum: 1, description: 'Rows per page (default 10)' },
    sort: { type: 'array', items: { type: 'string', maxLength: 200 }, description: '`field,asc|desc`, repeated or comma-chained' },
    total: {
      type: 'string',
      enum: ['exact', 'estimate', 'only'],
      description: '`exact` (default) counts the matching rows; `estimate` answers the planner’s estimate (`totalEstimated: true`) when counting would be costly; `only` answers the exact totals without rows',
    },
    cursor: { type: 'string', maxLength: 2000, description: 'The `nextCursor` of the previous page: this page starts after it (keyset paging; `page` then only numbers the answer)' },
  };
  if (level === 'site' && e.tenantScoped && !e.tenantField) props.tenantId = { type: 'integer', description: 'Only rows of this tenant' };
  for (const name of ['creationDate', 'lastUpdateDate']) {
    props[`${name}From`] = { type: 'string' };
    props[`${name}To`] = { type: 'string' };
  }
  for (const f of e.fields) {
    if (f.private) continue;
    const mode = filterMode(f);
    if (mode === 'none') continue;
    props[f.name] = { description: `${mode} filter` };
    if (mode === 'range' || f.type === 'date' || f.type === 'datetime') {
      props[`${f.name}From`] = { type: 'string' };
      props[`${f.name}To`] = { type: 'string' };
    }
  }
  return { type: 'object', properties: props };
}
