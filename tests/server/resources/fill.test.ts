import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PO } from '../orders.ts';
import { startTestServer, type TestServer } from '../harness.ts';

/** Fields declaring `fill` are filled on create from the creating user and tenant when left empty, on every path. */
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const nameOf = async (login: string) => (await s.ctx.db.query<{ n: string }>('select real_name as n from iam_user where login_name = $1', [login])).rows[0]!.n;

describe('declared fills', () => {
  it('give a new order its buyer and company when the body leaves them out, and keep what it sends', async () => {
    const bare = await s.call({ method: 'POST', url: PO, as: 'buyer', payload: { supplierName: 'Test Supplier' } });
    expect(bare.statusCode, bare.body).toBe(200);
    expect([bare.json().agentName, bare.json().companyName]).toEqual([await nameOf('buyer'), 'Demo Manufacturing Co.']);
    const given = await s.call({ method: 'POST', url: PO, as: 'buyer', payload: { supplierName: 'Test Supplier', companyName: 'Branch Co.', agentName: 'Someone Else' } });
    expect([given.json().agentName, given.json().companyName]).toEqual(['Someone Else', 'Branch Co.']);
  });
});
