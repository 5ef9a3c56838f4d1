import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../harness.ts';

/** The initiator takes a document back from its approval on the document itself (hwfl/routes.ts). */
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

type Row = Record<string, unknown>;
const PR = '/sprm/v1/1/purchase-requests';
const DOC = '/hwfl/v1/1/runtime/documents/prHeader';
const call = (method: 'GET' | 'POST', url: string, as: string, payload?: Row) => s.call({ method, url, as, ...(payload ? { payload } : {}) });

async function submitted(): Promise<number> {
  const header = (await call('POST', PR, 'buyer', { title: 'Recall me', currencyCode: 'CNY' })).json() as Row;
  const line = await call('POST', '/sprm/v1/1/purchase-request-lines', 'buyer', { prHeaderId: header.prHeaderId, itemCode: 'R-1', itemName: 'Recall', quantity: 1, unitPrice: 1, neededDate: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10) });
  expect(line.statusCode, line.body).toBe(200);
  const r = await call('POST', `${PR}/${String(header.prHeaderId)}/actions/submit`, 'buyer', {});
  expect(r.json().prStatusCode, r.body).toBe('APPROVING');
  return Number(header.prHeaderId);
}
const status = async (id: number) => (await call('GET', `${PR}/${id}`, 'buyer')).json().prStatusCode as string;

describe('recalling a document from its page', () => {
  it('is offered to its initiator only, refused to others, and returns the document to draft', async () => {
    const id = await submitted();
    expect((await call('GET', `${DOC}/${id}/approval`, 'buyer')).json()).toMatchObject({ running: true, mayRecall: true });
    expect((await call('GET', `${DOC}/${id}/approval`, 'approver')).json()).toMatchObject({ running: true, mayRecall: false });
    expect((await call('POST', `${DOC}/${id}/recall`, 'approver', {})).statusCode).toBe(403);
    expect(await status(id)).toBe('APPROVING');
    const r = await call('POST', `${DOC}/${id}/recall`, 'buyer', {});
    expect(r.statusCode, r.body).toBe(200);
    expect(await status(id)).toBe('PENDING');
    expect((await call('GET', `${DOC}/${id}/approval`, 'buyer')).json()).toEqual({ running: false });
    expect((await call('POST', `${DOC}/${id}/recall`, 'buyer', {})).statusCode).toBe(404);
  });

  it('is too late once an approver acted, and unknown for a document the caller cannot read', async () => {
    const id = await submitted();
    const tasks = (await call('GET', '/hwfl/v1/1/tasks?statusCode=PENDING&size=200', 'approver')).json().content as Array<{ taskId: number; description: string }>;
    const num = (await call('GET', `${PR}/${id}`, 'buyer')).json().displayPrNum as string;
    const task = tasks.find((t) => t.description.startsWith(num))!;
    expect((await call('POST', `/hwfl/v1/1/runtime/tasks/${task.taskId}`, 'approver', { action: 'Approved' })).statusCode).toBe(200);
    // One approver was enough here: the requisition is approved and nothing runs any more.
    expect((await call('GET', `${DOC}/${id}/approval`, 'buyer')).json().mayRecall ?? false).toBe(false);
    expect((await call('GET', `${DOC}/${id}/approval`, 'supplier')).statusCode).toBeGreaterThanOrEqual(403);
  });
});
