import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, startE2E } from './browser.ts';

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
}, 240_000);
afterAll(() => e?.close());

describe('interfaces: a defined REST interface called from the screen is logged', () => {
  it('calls an interface of a loopback server from its server row and finds the call in the interface logs', { timeout: 180_000 }, async () => {
    const code = `LOOP${Date.now() % 100000}`;
    const token = await e.token('admin');
    const call = (method: 'POST' | 'PUT', url: string, payload: Record<string, unknown>) => e.app.inject({ method, url, payload, headers: { authorization: `bearer ${token}` } });
    // The loopback endpoint is this very server's health check.
    await e.app.inject({ method: 'PUT', url: '/iam/v1/users/tenant-id?tenantId=1', headers: { authorization: `bearer ${token}` } });
    const server = await call('POST', '/hitf/v1/1/interface-servers', { serverCode: code, serverName: 'Loopback', serviceType: 'REST', domainUrl: e.baseUrl, authType: 'NONE' });
    expect(server.statusCode, server.body).toBe(200);
    const iface = await call('POST', '/hitf/v1/1/interfaces', { interfaceServerId: server.json().interfaceServerId, interfaceCode: 'HEALTH', interfaceName: '健康检查', interfaceUrl: '/health', requestMethod: 'GET' });
    expect(iface.statusCode, iface.body).toBe(200);

    const page = await e.adminIn(1, '/hitf/services');
    const list = page.locator('[data-screen="/hitf/services"]');
    const row = list.locator('[role="row"][data-row-key]', { hasText: code });
    await row.waitFor();
    await row.getByRole('button', { name: '接口', exact: true }).click();
    const dialog = page.getByTestId('action-modal');
    const line = dialog.locator('[role="row"][data-row-key]', { hasText: 'HEALTH' });
    await line.waitFor();
    await line.getByRole('button', { name: '调用', exact: true }).click();
    await page.getByText('已调用，结果见接口日志').first().waitFor();

    await page.evaluate(() => {
      history.pushState({}, '', '/hitf/interface-logs/list');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    const logs = page.locator('[data-screen="/hitf/interface-logs/list"]');
    const logRow = logs.locator('[role="row"][data-row-key]', { hasText: code });
    await logRow.waitFor();
    const text = (await logRow.textContent()) ?? '';
    expect(text).toContain('200');
    expect(text).toContain('成功');
    expect(text).toContain(`${e.baseUrl}/health`);
    await page.context().close();
  });
});
