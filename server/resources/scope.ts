import type { FastifyRequest } from 'fastify';
import type { EntityDecl } from '../../renderer/schema/entity.ts';
import { requireAuth } from '../auth/authenticate.ts';
import type { AuthContext } from '../context.ts';
import { badRequest, forbidden } from '../http/errors.ts';
import { tenantColumn } from './ddl.ts';
import { columnOf, ident } from './naming.ts';

export type Level = 'site' | 'tenant';

export interface Scope {
  auth: AuthContext;
  /** The tenant every row of this request belongs to, or null for a site-level call. */
  tenantId: number | null;
}

/**
 * Security by construction: a site path needs a site-level role; a tenant path needs the
 * tenant in the path to be one of the caller's tenants. Every query then filters by it.
 */
export function resolveScope(req: FastifyRequest, level: Level): Scope {
  const auth = requireAuth(req);
  if (level === 'site') {
    if (auth.roleLevel !== 'site') throw forbidden('This call needs a platform-level role');
    return { auth, tenantId: null };
  }
  const tenantId = Number((req.params as Record<string, string>).tenantId);
  if (!Number.isInteger(tenantId) || !auth.tenantIds.includes(tenantId)) throw forbidden(`No access to tenant ${String((req.params as Record<string, string>).tenantId)}`);
  return { auth, tenantId };
}

/**
 * The tenant condition of a scope, appended to every query of a tenant-scoped entity, plus the
 * owner condition of an entity declaring `ownerField`: nobody reaches another user's own rows.
 */
export function tenantWhere(e: EntityDecl, scope: Scope, params: unknown[], q: Record<string, unknown> = {}): string[] {
  const where = tenantOnlyWhere(e, scope, params, q);
  if (e.ownerField) {
    params.push(scope.auth.userId);
    where.push(`t.${ident(columnOf(e.ownerField))} = $${params.length}`);
  }
  return where;
}

function tenantOnlyWhere(e: EntityDecl, scope: Scope, params: unknown[], q: Record<string, unknown> = {}): string[] {
  const col = tenantColumn(e);
  if (!col) return [];
  if (scope.tenantId !== null) {
    params.push(scope.tenantId);
    return [`t.${ident(col)} = $${params.length}`];
  }
  const requested = q.tenantId;
  if (requested !== undefined && requested !== '' && !e.tenantField) {
    if (!/^\d{1,15}$/.test(String(requested))) throw badRequest('tenantId must be an integer');
    params.push(Number(requested));
    return [`t.tenant_id = $${params.length}`];
  }
  return [];
}

/**
 * The supplier condition of a supplier-side caller (`auth.supplierIds`): rows of an entity with a
 * `supplierField` only for the caller's suppliers, and lines (`parent`) only under such rows.
 * Other callers, and entities with no supplier, get no condition.
 */
export function supplierWhere(e: EntityDecl, entities: ReadonlyMap<string, EntityDecl>, scope: Scope, params: unknown[]): string[] {
  const ids = scope.auth.supplierIds;
  if (!ids) return [];
  /** The supplier (and, where declared, status) condition of document `d` read under `alias`. */
  const own = (d: EntityDecl, alias: string): string => {
    params.push(ids);
    let sql = `${alias}.${ident(columnOf(d.supplierField!))} = any($${params.length}::bigint[])`;
    if (d.supplierStatuses && d.status) {
      params.push(d.supplierStatuses);
      const seen = d.supplierSeenField ? ` or ${alias}.${ident(columnOf(d.supplierSeenField))} is not null` : '';
      sql += ` and (${alias}.${ident(columnOf(d.status.field))} = any($${params.length}::text[])${seen})`;
    }
    return sql;
  };
  if (e.supplierField) return [own(e, 't')];
  const parent = e.parent && entities.get(e.parent.entity);
  if (parent?.supplierField)
    return [`exists (select 1 from ${ident(parent.table)} sp where sp.${ident(columnOf(parent.primaryKey))} = t.${ident(columnOf(e.parent!.field))} and ${own(parent, 'sp')})`];
  return [];
}
