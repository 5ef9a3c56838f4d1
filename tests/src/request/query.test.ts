import { describe, expect, it } from 'vitest';
import { cleanQuery, pagingParams, readPage, serializeParams } from '../../../src/request/query.ts';
import { fillUrl } from '../../../renderer/data/url-template.ts';

describe('query cleaner (§5)', () => {
  it('drops empty, null, undefined values and empty arrays', () => {
    expect(cleanQuery({ a: '', b: null, c: undefined, d: [], e: 0, f: 'x', g: [1], h: false })).toEqual({ e: 0, f: 'x', g: [1], h: false });
  });
});

describe('paging (§7.1)', () => {
  it('sends zero-based page, size and sort=field,asc|desc', () => {
    expect(pagingParams({ current: 3, pageSize: 20, sort: { field: 'loginName', order: 'desc' } })).toEqual({ page: 2, size: 20, sort: ['loginName,desc'] });
    expect(pagingParams()).toEqual({ page: 0, size: 10 });
    expect(serializeParams({ page: 0, sort: ['a,asc', 'b,desc'] })).toBe('page=0&sort=a%2Casc&sort=b%2Cdesc');
  });

  it('reads number or start, size, and totalElements or total', () => {
    expect(readPage({ content: [1, 2], number: 1, size: 2, totalElements: 9 })).toEqual({ rows: [1, 2], current: 2, pageSize: 2, total: 9 });
    expect(readPage({ content: [1], start: 0, size: 10, total: 1 })).toEqual({ rows: [1], current: 1, pageSize: 10, total: 1 });
  });
});

describe('tenant-aware paths (§7.3)', () => {
  it('inserts the tenant in tenant mode and omits it in site mode', () => {
    expect(fillUrl('/iam/hzero/v1/[{tenantId}/]users', { tenantId: 7 })).toBe('/iam/hzero/v1/7/users');
    expect(fillUrl('/iam/hzero/v1/[{tenantId}/]users', { tenantId: 7 }, { siteMode: true })).toBe('/iam/hzero/v1/users');
    expect(fillUrl('/hpfm/v1/{organizationId}/lovs/data', { tenantId: 3 })).toBe('/hpfm/v1/3/lovs/data');
    expect(() => fillUrl('/x/{rfxId}', {})).toThrow(/needs \{rfxId\}/);
  });
});
