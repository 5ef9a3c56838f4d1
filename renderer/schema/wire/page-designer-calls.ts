import { call, type PlatformCall } from './platform-calls.ts';

/**
 * The page designer's calls (src/custom/ui-page/page-api.ts), apart from platform-calls.ts since
 * they load only with the designer's chunk. `[{tenantId}/]`: the site's pages for a site role's
 * designer, a tenant's otherwise. HZERO 1.5 has no such service (docs/hzero-compat.md).
 */
export const pageDesignerCalls = {
  preview: call('GET', '/hpfm/v1/[{tenantId}/]ui-pages/preview/{pageCode}'),
  get: call('GET', '/hpfm/v1/[{tenantId}/]ui-pages/{pageCode}'),
  save: call('PUT', '/hpfm/v1/[{tenantId}/]ui-pages/detail', { body: 'json' }),
  check: call('POST', '/hpfm/v1/[{tenantId}/]ui-pages/check', { body: 'json' }),
  publish: call('POST', '/hpfm/v1/[{tenantId}/]ui-pages/{pageCode}/publish'),
  unpublish: call('POST', '/hpfm/v1/[{tenantId}/]ui-pages/{pageCode}/unpublish'),
  history: call('GET', '/hpfm/v1/[{tenantId}/]ui-pages/{pageCode}/history'),
  version: call('GET', '/hpfm/v1/[{tenantId}/]ui-pages/{pageCode}/history/{versionNumber}'),
  rollback: call('POST', '/hpfm/v1/[{tenantId}/]ui-pages/{pageCode}/rollback', { body: 'json' }),
} as const satisfies Record<string, PlatformCall>;
