import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
}, 240_000);
afterAll(() => s.close());

const post = (url: string, payload?: Record<string, unknown>, as = 'admin') => s.call({ as, method: 'POST', url, payload });
const get = (url: string, as = 'admin') => s.call({ as, url });

describe('service configuration (YAML)', () => {
  it('refuses YAML that does not parse, naming the field and the line', async () => {
    const r = await post('/hsgp/v1/service-configs', { serviceCode: 'srm-sodr', configVersion: '9.0.0', configYaml: 'server:\n  port: 8080\nsodr:\n  - a\n  b: [1, 2\n' });
    expect(r.statusCode).toBe(400);
    expect(r.json().field).toBe('configYaml');
    expect(r.json().message).toMatch(/configYaml is not valid YAML at line \d+, column \d+/);
    const list = await post('/hsgp/v1/service-configs', { serviceCode: 'srm-sodr', configVersion: '9.0.0', configYaml: '- just\n- a list\n' });
    expect([list.statusCode, list.json().field]).toEqual([400, 'configYaml']);
    // A node group's configuration is checked the same way on update.
    const ng = (await get('/hsgp/v1/node-groups?nodeGroupName=sodr-uat')).json().content[0];
    const bad = await s.call({ as: 'admin', method: 'PUT', url: '/hsgp/v1/node-groups', payload: { ...ng, configYaml: 'a: [' } });
    expect([bad.statusCode, bad.json().field]).toEqual([400, 'configYaml']);
  });

  it('keeps one default version per service', async () => {
    const r = await post('/hsgp/v1/service-configs', { serviceCode: 'srm-sodr', configVersion: '2.0.0', configYaml: 'server:\n  port: 9090\n' });
    expect(r.statusCode, r.body).toBe(200);
    const id = r.json().serviceConfigId as number;
    expect((await post(`/hsgp/v1/service-configs/${id}/set-default`)).json().defaultFlag).toBe(1);
    const defaults = (await get('/hsgp/v1/service-configs?serviceCode=srm-sodr&defaultFlag=1')).json().content as Array<{ serviceConfigId: number }>;
    expect(defaults.map((d) => d.serviceConfigId)).toEqual([id]);
    expect((await post(`/hsgp/v1/service-configs/${id}/set-default`, undefined, 'buyer')).statusCode).toBe(403);
  });
});

describe('topology and health', () => {
  it('draws the services of a product version with their dependencies and §4 health', async () => {
    const r = await get('/hsgp/v1/product-services/1/2/topology');
    expect(r.statusCode, r.body).toBe(200);
    const { nodes, links } = r.json() as { nodes: Array<{ serviceCode: string; health: number; external: boolean }>; links: Array<{ source: string; target: string }> };
    const health = Object.fromEntries(nodes.map((n) => [n.serviceCode, n.health]));
    // srm-backoffice's health path is this server's own /health (a real check: normal);
    // hzero-gateway's path does not exist here (abnormal); hzero-iam has none (not monitored).
    expect(health).toMatchObject({ 'srm-backoffice': 1, 'hzero-platform': 1, 'hzero-gateway': -1, 'hzero-iam': 0, 'srm-sodr': 0 });
    expect(links).toContainEqual(expect.objectContaining({ source: 'srm-ssrc', target: 'srm-sodr' }));
    expect(links).toContainEqual(expect.objectContaining({ source: 'hzero-gateway', target: 'hzero-iam' }));
    expect(nodes.every((n) => !n.external)).toBe(true);
    // Version 1.0.0 has no srm-ssrc, so the link from it is absent.
    const v1 = (await get('/hsgp/v1/product-services/1/1/topology')).json();
    expect(v1.nodes.map((n: { serviceCode: string }) => n.serviceCode)).not.toContain('srm-ssrc');
    expect((await get('/hsgp/v1/services/4/health')).json()).toEqual({ serviceCode: 'srm-backoffice', health: 1 });
    expect((await get('/hsgp/v1/product-services/1/2/topology', 'supplier')).statusCode).toBe(403);
  });
});

describe('records and their rules', () => {
  it('refuses a service depending on itself or on an unknown service', async () => {
    const self = await post('/hsgp/v1/service-relies', { serviceCode: 'srm-sodr', relyServiceCode: 'srm-sodr' });
    expect([self.statusCode, self.json().field]).toEqual([400, 'relyServiceCode']);
    const unknown = await post('/hsgp/v1/service-relies', { serviceCode: 'srm-sodr', relyServiceCode: 'no-such-service' });
    expect([unknown.statusCode, unknown.json().field]).toEqual([400, 'relyServiceCode']);
  });

  it('keeps a product service on a version of its own product and names it', async () => {
    const wrong = await post('/hsgp/v1/product-services', { productId: 1, productVersionId: 3, serviceCode: 'srm-ssrc' });
    expect([wrong.statusCode, wrong.json().field]).toEqual([400, 'productVersionId']);
    const ok = await post('/hsgp/v1/product-services', { productId: 2, productVersionId: 3, serviceCode: 'srm-ssrc', productName: 'forged' });
    expect(ok.statusCode, ok.body).toBe(200);
    const row = (await get(`/hsgp/v1/product-services/${ok.json().productServiceId}`)).json();
    expect([row.productName, row.versionNumber]).toEqual(['HZERO 平台', '1.5.0']);
  });

  it('refuses addresses that are not http(s) and moves node groups by their status actions only', async () => {
    const p = await post('/hsgp/v1/deploy-platforms', { code: 'BAD', name: 'bad', serviceUrl: 'ftp://k8s' });
    expect([p.statusCode, p.json().field]).toEqual([400, 'serviceUrl']);
    const ng = (await get('/hsgp/v1/node-groups?nodeGroupName=sodr-uat')).json().content[0];
    const stop = await post(`/hsgp/v1/node-groups/${ng.nodeGroupId}/actions/stop`, { objectVersionNumber: ng.objectVersionNumber });
    expect(stop.statusCode, stop.body).toBe(200);
    expect(stop.json().statusCode).toBe('STOPPED');
    const again = await post(`/hsgp/v1/node-groups/${ng.nodeGroupId}/actions/stop`, { objectVersionNumber: stop.json().objectVersionNumber });
    // Stopping a stopped group is not one of its moves: a business refusal, and the row is unchanged.
    expect(again.json()).toMatchObject({ failed: true });
    expect((await get(`/hsgp/v1/node-groups/${ng.nodeGroupId}`)).json().objectVersionNumber).toBe(stop.json().objectVersionNumber);
    expect((await get('/hsgp/v1/products', 'buyer')).statusCode).toBe(403);
  });
});
