import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
}, 240_000);
afterAll(() => s.close());

const save = (payload: Record<string, unknown>) => s.call({ as: 'admin', method: 'POST', url: '/hcnf/v1/configs', payload });

describe('service configuration (YAML)', () => {
  it('refuses YAML that does not parse, naming the field and where', async () => {
    const r = await save({ serviceCode: 'srm-backoffice', configVersion: '9.9.9', configYaml: 'server:\n  port: 8080\n   bad: [1, 2\n' });
    expect(r.statusCode).toBe(400);
    expect(r.json().field).toBe('configYaml');
    expect(r.json().message).toMatch(/not valid YAML at line \d+, column \d+/);
    const scalar = await save({ serviceCode: 'srm-backoffice', configVersion: '9.9.9', configYaml: 'just text' });
    expect([scalar.statusCode, scalar.json().field]).toEqual([400, 'configYaml']);
  });

  it('keeps one default version per service', async () => {
    const r = await save({ serviceCode: 'srm-backoffice', configVersion: '2.0.0', configYaml: 'server:\n  port: 9090\n' });
    expect(r.statusCode, r.body).toBe(200);
    const id = r.json().serviceConfigId as number;
    expect((await s.call({ as: 'admin', method: 'POST', url: `/hcnf/v1/configs/${id}/set-default` })).json().defaultFlag).toBe(1);
    const defaults = (await s.call({ as: 'admin', url: '/hcnf/v1/configs?serviceCode=srm-backoffice&defaultFlag=1' })).json().content as Array<{ serviceConfigId: number }>;
    expect(defaults.map((d) => d.serviceConfigId)).toEqual([id]);
    // A tenant's buyer manages no platform configuration.
    expect((await s.call({ as: 'buyer', method: 'POST', url: `/hcnf/v1/configs/${id}/set-default` })).statusCode).toBe(403);
  });
});
