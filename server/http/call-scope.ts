import type { FastifyRequest } from 'fastify';
import { requireAuth } from '../auth/authenticate.ts';
import { resolveScope, type Scope } from '../resources/scope.ts';

/**
 * The scope of a platform call offered at both `/v1/...` and `/v1/{tenantId}/...`. The tenant
 * path is checked against the caller's tenants. The site path is what the original front end
 * calls in site mode, but tenant users reach it too (a shared component may not know the mode):
 * a site-level role then spans every tenant, anyone else stays in the current tenant.
 */
export function platformScope(req: FastifyRequest): Scope {
  if ((req.params as Record<string, unknown>).tenantId !== undefined) return resolveScope(req, 'tenant');
  const auth = requireAuth(req);
  return { auth, tenantId: auth.roleLevel === 'site' ? null : auth.tenantId };
}

/** One concrete tenant for a call that writes or merges data: the scope's, or the caller's current one. */
export const scopeTenant = (scope: Scope): number => scope.tenantId ?? scope.auth.tenantId;
