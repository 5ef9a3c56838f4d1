import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

type Notice = { noticeId: number; title: string; statusCode: string; publishedDate: string | null; tenantId: number; objectVersionNumber: number; noticeTypeMeaning?: string };

const preview = async (as: string, tenant: number, q = '') => (await s.call({ as, url: `/hmsg/v1/${tenant}/notices/user/preview${q}` })).json() as Notice[];

describe('seeded notices', () => {
  it('has about 25 notices across the platform and both tenants', async () => {
    const r = await s.ctx.db.query<{ n: number; tenants: number }>('select count(*)::int as n, count(distinct tenant_id)::int as tenants from hptl_notice');
    expect(r.rows[0]).toEqual({ n: 25, tenants: 3 });
  });
});

describe('user preview', () => {
  it("lists published notices of the tenant and the platform, newest first", async () => {
    const list = await preview('buyer', 1, '?previewCount=100');
    expect(list.length).toBeGreaterThan(10);
    expect(list.every((n) => n.statusCode === 'PUBLISHED' && [0, 1].includes(n.tenantId))).toBe(true);
    const dates = list.map((n) => n.publishedDate!);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(list[0]!.noticeTypeMeaning).toBeTruthy();
    expect((await preview('buyer', 1)).length).toBe(10);
    expect((await preview('buyer2', 2, '?previewCount=100')).every((n) => [0, 2].includes(n.tenantId))).toBe(true);
  });

  it('validates the query and the tenant', async () => {
    expect((await s.call({ as: 'buyer', url: '/hmsg/v1/1/notices/user/preview?previewCount=0' })).statusCode).toBe(400);
    expect((await s.call({ as: 'buyer', url: '/hmsg/v1/1/notices/user/preview?noticeTypeCode=a;drop' })).statusCode).toBe(400);
    expect((await s.call({ as: 'buyer', url: '/hmsg/v1/2/notices/user/preview' })).statusCode).toBe(403);
  });
});

describe('status machine', () => {
  it('creates a draft, publishes it (stamping the date) and revokes it', async () => {
    const created = await s.call({ as: 'sysadmin', method: 'POST', url: '/hmsg/v1/1/notices', payload: { title: 'Plant closed on Friday', noticeTypeCode: 'MAINTENANCE', content: '<p>x</p>', statusCode: 'PUBLISHED' } });
    expect(created.statusCode).toBe(200);
    const n = created.json() as Notice;
    // The status cannot be chosen on create: every notice starts as a draft.
    expect(n).toMatchObject({ statusCode: 'DRAFT', publishedDate: null });
    expect((await preview('buyer', 1, '?previewCount=100')).some((x) => x.noticeId === n.noticeId)).toBe(false);

    const published = await s.call({ as: 'sysadmin', method: 'POST', url: `/hmsg/v1/1/notices/${n.noticeId}/actions/publish`, payload: {} });
    expect(published.statusCode).toBe(200);
    expect(published.json()).toMatchObject({ statusCode: 'PUBLISHED', publishedDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2} /) });
    expect((await preview('buyer', 1))[0]!.noticeId).toBe(n.noticeId);

    const again = await s.call({ as: 'sysadmin', method: 'POST', url: `/hmsg/v1/1/notices/${n.noticeId}/actions/publish`, payload: {} });
    expect(again.json()).toMatchObject({ failed: true, code: 'error.status.transition' });

    const revoked = await s.call({ as: 'sysadmin', method: 'POST', url: `/hmsg/v1/1/notices/${n.noticeId}/actions/revoke`, payload: {} });
    expect(revoked.json()).toMatchObject({ statusCode: 'DRAFT', publishedDate: null });
    expect((await preview('buyer', 1, '?previewCount=100')).some((x) => x.noticeId === n.noticeId)).toBe(false);
  });

  it('refuses an unknown action and keeps tenants apart', async () => {
    const [n] = (await s.call({ as: 'sysadmin', url: '/hmsg/v1/1/notices?statusCode=DRAFT' })).json().content as Notice[];
    expect((await s.call({ as: 'sysadmin', method: 'POST', url: `/hmsg/v1/1/notices/${n!.noticeId}/actions/delete`, payload: {} })).statusCode).toBe(400);
    expect((await s.call({ as: 'admin2', method: 'POST', url: `/hmsg/v1/2/notices/${n!.noticeId}/actions/publish`, payload: {} })).statusCode).toBe(404);
    expect((await s.call({ as: 'admin2', url: '/hmsg/v1/1/notices' })).statusCode).toBe(403);
  });

  it('lets only holders of the notices menu write', async () => {
    // The supplier role holds no portal menu.
    expect((await s.call({ as: 'supplier', method: 'POST', url: '/hmsg/v1/1/notices', payload: { title: 'x', noticeTypeCode: 'SYSTEM' } })).statusCode).toBe(403);
    expect((await s.call({ as: 'supplier', url: '/hmsg/v1/1/notices' })).statusCode).toBe(200);
  });
});
