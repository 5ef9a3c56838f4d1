import type { EntityDecl } from '../schema/entity.ts';
import type { Endpoint } from '../schema/screen.ts';
import { conventionOf } from '../schema/wire/rest-convention.ts';

/**
 * The entity's REST base as a template: its tenant path in tenant mode, its site path for a
 * site role, with the tenant segment written the spec's way (`[{tenantId}/]`).
 */
export function entityBase(e: EntityDecl, siteMode: boolean): string {
  if (siteMode && e.paths.site) return e.paths.site;
  if (e.paths.tenant) return e.paths.tenant;
  return e.paths.site ?? '';
}

export function listEndpoint(e: EntityDecl, siteMode: boolean, given?: Endpoint): Endpoint {
  return given ?? { method: 'GET', url: entityBase(e, siteMode) };
}

export function getEndpoint(e: EntityDecl, siteMode: boolean, given?: Endpoint): Endpoint {
  return given ?? { method: 'GET', url: conventionOf(e).item(entityBase(e, siteMode), e) };
}

export function createEndpoint(e: EntityDecl, siteMode: boolean, given?: Endpoint): Endpoint {
  return given ?? { method: 'POST', url: entityBase(e, siteMode) };
}

export function updateEndpoint(e: EntityDecl, siteMode: boolean, given?: Endpoint): Endpoint {
  return given ?? { method: 'PUT', url: conventionOf(e).item(entityBase(e, siteMode), e) };
}
