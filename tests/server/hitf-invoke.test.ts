import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

let s: TestServer;
let remote: Server;
let port = 0;
const seen: Array<{ method: string; url: string; auth: string | undefined; body: string }> = [];
beforeAll(async () => {
  s = await startTestServer();
  // A loopback stand-in for the external system.
  remote = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, auth: req.headers.authorization, body });
      if (req.url === '/broken') {
        res.writeHead(500, { 'content-type': 'text/plain' }).end('stock service exploded');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ accepted: 3, path: req.url }));
    });
  });
  await new Promise<void>((r) => remote.listen(0, '127.0.0.1', r));
  port = (remote.address() as { port: number }).port;
}, 240_000);
afterAll(async () => {
  await s.close();
  remote.close();
});

const post = (url: string, payload: Record<string, unknown>) => s.call({ as: 'admin', method: 'POST', url, payload });

async function iface(domainUrl: string, interfaceUrl: string, method = 'POST') {
  const server = await post('/hitf/v1/1/interface-servers', { serverCode: `LOOP_${Date.now() % 1e7}_${Math.random().toString(36).slice(2, 6)}`, serverName: 'loopback', serviceType: 'REST', domainUrl, authType: 'BASIC', authUsername: 'erp', authPassword: 'secret' });
  expect(server.statusCode, server.body).toBe(200);
  const i = await post('/hitf/v1/1/interfaces', { interfaceServerId: server.json().interfaceServerId, interfaceCode: 'PO_PUSH', interfaceName: 'push orders', interfaceUrl, requestMethod: method, requestHeader: '{"x-source": "srm"}' });
  expect(i.statusCode, i.body).toBe(200);
  return i.json().interfaceId as number;
}

describe('calling a REST interface', () => {
  it('sends the request with its auth and headers and logs request, response, status and duration', async () => {
    const id = await iface(`http://127.0.0.1:${port}/api`, '/orders');
    const log = (await post(`/hitf/v1/1/interfaces/${id}/invoke`, { body: '{"po": "PO1"}' })).json();
    expect(log).toMatchObject({ responseStatus: 200, resultCode: 'SUCCESS', requestMethod: 'POST', interfaceUrl: `http://127.0.0.1:${port}/api/orders`, reqBodyParam: '{"po": "PO1"}' });
    expect(JSON.parse(log.respContent)).toEqual({ accepted: 3, path: '/api/orders' });
    expect(log.duration).toBeGreaterThanOrEqual(0);
    const got = seen.at(-1)!;
    expect(got).toMatchObject({ method: 'POST', url: '/api/orders', body: '{"po": "PO1"}' });
    expect(Buffer.from(got.auth!.replace('Basic ', ''), 'base64').toString()).toBe('erp:secret');
    const listed = (await s.call({ as: 'admin', url: `/hitf/v1/1/interface-logs?interfaceId=${id}` })).json().content;
    expect(listed.map((l: { interfaceLogId: number }) => l.interfaceLogId)).toEqual([log.interfaceLogId]);
  });

  it('logs a failing call with its status and error, and an unreachable one with the error', async () => {
    const broken = await iface(`http://127.0.0.1:${port}`, '/broken', 'GET');
    const a = (await post(`/hitf/v1/1/interfaces/${broken}/invoke`, {})).json();
    expect(a).toMatchObject({ responseStatus: 500, resultCode: 'FAILURE', respContent: 'stock service exploded' });
    expect(a.stacktrace).toMatch(/HTTP 500/);
    const gone = createServer();
    await new Promise<void>((r) => gone.listen(0, '127.0.0.1', r));
    const freePort = (gone.address() as { port: number }).port;
    await new Promise((r) => gone.close(r));
    const closed = await iface(`http://127.0.0.1:${freePort}`, '/x', 'GET');
    const b = (await post(`/hitf/v1/1/interfaces/${closed}/invoke`, {})).json();
    expect(b).toMatchObject({ responseStatus: null, resultCode: 'FAILURE' });
    expect(b.stacktrace).toMatch(/ECONNREFUSED/);
  });

  it('refuses a server URL that is not http(s), naming the field', async () => {
    for (const domainUrl of ['file:///etc/passwd', 'ftp://erp.example.com', 'javascript:alert(1)']) {
      const r = await post('/hitf/v1/1/interface-servers', { serverCode: 'BAD_URL', serverName: 'bad', serviceType: 'REST', domainUrl });
      expect([r.statusCode, r.json().field], domainUrl).toEqual([400, 'domainUrl']);
    }
  });
});
