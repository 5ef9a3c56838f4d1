import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

describe('platform and tenant audit logs', () => {
  it('records who changed what, shown to the platform and to the tenant', async () => {
    const created = (await s.call({ method: 'POST', url: '/hpfm/v1/1/config', payload: { configCode: 'AUDIT_PROBE', category: 'BASIC', configValue: 'a' }, as: 'sysadmin' })).json();
    await s.call({ method: 'PUT', url: `/hpfm/v1/1/config/${created.configId}`, payload: { objectVersionNumber: created.objectVersionNumber, configValue: 'b' }, as: 'sysadmin' });
    const tenantLog = (await s.call({ url: '/hpfm/v1/1/audit-logs?entityName=systemConfig&size=5', as: 'sysadmin' })).json();
    expect(tenantLog.content[0]).toMatchObject({ entityName: 'systemConfig', recordId: created.configId, action: 'UPDATE', loginName: 'sysadmin', changes: { configValue: 'b' } });
    expect(tenantLog.content[1]).toMatchObject({ action: 'CREATE', actionMeaning: expect.any(String) });
    const site = (await s.call({ url: '/hpfm/v1/audit-logs?size=200', as: 'admin' })).json();
    expect(new Set(site.content.map((r: { tenantId: number }) => r.tenantId)).size).toBeGreaterThan(1);
    expect(site.totalElements).toBeGreaterThanOrEqual(25);
    // Another tenant sees none of it, and roles without the log menus see nothing.
    expect((await s.call({ url: '/hpfm/v1/1/audit-logs', as: 'admin2' })).statusCode).toBe(403);
    expect((await s.call({ url: '/hpfm/v1/1/audit-logs', as: 'buyer' })).statusCode).toBe(403);
    expect((await s.call({ method: 'POST', url: '/hpfm/v1/1/audit-logs', payload: { entityName: 'x' }, as: 'sysadmin' })).statusCode).toBe(403);
  });
});
