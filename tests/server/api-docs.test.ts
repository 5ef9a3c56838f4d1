import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

describe('OpenAPI document', () => {
  it.each(['/api-docs', '/api-docs/json'])('is served at %s without sign-in, generated from the route schemas', async (url) => {
    const r = await s.app.inject({ url });
    expect(r.statusCode).toBe(200);
    const doc = r.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/iam/hzero/v1/users', '/iam/hzero/v1/{tenantId}/users', '/sodr/v1/{tenantId}/po-headers', '/sodr/v1/{tenantId}/po-headers/{id}']));
    const po = doc.paths['/sodr/v1/{tenantId}/po-headers'];
    expect(Object.keys(po)).toEqual(expect.arrayContaining(['get', 'post', 'put', 'delete']));
    const body = po.post.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(expect.arrayContaining(['supplierName']));
    // The company is filled from the tenant when a body leaves it out (`fill`).
    expect(body.required).not.toContain('companyName');
    expect(body.properties.currencyCode.type).toContain('string');
    // Totals are computed by the server from the lines: not part of what a client sends.
    expect(body.properties.amount).toBeUndefined();
    expect(po.get.parameters.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['tenantId', 'page', 'size', 'sort', 'amountFrom']));
    const action = doc.paths['/sodr/v1/{tenantId}/po-headers/{id}/actions/{action}'].post;
    expect(action.parameters.find((p: { name: string }) => p.name === 'action').schema.enum).toEqual(expect.arrayContaining(['submit', 'approve', 'close']));
    expect(doc.paths['/api-docs']).toBeUndefined();
  });
});
