import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

/**
 * HZERO's batch saves (a list body) are one unit: a refused row must not leave the rows before it
 * written, or a user who fixes the refused row and saves again gets duplicates.
 */
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s?.close());

const URL = '/hpfm/v1/countries';
const count = async (prefix: string) => (await s.ctx.db.query<{ n: number }>('select count(*)::int as n from hpfm_country where country_code like $1', [`${prefix}%`])).rows[0]!.n;

describe('a list body saved at once', () => {
  it('writes every row when all are valid', async () => {
    const r = await s.call({ as: 'admin', method: 'PATCH', url: URL, payload: [{ countryCode: 'QAA', countryName: 'List A one' }, { countryCode: 'QAB', countryName: 'List A two' }] });
    expect(r.statusCode, r.body).toBe(200);
    expect(await count('QA')).toBe(2);
  });

  it('writes none when a later row is refused, and names the field', async () => {
    const r = await s.call({ as: 'admin', method: 'PATCH', url: URL, payload: [{ countryCode: 'QBA', countryName: 'List B one' }, { countryCode: 'QBB' }] });
    expect(r.statusCode).toBe(400);
    expect(r.body).toContain('countryName');
    expect(await count('QB')).toBe(0);
  });

  it('writes none when a later row breaks a uniqueness rule the database holds', async () => {
    const r = await s.call({ as: 'admin', method: 'PATCH', url: URL, payload: [{ countryCode: 'QCA', countryName: 'List C one' }, { countryCode: 'QAA', countryName: 'Taken code' }] });
    // A business refusal, HZERO's way: 200 with `failed` and the reason.
    expect(r.json()).toMatchObject({ failed: true, code: 'error.db.duplicateKey' });
    expect(await count('QC')).toBe(0);
  });
});
