import type { EntityDecl } from '../schema/entity.ts';

/**
 * The entity's REST base as a template: its tenant path in tenant mode, its site path for a
 * site role, with the tenant segment written the spec's way (`[{tenantId}/]`).
 */
export function entityBase(e: EntityDecl, siteMode: boolean): string {
  if (siteMode && e.paths.site) return e.paths.site;
  if (e.paths.tenant) return e.paths.tenant;
  return e.paths.site ?? '';
}
