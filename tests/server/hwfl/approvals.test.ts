import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../harness.ts';
import { orderOf } from '../orders.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const PO = '/sodr/v1/1/po-headers';
const WF = '/hwfl/v1/1';
type Row = Record<string, unknown>;

async function json(r: Promise<{ statusCode: number; body: string; json(): unknown }>, status = 200): Promise<Row> {
  const res = await r;
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as Row;
}

/** A new order of the buyer with one line, submitted for approval. */
async function submitted(amount: number, as = 'buyer'): Promise<Row> {
  const po = await orderOf((o) => s.call(o), as, amount, { supplierName: 'Flow Supplier' });
  const r = await json(s.call({ method: 'POST', url: `${PO}/${po.poHeaderId}/actions/submit`, as, payload: { objectVersionNumber: po.objectVersionNumber } }));
  expect(r.failed, JSON.stringify(r)).toBeUndefined();
  return r;
}

async function myTasks(as: string, filter = ''): Promise<Row[]> {
  return (await json(s.call({ url: `${WF}/tasks?statusCode=PENDING&size=100${filter}`, as }))).content as Row[];
}

const taskOf = async (as: string, poNum: unknown) => (await myTasks(as)).find((t) => String(t.description).startsWith(String(poNum)));
const order = (id: unknown) => json(s.call({ url: `${PO}/${id}`, as: 'buyer' }));
const act = (as: string, taskId: unknown, payload: Row) => s.call({ method: 'POST', url: `${WF}/runtime/tasks/${taskId}`, as, payload });

describe('a purchase order through its approval', () => {
  it('submit starts the process: the approver has the task, the buyer does not approve their own order, the order is locked', async () => {
    const po = await submitted(5_000);
    expect(po.statusCode).toBe('APPROVING');
    const task = await taskOf('approver', po.displayPoNum);
    expect(task).toMatchObject({ name: 'Purchasing manager', assigneeName: 'Alex Approver', startUserName: 'Bella Buyer' });
    // buyer also holds the APPROVER role, but is the initiator
    expect(await taskOf('buyer', po.displayPoNum)).toBeUndefined();
    const edit = await json(s.call({ method: 'PUT', url: PO, as: 'buyer', payload: { ...po, remark: 'changed in approval' } }));
    expect(edit).toMatchObject({ failed: true, code: 'hwfl.document.inApproval' });
    const direct = await json(s.call({ method: 'POST', url: `${PO}/${po.poHeaderId}/actions/approve`, as: 'admin', payload: {} }));
    expect(direct).toMatchObject({ failed: true, code: 'hwfl.document.byWorkflow' });
    const line = await json(s.call({ method: 'POST', url: `/sodr/v1/1/po-lines`, as: 'buyer', payload: { poHeaderId: po.poHeaderId, lineNum: 9, itemCode: 'MAT-1001', itemName: 'Late line', quantity: 1, unitPrice: 1 } }));
    expect(line).toMatchObject({ failed: true, code: 'hwfl.document.inApproval' });
  });

  it('approving a small order ends the process and approves the order; the buyer is told', async () => {
    const po = await submitted(5_000);
    const task = (await taskOf('approver', po.displayPoNum))!;
    const detail = await json(s.call({ url: `${WF}/activiti/task/${task.taskId}`, as: 'approver' }));
    expect(detail.actions).toEqual(['Approved', 'Rejected', 'DELEGATE', 'ADD_SIGN', 'CARBON_COPY']);
    expect(detail.current).toEqual(['manager']);
    expect((detail.record as Row).displayPoNum).toBe(po.displayPoNum);
    const r = await json(act('approver', task.taskId, { action: 'Approved', comment: 'fine' }));
    expect(r).toMatchObject({ statusCode: 'ENDED', resultCode: 'APPROVED' });
    expect((await order(po.poHeaderId)).statusCode).toBe('APPROVED');
    const view = await json(s.call({ url: `${WF}/process/instance/${r.instanceId}`, as: 'buyer' }));
    expect((view.history as Row[]).map((h) => h.action)).toEqual(['START', 'Approved', 'END']);
    expect((view.history as Row[])[1]).toMatchObject({ userName: 'Alex Approver', comment: 'fine', nodeName: 'Purchasing manager' });
    const inbox = (await json(s.call({ url: '/hmsg/v1/1/messages/user?size=5', as: 'buyer' }))).content as Row[];
    expect(inbox.some((m) => String(m.subject).includes('[APPROVED]'))).toBe(true);
  });

  it('an order over 100,000 needs the director after the manager', async () => {
    const po = await submitted(250_000);
    const t1 = (await taskOf('approver', po.displayPoNum))!;
    await json(act('approver', t1.taskId, { action: 'Approved' }));
    expect((await order(po.poHeaderId)).statusCode).toBe('APPROVING');
    const t2 = (await taskOf('director', po.displayPoNum))!;
    expect(t2.name).toBe('Director');
    await json(act('director', t2.taskId, { action: 'Approved' }));
    expect((await order(po.poHeaderId)).statusCode).toBe('APPROVED');
  });

  it('a rejection ends the process and rejects the order, which can be changed and submitted again', async () => {
    const po = await submitted(7_000);
    const t = (await taskOf('approver', po.displayPoNum))!;
    expect(await json(act('approver', t.taskId, { action: 'Rejected', comment: 'wrong supplier' }))).toMatchObject({ resultCode: 'REJECTED' });
    const rejected = await order(po.poHeaderId);
    expect(rejected.statusCode).toBe('REJECTED');
    expect((await json(s.call({ method: 'PUT', url: PO, as: 'buyer', payload: { ...rejected, remark: 'fixed' } }))).failed).toBeUndefined();
  });

  it('a task acted on twice, or by someone else, is refused with a message and nothing changes', async () => {
    const po = await submitted(3_000);
    const t = (await taskOf('approver', po.displayPoNum))!;
    const stranger = await act('director', t.taskId, { action: 'Approved' });
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().message).toContain('Alex Approver');
    await json(act('approver', t.taskId, { action: 'Approved' }));
    const again = await act('approver', t.taskId, { action: 'Rejected' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already been handled \(Approved by Alex Approver/);
    expect((await order(po.poHeaderId)).statusCode).toBe('APPROVED');
    expect((await act('approver', t.taskId, { action: 'MAYBE' })).statusCode).toBe(400);
  });

  it('delegate passes the task on; add-sign makes a second approver needed', async () => {
    const po = await submitted(4_000);
    const t = (await taskOf('approver', po.displayPoNum))!;
    const users = (await json(s.call({ url: `${WF}/users?name=director`, as: 'approver' }))) as unknown as Row[];
    const director = users[0]!.userId;
    await json(act('approver', t.taskId, { action: 'DELEGATE', targetUserId: director, comment: 'on leave' }));
    expect(await taskOf('approver', po.displayPoNum)).toBeUndefined();
    const moved = (await taskOf('director', po.displayPoNum))!;
    expect(moved).toMatchObject({ taskId: t.taskId, ownerName: 'Alex Approver' });
    const approverId = (((await json(s.call({ url: `${WF}/users?name=approver`, as: 'director' }))) as unknown as Row[])[0]!).userId;
    await json(act('director', t.taskId, { action: 'ADD_SIGN', targetUserId: approverId }));
    await json(act('director', t.taskId, { action: 'Approved' }));
    expect((await order(po.poHeaderId)).statusCode).toBe('APPROVING');
    const added = (await taskOf('approver', po.displayPoNum))!;
    expect(added.addedFlag).toBe(1);
    await json(act('approver', added.taskId, { action: 'Approved' }));
    expect((await order(po.poHeaderId)).statusCode).toBe('APPROVED');
  });

  it('the initiator recalls before anyone acted (the order is a draft again), and cannot after', async () => {
    const po = await submitted(2_000);
    const t = (await taskOf('approver', po.displayPoNum))!;
    const inst = (await json(s.call({ url: `${WF}/activiti/task/${t.taskId}`, as: 'approver' }))).instance as Row;
    expect((await s.call({ method: 'POST', url: `${WF}/runtime/prc/back/${inst.instanceId}`, as: 'approver', payload: {} })).statusCode).toBe(403);
    await json(s.call({ method: 'POST', url: `${WF}/runtime/prc/back/${inst.instanceId}`, as: 'buyer', payload: {} }));
    expect((await order(po.poHeaderId)).statusCode).toBe('NEW');
    expect(await taskOf('approver', po.displayPoNum)).toBeUndefined();

    const po2 = await submitted(250_000);
    const t2 = (await taskOf('approver', po2.displayPoNum))!;
    await json(act('approver', t2.taskId, { action: 'Approved' }));
    const i2 = (await json(s.call({ url: `${WF}/activiti/task/${t2.taskId}`, as: 'approver' }))).instance as Row;
    expect(await json(s.call({ method: 'POST', url: `${WF}/runtime/prc/back/${i2.instanceId}`, as: 'buyer', payload: {} }))).toMatchObject({ failed: true, code: 'hwfl.recall.tooLate' });
    await json(s.call({ method: 'POST', url: `${WF}/runtime/prc/revoke/${i2.instanceId}`, as: 'buyer', payload: { comment: 'not needed any more' } }));
    expect((await order(po2.poHeaderId)).statusCode).toBe('NEW');
  });

  it('an administrator jumps back to the manager, suspends and resumes', async () => {
    const po = await submitted(300_000);
    const t = (await taskOf('approver', po.displayPoNum))!;
    await json(act('approver', t.taskId, { action: 'Approved' }));
    const director = (await taskOf('director', po.displayPoNum))!;
    const inst = ((await json(s.call({ url: `${WF}/activiti/task/${director.taskId}`, as: 'director' }))).instance as Row).instanceId;
    expect((await s.call({ method: 'POST', url: `${WF}/runtime/execute/${inst}`, as: 'approver', payload: { action: 'jump', jumpTarget: 'manager' } })).statusCode).toBe(403);
    await json(s.call({ method: 'POST', url: `${WF}/runtime/execute/${inst}`, as: 'sysadmin', payload: { action: 'jump', jumpTarget: 'manager' } }));
    expect(await taskOf('director', po.displayPoNum)).toBeUndefined();
    const back = (await taskOf('approver', po.displayPoNum))!;
    await json(s.call({ method: 'POST', url: `${WF}/runtime/prc/suspend/${inst}`, as: 'sysadmin', payload: {} }));
    expect(await json(act('approver', back.taskId, { action: 'Approved' }))).toMatchObject({ failed: true, code: 'hwfl.instance.suspended' });
    await json(s.call({ method: 'POST', url: `${WF}/runtime/prc/active/${inst}`, as: 'sysadmin', payload: {} }));
    await json(act('approver', back.taskId, { action: 'Approved' }));
    expect((await taskOf('director', po.displayPoNum))!.name).toBe('Director');
  });

  it('retry runs the failed step again: the seeded exception moves on to the director', async () => {
    const inst = (await s.ctx.db.query<{ id: number }>("select instance_id::float8 as id from hwfl_process_instance where tenant_id = 1 and status_code = 'EXCEPTION' limit 1")).rows[0]!.id;
    expect((await s.call({ method: 'POST', url: `${WF}/runtime/execute/retry`, as: 'approver', payload: { instanceId: inst } })).statusCode).toBe(403);
    await json(s.call({ method: 'POST', url: `${WF}/runtime/execute/retry`, as: 'admin', payload: { instanceId: inst } }));
    const tasks = await s.ctx.db.query<{ name: string }>("select name from hwfl_task where instance_id = $1 and status_code = 'PENDING'", [inst]);
    expect(tasks.rows).toEqual([{ name: 'Director' }]);
    expect(await json(s.call({ method: 'POST', url: `${WF}/runtime/execute/retry`, as: 'admin', payload: { instanceId: inst } }))).toMatchObject({ failed: true, code: 'hwfl.instance.noException' });
  });

  it("a delegation rule hands new tasks to the delegate (AUTO_DELEGATE); a copy reaches the copied person's list", async () => {
    const director = ((await json(s.call({ url: `${WF}/users?name=director`, as: 'approver' }))) as unknown as Row[])[0]!.userId;
    const today = new Date().toISOString().slice(0, 10);
    const rule = await json(s.call({ method: 'POST', url: `${WF}/delegate`, as: 'approver', payload: { delegateUserId: director, startDate: today, endDate: today, enabledFlag: 1 } }));
    const po = await submitted(1_200);
    expect(await taskOf('approver', po.displayPoNum)).toBeUndefined();
    const t = (await taskOf('director', po.displayPoNum))!;
    expect(t.ownerName).toBe('Alex Approver');
    const buyerId = ((await json(s.call({ url: `${WF}/users?name=buyer`, as: 'director' }))) as unknown as Row[]).find((u) => u.loginName === 'buyer')!.userId;
    const r = await json(act('director', t.taskId, { action: 'Approved', carbonCopyUserIds: [buyerId] }));
    const view = await json(s.call({ url: `${WF}/process/instance/${r.instanceId}`, as: 'buyer' }));
    expect((view.history as Row[]).map((h) => h.action)).toEqual(['START', 'AUTO_DELEGATE', 'Approved', 'CARBON_COPY', 'END']);
    const copied = (await json(s.call({ url: `${WF}/process/instance/carbon-copy?size=100`, as: 'buyer' }))).content as Row[];
    expect(copied.map((i) => i.instanceId)).toContain(r.instanceId);
    await json(s.call({ method: 'DELETE', url: `${WF}/delegate/${rule.delegateId}`, as: 'approver' }));
  });

  it('a node whose approvers name nobody refuses the submit, naming the node; nothing is submitted', async () => {
    const po = await orderOf((o) => s.call(o), 'buyer', 10, { supplierName: 'Nobody Supplier' });
    await s.ctx.db.query("update iam_user set enabled_flag = 0 where login_name = 'approver'");
    try {
      const r = await json(s.call({ method: 'POST', url: `${PO}/${po.poHeaderId}/actions/submit`, as: 'buyer', payload: {} }));
      expect(r).toMatchObject({ failed: true, code: 'hwfl.assignee.nobody' });
      expect(String(r.message)).toContain('Purchasing manager (manager)');
    } finally {
      await s.ctx.db.query("update iam_user set enabled_flag = 1 where login_name = 'approver'");
    }
    expect((await order(po.poHeaderId)).statusCode).toBe('NEW');
    const none = await s.ctx.db.query("select 1 from hwfl_process_instance where entity_name = 'poHeader' and record_id = $1", [po.poHeaderId]);
    expect(none.rows).toEqual([]);
  });

  it('the lists: started by me, involved, and the seeded orders in approval each have their task', async () => {
    const started = await json(s.call({ url: `${WF}/process/instance/started?size=1`, as: 'buyer' }));
    expect(Number(started.totalElements)).toBeGreaterThan(5);
    const involved = await json(s.call({ url: `${WF}/process/instance/involved?size=100`, as: 'approver' }));
    expect((involved.content as Row[]).every((i) => i.startUserName === 'Bella Buyer')).toBe(true);
    // Each seeded order in approval has its open task, but the one whose step failed (waiting for a retry).
    const seeded = await s.ctx.db.query<{ n: number }>(
      `select count(*)::int as n from sodr_po_header h where h.tenant_id = 1 and h.status_code = 'APPROVING'
          and not exists (select 1 from hwfl_task t join hwfl_process_instance i on i.instance_id = t.instance_id where i.record_id = h.po_header_id and i.entity_name = 'poHeader' and t.status_code = 'PENDING')
          and not exists (select 1 from hwfl_process_instance i where i.record_id = h.po_header_id and i.entity_name = 'poHeader' and i.status_code = 'EXCEPTION')`,
    );
    expect(seeded.rows[0]!.n).toBe(0);
  });
});
