import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const PO = '/sodr/v1/1/po-headers';
type Entry = { action: string; loginName: string | null; changes: Record<string, unknown>; auditDate: string };

describe('GET <entity path>/{id}/history', () => {
  it('lists the changes of one record, newest first, with who made them', async () => {
    const created = (await s.call({ method: 'POST', url: PO, as: 'buyer', payload: { supplierName: 'History Supplier', companyName: 'Demo Manufacturing Co.', amount: 10 } })).json() as Record<string, unknown>;
    const id = created.poHeaderId as number;
    const upd = await s.call({ method: 'PUT', url: `${PO}/${id}`, as: 'buyer', payload: { ...created, remark: 'Second thoughts' } });
    expect(upd.statusCode, upd.body).toBe(200);
    const r = await s.call({ url: `${PO}/${id}/history`, as: 'buyer' });
    expect(r.statusCode, r.body).toBe(200);
    const entries = r.json() as Entry[];
    expect(entries.map((e) => e.action)).toEqual(['UPDATE', 'CREATE']);
    expect(entries[0]).toMatchObject({ loginName: 'buyer', changes: { remark: 'Second thoughts' } });
    expect(entries[0]!.auditDate).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('shows another tenant nothing, and refuses callers without read access or a token', async () => {
    const other = await s.call({ url: `/sodr/v1/2/po-headers/1/history`, as: 'buyer' });
    expect(other.statusCode).toBe(403);
    expect((await s.call({ url: `${PO}/1/history` })).statusCode).toBe(401);
    expect((await s.call({ url: `${PO}/abc/history`, as: 'buyer' })).statusCode).toBe(400);
  });
});
