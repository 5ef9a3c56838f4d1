import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

/**
 * Supplier information change requests: the supplier asks for its own supplier only, the buyer
 * approves, the approval writes the master in the same transaction and keeps before and after
 * values; an approved request cannot be approved again; bad values are refused naming the field.
 */
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

type Row = Record<string, unknown>;
const REQ = '/sslm/v1/1/supplier-change-reqs';
const call = (method: 'GET' | 'POST' | 'PUT', url: string, as: string, payload?: Row) => s.call({ method, url, as, ...(payload ? { payload } : {}) });
const supplier = async (num: string) => (await s.ctx.db.query<{ id: number; name: string }>('select supplier_id::float8 as id, supplier_name as name from sslm_supplier where tenant_id = 1 and supplier_num = $1', [num])).rows[0]!;
const banks = async (id: number) =>
  (await s.ctx.db.query<Row>('select bank_account_num as num, master_flag::int as main from sslm_supplier_bank where tenant_id = 1 and supplier_id = $1 order by bank_account_id', [id])).rows;

async function apply(as: string, body: Row): Promise<Row> {
  const r = await call('POST', `${REQ}/apply`, as, body);
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as Row;
}
async function act(id: unknown, action: string, as: string, extra: Row = {}) {
  const current = (await call('GET', `${REQ}/${String(id)}`, 'buyer')).json() as Row;
  return call('POST', `${REQ}/${String(id)}/actions/${action}`, as, { objectVersionNumber: current.objectVersionNumber, ...extra });
}

const WF = '/hwfl/v1/1';
/** The pending approval task of request `num` in the My tasks of `as`, if any. */
const taskOf = async (num: unknown, as: string) => (((await call('GET', `${WF}/tasks?statusCode=PENDING&size=200`, as)).json() as { content: Array<{ taskId: number; description: string }> }).content ?? []).find((t) => t.description.startsWith(String(num)));
/** The buyer decides the request's approval in My tasks (the comment is a rejection's reason). */
async function decide(req: Row, action: 'Approved' | 'Rejected', comment?: string) {
  const task = await taskOf(req.reqNum, 'buyer');
  expect(task, `the buyer has the approval task of ${String(req.reqNum)}`).toBeDefined();
  return call('POST', `${WF}/runtime/tasks/${task!.taskId}`, 'buyer', { action, ...(comment ? { comment } : {}) });
}

describe('what a supplier reaches', () => {
  it('lists only the requests of its own suppliers, and cannot open another supplier’s', async () => {
    const mine = [(await supplier('S0001')).id, (await supplier('S0002')).id];
    const other = await supplier('S0005');
    const theirs = await apply('buyer', { supplierId: other.id, changeType: 'CONTACT', contactName: 'Someone Else' });
    const list = (await call('GET', `${REQ}?size=100`, 'supplier')).json() as { content: Row[] };
    expect(list.content.length).toBeGreaterThan(0);
    expect(list.content.every((r) => mine.includes(Number(r.supplierId)))).toBe(true);
    expect((await call('GET', `${REQ}/${String(theirs.reqId)}`, 'supplier')).statusCode).toBe(404);
  });

  it('may request changes for its own suppliers only', async () => {
    const other = await supplier('S0005');
    const r = await call('POST', `${REQ}/apply`, 'supplier', { supplierId: other.id, changeType: 'CONTACT', contactName: 'Intruder' });
    expect(r.statusCode).toBe(403);
    expect((r.json() as Row).field).toBe('supplierId');
    // Nor through the generic path, which is the buyer's.
    expect((await call('POST', REQ, 'supplier', { supplierId: (await supplier('S0001')).id, changeType: 'CONTACT', contactName: 'X' })).statusCode).toBe(403);
  });

  it('sees its own master record as its profile, and no one else’s', async () => {
    const r = await call('GET', '/sslm/v1/1/suppliers/mine', 'supplier');
    expect(r.statusCode, r.body).toBe(200);
    expect((r.json() as Row).supplierNum).toBe('S0001');
    expect((await call('GET', '/sslm/v1/1/suppliers/mine', 'buyer')).statusCode).toBe(403);
    const other = await supplier('S0005');
    expect((await call('GET', `/sslm/v1/1/suppliers/${other.id}`, 'supplier')).statusCode).toBe(404);
    // The master is the buyer's to change: the supplier goes through a request.
    const own = (await call('GET', `/sslm/v1/1/suppliers/${(await supplier('S0001')).id}`, 'supplier')).json() as Row;
    expect((await call('PUT', '/sslm/v1/1/suppliers', 'supplier', { ...own, contactName: 'Direct edit' })).statusCode).toBe(403);
  });
});

describe('a bank account change', () => {
  it('is refused with a 4xx naming the field when the account number is not one', async () => {
    const s1 = await supplier('S0001');
    const r = await call('POST', `${REQ}/apply`, 'supplier', { supplierId: s1.id, changeType: 'BANK', bankName: 'Bank of Ningbo', bankAccountName: s1.name, bankAccountNum: '12-34' });
    expect(r.statusCode).toBeGreaterThanOrEqual(400);
    expect(r.statusCode).toBeLessThan(500);
    expect((r.json() as Row).field).toBe('bankAccountNum');
  });

  it('cannot be submitted without the fields a bank change needs', async () => {
    const s1 = await supplier('S0001');
    const req = await apply('supplier', { supplierId: s1.id, changeType: 'BANK', bankName: 'Bank of Ningbo' });
    const r = await act(req.reqId, 'submit', 'supplier');
    expect(r.statusCode).toBe(400);
    expect((r.json() as Row).field).toBe('bankAccountName');
  });

  it('is submitted by the supplier, approved by the buyer, applied to the master with its history, and cannot be approved twice', async () => {
    const s1 = await supplier('S0001');
    const before = await banks(s1.id);
    const oldMain = before.find((b) => b.main === 1)!;
    const req = await apply('supplier', { supplierId: s1.id, changeType: 'BANK', bankName: 'Bank of Ningbo', bankBranchName: 'Yinzhou', bankAccountName: s1.name, bankAccountNum: '6230580000123456', changeReason: 'New account' });
    expect(req).toMatchObject({ reqStatus: 'NEW', supplierName: s1.name });
    // The buyer does not take the supplier's move, nor the supplier the buyer's.
    expect((await act(req.reqId, 'submit', 'buyer')).statusCode).toBe(403);
    const submitted = await act(req.reqId, 'submit', 'supplier');
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect((submitted.json() as Row).reqStatus).toBe('SUBMITTED');
    expect((await act(req.reqId, 'approve', 'supplier')).statusCode).toBe(403);
    // The buyer decides through the workflow, not by a status button; the supplier who submitted it has no task.
    expect((await act(req.reqId, 'approve', 'buyer')).json()).toMatchObject({ failed: true, code: 'hwfl.document.byWorkflow' });
    expect(await taskOf(req.reqNum, 'supplier')).toBeUndefined();

    const lines = (await call('GET', `/sslm/v1/1/supplier-change-lines?reqId=${String(req.reqId)}`, 'buyer')).json() as { content: Row[] };
    expect(lines.content.find((l) => l.fieldName === 'bankAccountNum')).toMatchObject({ beforeValue: oldMain.num, afterValue: '6230580000123456', appliedFlag: 0 });

    const approved = await decide(req, 'Approved', 'Account confirmed by phone');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(((await call('GET', `${REQ}/${String(req.reqId)}`, 'buyer')).json() as Row).reqStatus).toBe('APPROVED');
    const after = await banks(s1.id);
    expect(after.filter((b) => b.main === 1)).toEqual([{ num: '6230580000123456', main: 1 }]);
    expect(after.find((b) => b.num === oldMain.num)).toMatchObject({ main: 0 });
    const history = (await call('GET', `/sslm/v1/1/supplier-change-lines?supplierId=${s1.id}&appliedFlag=1`, 'buyer')).json() as { content: Row[] };
    expect(history.content.find((l) => l.reqId === req.reqId && l.fieldName === 'bankAccountNum')).toMatchObject({ beforeValue: oldMain.num, afterValue: '6230580000123456', appliedFlag: 1, appliedBy: 'buyer' });

    expect(await taskOf(req.reqNum, 'buyer')).toBeUndefined();
    const again = await act(req.reqId, 'approve', 'buyer');
    expect(again.json()).toMatchObject({ failed: true });
    expect(await banks(s1.id)).toEqual(after);
  });
});

describe('a contact change', () => {
  it('updates the master’s own fields, visible in the master’s record history; a rejection changes nothing', async () => {
    const s2 = await supplier('S0002');
    const req = await apply('supplier', { supplierId: s2.id, changeType: 'CONTACT', contactName: 'Han Lei', contactPhone: '13900002222' });
    expect((await act(req.reqId, 'submit', 'supplier')).statusCode).toBe(200);
    expect((await decide(req, 'Approved')).statusCode).toBe(200);
    const master = (await call('GET', `/sslm/v1/1/suppliers/${s2.id}`, 'buyer')).json() as Row;
    expect(master).toMatchObject({ contactName: 'Han Lei', contactPhone: '13900002222' });
    const audit = (await call('GET', `/sslm/v1/1/suppliers/${s2.id}/history`, 'buyer')).json() as Array<{ action: string; changes: Row }>;
    expect(audit[0]).toMatchObject({ action: 'UPDATE', changes: { contactName: 'Han Lei' } });

    const refused = await apply('supplier', { supplierId: s2.id, changeType: 'CONTACT', contactName: 'Nobody' });
    await act(refused.reqId, 'submit', 'supplier');
    // A rejection needs its reason: the buyer's comment is the request's reject reason.
    expect((await decide(refused, 'Rejected')).json()).toMatchObject({ field: 'rejectReason' });
    expect((await decide(refused, 'Rejected', 'Not signed by the legal representative')).statusCode).toBe(200);
    expect((await call('GET', `${REQ}/${String(refused.reqId)}`, 'buyer')).json()).toMatchObject({ reqStatus: 'REJECTED', rejectReason: 'Not signed by the legal representative' });
    expect(((await call('GET', `/sslm/v1/1/suppliers/${s2.id}`, 'buyer')).json() as Row).contactName).toBe('Han Lei');
  });
});

describe('the approval of a change request', () => {
  it('is recalled by the supplier before the buyer acts; the demo request waits in the buyer’s My tasks', async () => {
    const s1 = await supplier('S0001');
    const req = await apply('supplier', { supplierId: s1.id, changeType: 'CONTACT', contactName: 'Recalled Person' });
    expect((await act(req.reqId, 'submit', 'supplier')).statusCode).toBe(200);
    // Locked while it runs.
    const now = (await call('GET', `${REQ}/${String(req.reqId)}`, 'supplier')).json() as Row;
    expect((await call('PUT', REQ, 'supplier', { ...now, contactName: 'Changed in approval' })).json()).toMatchObject({ failed: true });
    expect((await call('POST', `${WF}/runtime/documents/supplierChangeReq/${String(req.reqId)}/recall`, 'supplier', {})).statusCode).toBe(200);
    expect(((await call('GET', `${REQ}/${String(req.reqId)}`, 'supplier')).json() as Row).reqStatus).toBe('NEW');
    expect(await taskOf(req.reqNum, 'buyer')).toBeUndefined();
    expect(await taskOf('SCR-DEMO-02', 'buyer')).toBeDefined();
  });

  it('is decided by the buyer only: the supplier who submitted it cannot act on the task', async () => {
    const s2 = await supplier('S0002');
    const req = await apply('supplier', { supplierId: s2.id, changeType: 'CONTACT', contactName: 'Self Approved' });
    expect((await act(req.reqId, 'submit', 'supplier')).statusCode).toBe(200);
    const task = (await taskOf(req.reqNum, 'buyer'))!;
    expect((await call('POST', `${WF}/runtime/tasks/${task.taskId}`, 'supplier', { action: 'Approved' })).statusCode).not.toBe(200);
    expect(((await call('GET', `${REQ}/${String(req.reqId)}`, 'buyer')).json() as Row).reqStatus).toBe('SUBMITTED');
  });
});

describe('vendor code pairs', () => {
  it('pair a supplier with one ERP vendor code per company, and a code with one supplier', async () => {
    const URL = '/sslm/v1/1/vendor-code-matches';
    const company = (await s.ctx.db.query<{ id: number }>('select company_id::float8 as id from hpfm_company where tenant_id = 1 order by company_id limit 1')).rows[0]!.id;
    const [a, b] = [await supplier('S0011'), await supplier('S0012')];
    await s.ctx.db.query('delete from sslm_vendor_code_match where tenant_id = 1 and company_id = $1', [company]);
    const first = await call('POST', URL, 'buyer', { companyId: company, supplierId: a.id, erpVendorCode: 'ERP-A' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ supplierName: a.name });
    const sameSupplier = await call('POST', URL, 'buyer', { companyId: company, supplierId: a.id, erpVendorCode: 'ERP-B' });
    expect([sameSupplier.statusCode, (sameSupplier.json() as Row).field]).toEqual([409, 'supplierId']);
    const sameCode = await call('POST', URL, 'buyer', { companyId: company, supplierId: b.id, erpVendorCode: 'ERP-A' });
    expect([sameCode.statusCode, (sameCode.json() as Row).field]).toEqual([409, 'erpVendorCode']);
    expect((await call('POST', URL, 'buyer', { companyId: company, supplierId: b.id, erpVendorCode: 'ERP-B' })).statusCode).toBe(200);
  });
});
