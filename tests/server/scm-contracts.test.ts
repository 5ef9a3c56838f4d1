import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

/**
 * Contracts (scm): the buyer drafts and sends, the supplier confirms or returns with a comment,
 * the buyer archives. Amounts are the server's, exact; the status machine, the side that may take
 * each move and the supplier's reach are enforced by the server whatever the UI shows.
 */
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

type Row = Record<string, unknown>;
const PC = '/scm/v1/1/purchase-contracts';
const PCL = '/scm/v1/1/purchase-contract-lines';
const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, as = 'buyer') => s.call({ method, url, ...(payload === undefined ? {} : { payload: payload as Row }), as });
const supplier = async (num: string) => (await s.ctx.db.query<{ id: number; name: string }>('select supplier_id::float8 as id, supplier_name as name from sslm_supplier where tenant_id = 1 and supplier_num = $1', [num])).rows[0]!;
const get = async (id: unknown, as = 'buyer') => (await call('GET', `${PC}/${String(id)}`, undefined, as)).json() as Row;
const act = async (id: unknown, action: string, as: string, extra: Row = {}) => {
  const current = await get(id);
  return call('POST', `${PC}/${String(id)}/actions/${action}`, { objectVersionNumber: current.objectVersionNumber, ...extra }, as);
};
const stored = async (id: unknown) => (await s.ctx.db.query<Row>('select pc_status_code as status, object_version_number::int as v, return_comment as comment from scm_contract_header where pc_header_id = $1', [id])).rows[0]!;

const WF = '/hwfl/v1/1';
type Task = { taskId: number; description: string };
/** The pending approval task of contract `pcNum` in the My tasks of `as`, if any. */
const taskOf = async (pcNum: unknown, as: string) => ((await call('GET', `${WF}/tasks?statusCode=PENDING&size=200`, undefined, as)).json().content as Task[]).find((t) => t.description.startsWith(String(pcNum)));
const decide = async (taskId: number, action: 'Approved' | 'Rejected', as: string, comment?: string) => call('POST', `${WF}/runtime/tasks/${taskId}`, { action, ...(comment ? { comment } : {}) }, as);

/** The buyer submits the contract; the approver approves it in My tasks, so it may be sent. */
async function approved(id: unknown): Promise<void> {
  expect((await act(id, 'submit', 'buyer')).statusCode).toBe(200);
  const task = (await taskOf((await get(id)).pcNum, 'approver'))!;
  expect((await decide(task.taskId, 'Approved', 'approver', 'Terms checked')).statusCode).toBe(200);
  expect((await stored(id)).status).toBe('APPROVED');
}

/** A draft of the buyer for supplier `num`, with lines [quantity, unit price, tax code]. */
async function draft(num: string, lines: Array<[number, number, string?]>): Promise<Row> {
  const sup = await supplier(num);
  const r = await call('POST', PC, { pcName: `Supply agreement ${num}`, usageTypeCode: 'PURCHASE', supplierId: sup.id, supplierName: 'typed by hand', companyName: 'Demo Manufacturing Co.', currencyCode: 'CNY', startDateActive: '2026-01-01', endDateActive: '2026-12-31', termsText: 'Payment 30 days after invoice.' });
  expect(r.statusCode, r.body).toBe(200);
  const header = r.json() as Row;
  for (const [quantity, unitPrice, taxCode] of lines) {
    const l = await call('POST', PCL, { pcHeaderId: header.pcHeaderId, itemCode: 'MAT-1001', itemName: 'Steel bolt M8x40', quantity, unitPrice, ...(taxCode ? { taxCode } : {}) });
    expect(l.statusCode, l.body).toBe(200);
  }
  return get(header.pcHeaderId);
}

describe('a contract as the buyer drafts it', () => {
  it('is numbered by the code rule, starts as a draft, takes the supplier master name, and sums its lines exactly', async () => {
    const c = await draft('S0001', [
      [3, 33.33, 'VAT0-IN'],
      [1, 0.1, 'VAT0-IN'],
      [1, 0.2, 'VAT0-IN'],
    ]);
    expect(c.pcNum).toMatch(/^CT\d{4}-\d{6}$/);
    expect(c.pcStatusCode).toBe('PENDING');
    expect(c.supplierName).toBe((await supplier('S0001')).name);
    // 99.99 + 0.1 + 0.2 in decimal arithmetic, not 100.28999999999999.
    expect(c.amount).toBe('100.29');
    expect(c.taxIncludeAmount).toBe('100.29');
    const lines = (await call('GET', `${PCL}?pcHeaderId=${String(c.pcHeaderId)}`)).json().content as Row[];
    expect(lines.map((l) => [l.lineNum, l.lineAmount])).toEqual([
      [1, '99.99'],
      [2, '0.10'],
      [3, '0.20'],
    ]);
  });

  it('computes tax per line from the tax code, rounded to the currency', async () => {
    const c = await draft('S0003', [[3, 33.33]]);
    // 99.99 × 1.13 = 112.9887 → 112.99
    expect([c.amount, c.taxIncludeAmount]).toEqual(['99.99', '112.99']);
  });

  it('refuses a supplier that is not the tenant’s and an end before the start, naming the field, and writes nothing', async () => {
    const before = (await s.ctx.db.query<{ n: number }>('select count(*)::int as n from scm_contract_header')).rows[0]!.n;
    const foreign = (await s.ctx.db.query<{ id: number }>("select supplier_id::float8 as id from sslm_supplier where tenant_id = 2 limit 1")).rows[0]!.id;
    const bad = await call('POST', PC, { pcName: 'X', usageTypeCode: 'PURCHASE', supplierId: foreign, companyName: 'C', startDateActive: '2026-01-01' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'supplierId' });
    const sup = await supplier('S0001');
    const backwards = await call('POST', PC, { pcName: 'X', usageTypeCode: 'PURCHASE', supplierId: sup.id, companyName: 'C', startDateActive: '2026-06-01', endDateActive: '2026-01-01' });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({ field: 'endDateActive' });
    expect((await s.ctx.db.query<{ n: number }>('select count(*)::int as n from scm_contract_header')).rows[0]!.n).toBe(before);
  });
});

describe('a contract between buyer and supplier', () => {
  it('goes draft → sent → returned with a comment → corrected and sent again → confirmed → archived', async () => {
    const c = await draft('S0001', [[10, 12.5]]);
    const id = c.pcHeaderId;

    // A draft stays the buyer's: the supplier neither lists nor reads it, nor its lines.
    const mineBefore = (await call('GET', `${PC}?size=1000`, undefined, 'supplier')).json().content as Row[];
    expect(mineBefore.some((r) => r.pcHeaderId === id)).toBe(false);
    expect((await call('GET', `${PC}/${String(id)}`, undefined, 'supplier')).statusCode).toBe(404);
    expect((await call('GET', `${PCL}?pcHeaderId=${String(id)}`, undefined, 'supplier')).json().content).toEqual([]);
    // Nor can it confirm what it cannot see.
    expect([403, 404]).toContain((await act(id, 'confirm', 'supplier')).statusCode);

    // A buyer never confirms or returns on the supplier's behalf, though its role holds every scm menu.
    await approved(id);
    expect((await act(id, 'send', 'buyer')).statusCode).toBe(200);
    expect((await stored(id)).status).toBe('PUBLISHED');
    const onBehalf = await act(id, 'confirm', 'buyer');
    expect(onBehalf.statusCode).toBe(403);
    expect((await act(id, 'return', 'buyer', { returnComment: 'x' })).statusCode).toBe(403);
    expect((await stored(id)).status).toBe('PUBLISHED');

    // Sent: the supplier sees it and its lines; it may not send, archive or change it.
    expect((await get(id, 'supplier')).pcStatusCode).toBe('PUBLISHED');
    expect(((await call('GET', `${PCL}?pcHeaderId=${String(id)}`, undefined, 'supplier')).json().content as Row[]).length).toBe(1);
    expect((await act(id, 'archive', 'supplier')).statusCode).toBe(403);
    const sv = (await get(id, 'supplier')).objectVersionNumber;
    expect((await call('PUT', `${PC}/${String(id)}`, { pcName: 'Changed by the supplier', objectVersionNumber: sv }, 'supplier')).statusCode).toBe(409);

    // A return needs a comment: refused naming the field, nothing changes.
    const v = (await stored(id)).v;
    for (const extra of [{}, { returnComment: '' }, { returnComment: '   ' }]) {
      const r = await act(id, 'return', 'supplier', extra);
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json()).toMatchObject({ field: 'returnComment' });
      expect(r.json().message).toContain('returnComment');
    }
    expect(await stored(id)).toMatchObject({ status: 'PUBLISHED', v, comment: null });
    const returned = await act(id, 'return', 'supplier', { returnComment: 'Unit price of line 1 must be 12.00 as agreed.' });
    expect(returned.statusCode, returned.body).toBe(200);
    expect(returned.json()).toMatchObject({ pcStatusCode: 'RETURNED', returnComment: 'Unit price of line 1 must be 12.00 as agreed.' });

    // Returned: gone from the supplier's side, the buyer reads the comment, corrects the line and sends again.
    expect((await call('GET', `${PC}/${String(id)}`, undefined, 'supplier')).statusCode).toBe(404);
    expect((await get(id)).returnComment).toBe('Unit price of line 1 must be 12.00 as agreed.');
    const line = ((await call('GET', `${PCL}?pcHeaderId=${String(id)}`)).json().content as Row[])[0]!;
    const fixed = await call('PUT', `${PCL}/${String(line.pcLineId)}`, { unitPrice: 12, objectVersionNumber: line.objectVersionNumber });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect((await get(id)).amount).toBe('120.00');
    // Returned, it is approved again before it is sent again.
    expect((await act(id, 'send', 'buyer')).json()).toMatchObject({ failed: true, code: 'error.status.transition' });
    await approved(id);
    expect((await act(id, 'send', 'buyer')).statusCode).toBe(200);

    // The supplier confirms; the buyer archives; both still see it.
    const confirmed = await act(id, 'confirm', 'supplier');
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().pcStatusCode).toBe('CONFIRMED');
    expect((await act(id, 'archive', 'buyer')).statusCode).toBe(200);
    expect((await get(id)).pcStatusCode).toBe('ARCHIVED');
    expect((await get(id, 'supplier')).pcStatusCode).toBe('ARCHIVED');
    const archivedList = (await call('GET', `${PC}?pcStatusCode=ARCHIVED&size=1000`)).json().content as Row[];
    expect(archivedList.some((r) => r.pcHeaderId === id)).toBe(true);

    // The history names each move.
    const history = (await call('GET', `${PC}/${String(id)}/history?size=100`)).json() as Array<{ action: string }>;
    expect(history.map((h) => h.action)).toEqual(expect.arrayContaining(['CREATE', 'SUBMIT', 'APPROVE', 'SEND', 'RETURN', 'CONFIRM', 'ARCHIVE']));
  });

  it('refuses edits outside the editable statuses (409, naming the field), header and lines alike', async () => {
    const c = await draft('S0002', [[2, 5]]);
    const id = c.pcHeaderId;
    const line = ((await call('GET', `${PCL}?pcHeaderId=${String(id)}`)).json().content as Row[])[0]!;
    await approved(id);
    expect((await act(id, 'send', 'buyer')).statusCode).toBe(200);
    const sent = await get(id);
    const header = await call('PUT', `${PC}/${String(id)}`, { pcName: 'Changed after sending', objectVersionNumber: sent.objectVersionNumber });
    expect(header.statusCode).toBe(409);
    expect(header.json()).toMatchObject({ field: 'pcName' });
    expect((await call('PUT', `${PCL}/${String(line.pcLineId)}`, { quantity: 3, objectVersionNumber: line.objectVersionNumber })).statusCode).toBe(409);
    expect((await call('POST', PCL, { pcHeaderId: id, itemCode: 'A', itemName: 'A', quantity: 1, unitPrice: 1 })).statusCode).toBe(409);
    expect((await call('DELETE', `${PCL}/${String(line.pcLineId)}`)).statusCode).toBe(409);
    expect((await act(id, 'confirm', 'supplier')).statusCode).toBe(200);
    const confirmed = await get(id);
    expect((await call('PUT', `${PC}/${String(id)}`, { remark: 'late remark', objectVersionNumber: confirmed.objectVersionNumber })).statusCode).toBe(409);
    // A move from a status it does not start from is refused too (a business refusal, as every status action's).
    for (const action of ['send', 'cancel']) expect((await act(id, action, 'buyer')).json(), action).toMatchObject({ failed: true, code: 'error.status.transition' });
    expect(await get(id)).toMatchObject({ pcName: c.pcName, amount: '10.00', pcStatusCode: 'CONFIRMED' });
  });

  it('lets the buyer cancel a draft, never a sent one', async () => {
    const c = await draft('S0004', [[1, 1]]);
    expect((await act(c.pcHeaderId, 'cancel', 'buyer')).statusCode).toBe(200);
    expect((await stored(c.pcHeaderId)).status).toBe('CANCELED');
  });

  it("keeps a supplier off another supplier's contract: 403/404 and nothing changes", async () => {
    const c = await draft('S0005', [[1, 100]]);
    const id = c.pcHeaderId;
    await approved(id);
    expect((await act(id, 'send', 'buyer')).statusCode).toBe(200);
    const before = await stored(id);
    expect([403, 404]).toContain((await call('GET', `${PC}/${String(id)}`, undefined, 'supplier')).statusCode);
    expect([403, 404]).toContain((await act(id, 'confirm', 'supplier')).statusCode);
    expect([403, 404]).toContain((await act(id, 'return', 'supplier', { returnComment: 'not mine' })).statusCode);
    expect([403, 404]).toContain((await call('PUT', `${PC}/${String(id)}`, { remark: 'x', objectVersionNumber: before.v }, 'supplier')).statusCode);
    expect([403, 404]).toContain((await call('DELETE', `${PC}/${String(id)}`, undefined, 'supplier')).statusCode);
    const list = (await call('GET', `${PC}?size=1000`, undefined, 'supplier')).json().content as Row[];
    expect(list.some((r) => r.pcHeaderId === id)).toBe(false);
    expect(await stored(id)).toEqual(before);
    // Nor may a supplier draft a contract itself.
    const own = await supplier('S0001');
    expect((await call('POST', PC, { pcName: 'Mine', usageTypeCode: 'PURCHASE', supplierId: own.id, companyName: 'C', startDateActive: '2026-01-01' }, 'supplier')).statusCode).toBe(403);
  });
});

describe("a contract's approval, through the workflow", () => {
  it('reaches the approver in My tasks, not the buyer who submitted it; locked while it runs; sent only once approved', async () => {
    const c = await draft('S0001', [[4, 25]]);
    const id = c.pcHeaderId;
    // Not sent before it is approved.
    expect((await act(id, 'send', 'buyer')).json()).toMatchObject({ failed: true, code: 'error.status.transition' });
    expect((await act(id, 'submit', 'buyer')).statusCode).toBe(200);
    expect((await stored(id)).status).toBe('APPROVING');

    // In approval nothing changes: header and lines alike, nor a send.
    const now = await get(id);
    const put = await call('PUT', `${PC}/${String(id)}`, { pcName: 'Changed in approval', objectVersionNumber: now.objectVersionNumber });
    expect(put.json()).toMatchObject({ failed: true, code: 'hwfl.document.inApproval' });
    expect((await call('POST', PCL, { pcHeaderId: id, itemCode: 'A', itemName: 'A', quantity: 1, unitPrice: 1 })).json()).toMatchObject({ failed: true, code: 'hwfl.document.inApproval' });
    expect((await act(id, 'send', 'buyer')).json()).toMatchObject({ failed: true });

    // The decision is the workflow's: no status button, and the buyer (who holds the approver role too) has no task.
    expect((await act(id, 'approve', 'approver')).json()).toMatchObject({ failed: true });
    expect((await act(id, 'approve', 'buyer')).json()).toMatchObject({ failed: true, code: 'hwfl.document.byWorkflow' });
    expect(await taskOf(c.pcNum, 'buyer')).toBeUndefined();
    const task = (await taskOf(c.pcNum, 'approver'))!;
    expect(task, 'the approver has the task').toBeDefined();
    // Separation of duties: the submitter cannot decide the approver's task either.
    expect((await decide(task.taskId, 'Approved', 'buyer', 'Mine')).statusCode).not.toBe(200);
    expect((await stored(id)).status).toBe('APPROVING');

    // A rejection needs its reason, which becomes the contract's approval opinion; rejected, it is the buyer's to change again.
    expect((await decide(task.taskId, 'Rejected', 'approver')).json()).toMatchObject({ field: 'approvedRemark' });
    expect((await stored(id)).status).toBe('APPROVING');
    expect((await decide(task.taskId, 'Rejected', 'approver', 'Price of line 1 is above the framework price')).statusCode).toBe(200);
    expect(await get(id)).toMatchObject({ pcStatusCode: 'REJECTED', approvedRemark: 'Price of line 1 is above the framework price' });
    const rejected = await get(id);
    expect((await call('PUT', `${PC}/${String(id)}`, { remark: 'Price corrected', objectVersionNumber: rejected.objectVersionNumber })).statusCode).toBe(200);

    // Submitted again, recalled by the buyer before anyone acted: back to a draft, the task gone.
    expect((await act(id, 'submit', 'buyer')).statusCode).toBe(200);
    expect((await act(id, 'withdraw', 'buyer')).json()).toMatchObject({ failed: true, code: 'hwfl.document.byWorkflow' });
    expect((await call('POST', `${WF}/runtime/documents/contractHeader/${String(id)}/recall`, {})).statusCode).toBe(200);
    expect((await stored(id)).status).toBe('PENDING');
    expect(await taskOf(c.pcNum, 'approver')).toBeUndefined();

    // Approved, it is sent and the supplier sees it.
    await approved(id);
    expect((await get(id)).approvedRemark).toBe('Terms checked');
    expect((await act(id, 'send', 'buyer')).statusCode).toBe(200);
    expect((await get(id, 'supplier')).pcStatusCode).toBe('PUBLISHED');
  });

  it('has the demo contracts in approval waiting in the approver’s My tasks', async () => {
    const waiting = (await s.ctx.db.query<{ num: string }>("select pc_num as num from scm_contract_header where tenant_id = 1 and pc_status_code = 'APPROVING'")).rows;
    expect(waiting.length).toBeGreaterThan(0);
    for (const w of waiting) expect(await taskOf(w.num, 'approver'), w.num).toBeDefined();
  });
});

describe('the demo contracts', () => {
  it('has at least 25 contracts in tenant 1 across the statuses, several for the demo supplier, amounts computed', async () => {
    const byStatus = (await s.ctx.db.query<{ s: string; n: number }>('select pc_status_code as s, count(*)::int as n from scm_contract_header where tenant_id = 1 group by 1')).rows;
    expect(byStatus.reduce((a, r) => a + r.n, 0)).toBeGreaterThanOrEqual(25);
    expect(byStatus.map((r) => r.s)).toEqual(expect.arrayContaining(['PENDING', 'PUBLISHED', 'RETURNED', 'CONFIRMED', 'ARCHIVED']));
    const mine = (await call('GET', `${PC}?size=1000`, undefined, 'supplier')).json().content as Row[];
    expect(mine.length).toBeGreaterThanOrEqual(3);
    expect(mine.every((r) => ['PUBLISHED', 'CONFIRMED', 'ARCHIVED'].includes(String(r.pcStatusCode)))).toBe(true);
    expect(mine.every((r) => Number(r.taxIncludeAmount) > 0)).toBe(true);
    const types = (await call('GET', '/scm/v1/1/contract-usage-types?size=100')).json().content as Row[];
    expect(types.map((t) => t.usageTypeCode)).toEqual(expect.arrayContaining(['PURCHASE', 'FRAMEWORK', 'SERVICE']));
  });
});
