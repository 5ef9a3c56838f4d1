import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

/** Column settings per user and screen: saved, read back only by their owner, validated. */
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const URL = '/hpfm/v1/1/table-settings/sodr.send-order.list';
const SETTINGS = { hidden: ['agentName'], order: ['supplierName', 'displayPoNum', 'amount'], pinned: { left: ['supplierName'], right: ['amount'] }, widths: { supplierName: 260 } };

const put = (payload: unknown, as = 'buyer', url = URL) => s.call({ method: 'PUT', url, payload: payload as Record<string, unknown>, as });
const get = (as = 'buyer', url = URL) => s.call({ url, as });

describe('table settings', () => {
  it('answers {} before anything is saved, then reads back what was saved', async () => {
    const before = await get();
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({});
    const saved = await put(SETTINGS);
    expect(saved.statusCode).toBe(200);
    expect((await get()).json()).toEqual(SETTINGS);
    // Saving again replaces, it does not merge.
    await put({ ...SETTINGS, hidden: [] });
    expect((await get()).json()).toEqual({ ...SETTINGS, hidden: [] });
  });

  it('keeps each user to their own settings, and each screen to its own', async () => {
    await put(SETTINGS, 'buyer');
    // sysadmin works in the same tenant on the same screen and sees nothing of buyer's.
    expect((await get('sysadmin')).json()).toEqual({});
    await put({ hidden: ['remark'] }, 'sysadmin');
    expect((await get('sysadmin')).json()).toEqual({ hidden: ['remark'], order: [], pinned: { left: [], right: [] }, widths: {} });
    expect((await get('buyer')).json()).toEqual(SETTINGS);
    expect((await get('buyer', '/hpfm/v1/1/table-settings/hiam.user')).json()).toEqual({});
  });

  it('forgets the settings on DELETE (reset to the schema)', async () => {
    await put(SETTINGS, 'buyer', '/hpfm/v1/1/table-settings/smdm.payment-terms');
    expect((await s.call({ method: 'DELETE', url: '/hpfm/v1/1/table-settings/smdm.payment-terms', as: 'buyer' })).statusCode).toBe(200);
    expect((await get('buyer', '/hpfm/v1/1/table-settings/smdm.payment-terms')).json()).toEqual({});
  });

  it.each([
    ['a non-object body', [1, 2]],
    ['a list that is an object', { hidden: { a: 1 } }],
    ['a field name that is not one', { order: ['drop table'] }],
    ['a width out of range', { widths: { amount: 5 } }],
    ['a width that is not a number', { widths: { amount: 'wide' } }],
    ['a column twice', { order: ['amount', 'amount'] }],
    ['a column pinned to both sides', { pinned: { left: ['amount'], right: ['amount'] } }],
  ])('refuses %s with 400 and a message', async (_what, payload) => {
    const r = await put(payload);
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toEqual(expect.any(String));
    expect(r.json().message.length).toBeGreaterThan(5);
  });

  it('refuses a bad screen code with 400', async () => {
    expect((await get('buyer', '/hpfm/v1/1/table-settings/..%2Fetc')).statusCode).toBe(400);
  });

  it('needs a token (401) and a tenant of the caller (403)', async () => {
    expect((await s.call({ url: URL })).statusCode).toBe(401);
    expect((await s.call({ method: 'PUT', url: URL, payload: SETTINGS })).statusCode).toBe(401);
    expect((await get('admin2', URL)).statusCode).toBe(403);
  });
});
