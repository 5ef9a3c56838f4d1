import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, startE2E } from './browser.ts';

let e: E2E;
let remote: Server;
let port = 0;
// A loopback stand-in for the ERP: refuses until the test "fixes" it.
let fixed = false;
beforeAll(async () => {
  e = await startE2E();
  remote = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (fixed) res.writeHead(200, { 'content-type': 'application/json' }).end('{"accepted":true}');
      else res.writeHead(503, { 'content-type': 'text/plain' }).end('ERP maintenance');
    });
  });
  await new Promise<void>((r) => remote.listen(0, '127.0.0.1', r));
  port = (remote.address() as { port: number }).port;
}, 240_000);
afterAll(async () => {
  remote?.close();
  await e?.close();
});

const go = (page: import('playwright-core').Page, path: string) =>
  page.evaluate((p) => {
    history.pushState({}, '', p);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);

describe('interface platform: a failed batch is re-run once the endpoint works, and monitoring tells the tenant administrator', () => {
  it('runs an interface against a failing loopback endpoint, re-runs the failed batch after the fix, and the rule’s message arrives', { timeout: 240_000 }, async () => {
    const code = `LOOP_${Date.now() % 1000000}`;
    const admin = await e.token('admin');
    const api = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>, token = admin) => e.app.inject({ method, url, payload, headers: { authorization: `bearer ${token}` } });
    const sysadmin = (await api('GET', '/iam/hzero/v1/users/self', undefined, await e.token('sysadmin'))).json();
    const def = await api('POST', '/sifc/v1/1/interfaces', { externalSystemId: 1, interfaceCode: code, interfaceName: '订单推送（回环）', interfaceUrl: `http://127.0.0.1:${port}/po`, requestMethod: 'POST', requestBody: '{"poNum":"PO-E2E"}' });
    expect(def.statusCode, def.body).toBe(200);
    const rule = await api('POST', '/sitf/v1/1/monitor-systems', { interfaceDefId: def.json().interfaceDefId, failureThreshold: 1, receiverUserId: sysadmin.id, enabledFlag: 1 });
    expect(rule.statusCode, rule.body).toBe(200);

    // The administrator calls the interface from its definition: the ERP refuses, the batch fails.
    const page = await e.adminIn(1, '/sitf/interface-def');
    const defs = page.locator('[data-screen="/sitf/interface-def"]');
    const defRow = defs.locator('[role="row"][data-row-key]', { hasText: code });
    await defRow.waitFor();
    await defRow.getByRole('button', { name: '立即调用', exact: true }).click();
    await page.getByText('已调用，批次见接口查询').first().waitFor();

    await go(page, '/sitf/interface-search');
    const search = page.locator('[data-screen="/sitf/interface-search"]');
    const batch = search.locator('[role="row"][data-row-key]', { hasText: code });
    await batch.waitFor();
    expect(await batch.textContent()).toContain('失败');
    expect(await batch.textContent()).toContain('503');

    // The ERP is back; re-running the failed batch calls it again and the batch shows succeeded.
    fixed = true;
    await batch.getByRole('button', { name: '重新执行', exact: true }).click();
    await expect.poll(async () => (await batch.textContent()) ?? '', { timeout: 30_000 }).toContain('成功');
    expect(await batch.textContent()).toContain('200');
    await expect.poll(async () => batch.getByRole('button', { name: '重新执行', exact: true }).count()).toBe(0);

    // The rule (one failure) sent the tenant administrator a message: it is in their inbox.
    const inbox = await e.signIn('sysadmin', '/hmsg/user-message/list');
    const list = inbox.locator('[data-screen="/hmsg/user-message/list"]');
    await list.locator('[role="row"][data-row-key]', { hasText: code }).first().waitFor({ timeout: 20_000 });
    await inbox.context().close();
    await page.context().close();
  });
});

describe('service governance: the topology screen draws the dependency graph', () => {
  it('shows the services of SRM 1.1.0 as graph nodes with their health', { timeout: 180_000 }, async () => {
    const page = await e.adminIn(1, '/hsgp/product-service/list');
    await page.locator('[data-screen="/hsgp/product-service/list"] [role="row"][data-row-key]').first().waitFor();
    await go(page, '/hsgp/product-service/topology/1/2/SRM/1.1.0');
    const chart = page.getByTestId('hsgp-topology');
    const svg = chart.locator('svg');
    await svg.first().waitFor({ timeout: 30_000 });
    // Node labels are drawn into the SVG: every service of the version is there.
    await expect.poll(async () => (await svg.first().textContent()) ?? '', { timeout: 30_000 }).toContain('srm-ssrc');
    const drawn = (await svg.first().textContent()) ?? '';
    for (const s of ['hzero-gateway', 'hzero-iam', 'hzero-platform', 'srm-backoffice', 'srm-sodr']) expect(drawn).toContain(s);
    expect(await svg.first().locator('path').count()).toBeGreaterThan(6);
    // The table beside it: this server's own /health is normal, a missing path abnormal, no path not monitored.
    const row = (name: string) => page.locator(`[data-screen="/hsgp/product-service/topology/:productId/:productVersionId/:productName/:versionName"] tr[data-row-key="${name}"]`);
    await expect.poll(async () => (await row('srm-backoffice').textContent()) ?? '').toContain('正常');
    expect(await row('hzero-gateway').textContent()).toContain('异常');
    expect(await row('hzero-iam').textContent()).toContain('未监控');
    await page.context().close();
  });
});
