import type { EntityDecl } from '../../renderer/schema/entity.ts';
import { badRequest } from '../http/errors.ts';

type Row = Record<string, unknown>;

/** Path parameters every generic route understands on its own: not fields of the rows. */
const ROUTE_PARAMS = new Set(['tenantId', 'id', 'action']);

/**
 * The field values a generic route's path carries besides the tenant and the key: the parent's
 * key of a resource filed under its parent (`/lov-headers/{lovId}/values`). A list is filtered by
 * them and a written row takes them, so the path cannot say one parent and the body another.
 */
export function pathValues(e: EntityDecl, params: unknown): Row {
  const out: Row = {};
  for (const [name, raw] of Object.entries((params ?? {}) as Row)) {
    if (ROUTE_PARAMS.has(name)) continue;
    const field = e.fields.find((f) => f.name === name);
    if (!field) continue;
    if (field.type === 'integer') {
      const n = Number(raw);
      if (!Number.isSafeInteger(n)) throw badRequest(`${name} must be an integer`);
      out[name] = n;
    } else out[name] = raw;
  }
  return out;
}

/** The row as the path says: its parent key from the path, a differing one in the body refused. */
export function withPathValues(row: Row, values: Row): Row {
  for (const [name, v] of Object.entries(values))
    if (row[name] !== undefined && row[name] !== null && row[name] !== '' && String(row[name]) !== String(v)) throw badRequest(`${name} ${String(row[name])} differs from the path's ${String(v)}`);
  return { ...row, ...values };
}
