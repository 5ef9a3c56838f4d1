import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

/**
 * Datetimes are stored as UTC wall-clock times; a server started on a machine in another zone must
 * read them as the ones stored. Before the server pinned its process to UTC, a bidding end half an
 * hour ahead read as seven and a half hours past on a machine in Shanghai, and the release was refused.
 */
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });
let s: TestServer;
const zone = process.env.TZ;
beforeAll(async () => {
  process.env.TZ = 'Asia/Shanghai';
  s = await startTestServer();
});
afterAll(async () => {
  await s.close();
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

describe('a server started in another time zone', () => {
  it('takes a bidding end half an hour ahead as ahead', async () => {
    const iso = (ms: number) => new Date(Math.ceil((Date.now() + ms) / 1000) * 1000).toISOString();
    const h = await s.call({ method: 'POST', url: '/ssrc/v1/1/bid', as: 'buyer', payload: { tenderTitle: 'Zone check', evalMethod: 'LOWEST_PRICE', preQualificationFlag: 0, releaseApprovalFlag: 0, quotationStartDate: iso(-1000), quotationEndDate: iso(1_800_000), bidOpenDate: iso(1_800_000) } });
    expect(h.statusCode, h.body).toBe(200);
    const id = Number(h.json().tenderHeaderId);
    expect((await s.call({ method: 'POST', url: '/ssrc/v1/1/bid/sections', as: 'buyer', payload: { tenderHeaderId: id, sectionName: 'Lot', budgetAmount: 1 } })).statusCode).toBe(200);
    const v = (await s.call({ url: `/ssrc/v1/1/bid/${id}`, as: 'buyer' })).json().objectVersionNumber;
    const r = await s.call({ method: 'POST', url: `/ssrc/v1/1/bid/${id}/actions/release`, as: 'buyer', payload: { objectVersionNumber: v } });
    expect(r.json(), r.body).toMatchObject({ tenderStatus: 'RELEASED' });
  });
});
