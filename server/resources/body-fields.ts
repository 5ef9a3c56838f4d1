import type { EntityDecl } from '../../renderer/schema/entity.ts';
import { badRequest } from '../http/errors.ts';
import { writableFields } from './body-schema.ts';

type Row = Record<string, unknown>;

/**
 * A generic write must name at least one field of its entity. Request validation drops unknown
 * properties silently, so without this a body of nothing but unknown keys (a typo, a wrong form, a
 * probe) would create an empty row or bump a version. An entity whose fields are all written by the
 * server (files, sent messages) takes no generic write at all.
 */
export function checkBodyFields(e: EntityDecl, level: 'site' | 'tenant', row: Row): void {
  const writable = writableFields(e, level);
  if (!writable.length) throw Object.assign(badRequest(`body: no field of ${e.name} can be written through this call; the server records them`), { field: 'body' });
  const keys = Object.keys(row);
  if (!keys.length) return;
  const known = new Set([...e.fields.map((f) => f.name), e.primaryKey, 'objectVersionNumber', 'tenantId', '_status', '_token']);
  if (keys.some((k) => known.has(k))) return;
  const first = keys[0]!.slice(0, 60);
  throw Object.assign(badRequest(`body.${first} is not a field of ${e.name}, and the body names none of its fields`), { field: first });
}
