import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const byCode = (as: string, path: string) => s.call({ as, url: `/hpfm/v1/${path}static-texts/text/by-code/nullable` });

describe('static text by code', () => {
  it("answers the platform's text in the language asked", async () => {
    const r = await s.call({ as: 'admin', url: '/hpfm/v1/static-texts/text/by-code/nullable?textCode=REGISTER_AGREEMENT&lang=en_US' });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ textCode: 'REGISTER_AGREEMENT', lang: 'en_US', title: 'Registration agreement', tenantId: 0 });
    expect(r.json().text).toContain('<h2>');
  });

  it("prefers the tenant's own text, and falls back to the platform's for another language", async () => {
    const zh = await s.call({ as: 'buyer', url: '/hpfm/v1/1/static-texts/text/by-code/nullable?textCode=PRIVACY_POLICY&lang=zh_CN' });
    expect(zh.json()).toMatchObject({ tenantId: 1, title: '演示制造公司隐私政策' });
    const en = await s.call({ as: 'buyer', url: '/hpfm/v1/1/static-texts/text/by-code/nullable?textCode=PRIVACY_POLICY&lang=en_US' });
    expect(en.json()).toMatchObject({ tenantId: 0, title: 'Privacy policy' });
    const other = await s.call({ as: 'buyer2', url: '/hpfm/v1/2/static-texts/text/by-code/nullable?textCode=PRIVACY_POLICY&lang=zh_CN' });
    expect(other.json()).toMatchObject({ tenantId: 0, title: '隐私政策' });
  });

  it("defaults the language to the caller's", async () => {
    const r = await s.call({ as: 'buyer', url: '/hpfm/v1/1/static-texts/text/by-code/nullable?textCode=REGISTER_AGREEMENT' });
    expect(r.json().lang).toBe('zh_CN');
  });

  it('answers {} for a missing or expired text, never an error', async () => {
    for (const q of ['textCode=NOPE', 'textCode=MAINTENANCE_NOTICE&lang=zh_CN', 'textCode=PRIVACY_POLICY&lang=fr_FR']) {
      const r = await s.call({ as: 'buyer', url: `/hpfm/v1/1/static-texts/text/by-code/nullable?${q}` });
      expect(r.statusCode).toBe(200);
      expect(r.json()).toEqual({});
    }
  });

  it('needs textCode (400) and checks the tenant (403)', async () => {
    expect((await byCode('buyer', '1/')).statusCode).toBe(400);
    expect((await s.call({ as: 'buyer', url: '/hpfm/v1/1/static-texts/text/by-code/nullable?textCode=X&lang=english' })).statusCode).toBe(400);
    expect((await s.call({ as: 'buyer', url: '/hpfm/v1/2/static-texts/text/by-code/nullable?textCode=PRIVACY_POLICY' })).statusCode).toBe(403);
  });

  it('shows a text a tenant administrator adds through the generic path', async () => {
    const created = await s.call({
      as: 'sysadmin',
      method: 'POST',
      url: '/hpfm/v1/1/static-texts',
      payload: { textCode: 'REGISTER_AGREEMENT', lang: 'en_US', title: 'Demo terms', text: '<p>Demo</p>', startDate: '2020-01-01' },
    });
    expect(created.statusCode).toBe(200);
    const r = await s.call({ as: 'buyer', url: '/hpfm/v1/1/static-texts/text/by-code/nullable?textCode=REGISTER_AGREEMENT&lang=en_US' });
    expect(r.json()).toMatchObject({ title: 'Demo terms', tenantId: 1 });
    // A buyer holds no static-text menu: reading through the call, not writing.
    expect((await s.call({ as: 'buyer', method: 'POST', url: '/hpfm/v1/1/static-texts', payload: { textCode: 'X', lang: 'zh_CN', title: 'x' } })).statusCode).toBe(403);
  });
});
