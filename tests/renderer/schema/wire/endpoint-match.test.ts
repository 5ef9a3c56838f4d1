import { describe, expect, it } from 'vitest';
import { type CatalogueEndpoint, indexCatalogue, matchCall, pathVariants } from '../../../../renderer/schema/wire/endpoint-match.ts';

const ep = (m: string, p: string, extra: Partial<CatalogueEndpoint> = {}): CatalogueEndpoint => ({ m, p, req: [], opt: [], body: false, ...extra });
const index = indexCatalogue([
  ep('GET', '/iam/hzero/v1/{organizationId}/users/paging'),
  ep('GET', '/iam/hzero/v1/{organizationId}/users', { req: ['condition'] }),
  ep('PUT', '/iam/hzero/v1/{organizationId}/users', { body: true }),
  ep('GET', '/iam/hzero/v1/users/{userId}/info'),
  ep('GET', '/hpfm/v1/{organizationId}/prompt/{lang}', { req: ['promptKey'] }),
]);

describe('matching a call against the endpoint catalogue', () => {
  it('matches paths up to parameter names, and a literal segment only a literal', () => {
    expect(matchCall({ method: 'GET', url: '/iam/hzero/v1/{tenantId}/users/paging', params: ['page'] }, index).kind).toBe('match');
    expect(matchCall({ method: 'GET', url: '/iam/hzero/v1/users/{id}/info', params: [] }, index).kind).toBe('match');
    expect(matchCall({ method: 'GET', url: '/iam/hzero/v1/users/self/info', params: [] }, index).kind).toBe('none');
  });

  it('names a missing required parameter, a missing body and another method', () => {
    expect(matchCall({ method: 'GET', url: '/hpfm/v1/{tenantId}/prompt/{lang}', params: [] }, index)).toMatchObject({ kind: 'shape', problems: ['required promptKey not sent'] });
    expect(matchCall({ method: 'GET', url: '/hpfm/v1/{tenantId}/prompt/{lang}', params: ['promptKey'] }, index).kind).toBe('match');
    expect(matchCall({ method: 'PUT', url: '/iam/hzero/v1/{tenantId}/users', params: [] }, index)).toMatchObject({ kind: 'shape', problems: ['takes a body, none sent'] });
    expect(matchCall({ method: 'DELETE', url: '/iam/hzero/v1/{tenantId}/users', params: [] }, index)).toEqual({ kind: 'method', methods: ['GET', 'PUT'] });
  });

  it('spells the optional tenant segment out both ways', () => {
    expect(pathVariants('/hpfm/v1/[{tenantId}/]lovs/value')).toEqual(['/hpfm/v1/lovs/value', '/hpfm/v1/{tenantId}/lovs/value']);
  });
});
