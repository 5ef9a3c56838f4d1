import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

/**
 * Experts (ssrc): a requisition filed by a buyer, approved by someone else, becomes the expert
 * record in the approval's transaction; a rejected one is editable again; the signed-in expert
 * reads and changes only their own record, whatever the request names.
 */
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

type Row = Record<string, unknown>;
const REQ = '/ssrc/v1/1/expert-reqs';
const EXP = '/ssrc/v1/1/experts';
const ME = '/ssrc/v1/1/experts/personal';
const call = (method: 'GET' | 'POST' | 'PUT', url: string, as: string, payload?: Row) => s.call({ method, url, as, ...(payload ? { payload } : {}) });
const act = async (id: unknown, action: string, as: string, extra: Row = {}) => {
  const current = (await call('GET', `${REQ}/${String(id)}`, 'buyer')).json() as Row;
  return call('POST', `${REQ}/${String(id)}/actions/${action}`, as, { objectVersionNumber: current.objectVersionNumber, ...extra });
};
const stored = async (id: unknown) => (await s.ctx.db.query<Row>('select expert_req_status as status, expert_id::float8 as "expertId", user_id::float8 as "userId" from ssrc_expert_req where expert_req_id = $1', [id])).rows[0]!;
const count = async (sql: string, params: unknown[] = []) => (await s.ctx.db.query<{ n: number }>(`select count(*)::int as n from ${sql}`, params)).rows[0]!.n;

const profile = (name: string, extra: Row = {}): Row => ({ expertName: name, expertType: 'EXTERNAL', expertLevel: 'SENIOR', expertCategory: 'TECHNOLOGY', mobilephone: '13912345678', mail: 'k.wu@example.com', idType: 'ID_CARD', idNumber: `ID-${name}`, workUnit: 'Tongji University', itemCategories: 'Conveyors', ...extra });

describe('an expert requisition', () => {
  it('is numbered, starts NEW, and names a sign-in account that must exist in the tenant', async () => {
    const bad = await call('POST', REQ, 'buyer', profile('Nobody', { loginName: 'no-such-user' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'loginName' });
    const r = await call('POST', REQ, 'buyer', profile('Kai Wu'));
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ expertReqStatus: 'NEW', expertReqNum: expect.stringMatching(/^ER\d{8}$/), expertId: null });
  });

  it('approved by another user creates the expert record in the same move, bound to the account', async () => {
    const login = (await s.ctx.db.query<{ l: string; id: number }>("select login_name as l, id::float8 as id from iam_user where organization_id = 1 and login_name not in ('admin','buyer','expert','approver','supplier','sysadmin','director') order by id limit 1")).rows[0]!;
    const req = (await call('POST', REQ, 'buyer', profile('Lena Novak', { loginName: login.l }))).json() as Row;
    expect((await stored(req.expertReqId)).userId).toBe(login.id);
    expect((await act(req.expertReqId, 'submit', 'buyer')).statusCode).toBe(200);
    // While submitted it is locked.
    const v = ((await call('GET', `${REQ}/${String(req.expertReqId)}`, 'buyer')).json() as Row).objectVersionNumber;
    expect((await call('PUT', REQ, 'buyer', { expertReqId: req.expertReqId, objectVersionNumber: v, expertName: 'Changed' })).statusCode).toBe(409);
    // Nobody approves their own requisition, although the buyer's role holds the approval menu.
    const own = await act(req.expertReqId, 'approve', 'buyer');
    expect(own.statusCode).toBe(403);
    expect(await count('ssrc_expert where id_number = $1', ['ID-Lena Novak'])).toBe(0);

    const ok = await act(req.expertReqId, 'approve', 'approver', { approveRemark: 'Welcome' });
    expect(ok.statusCode, ok.body).toBe(200);
    const after = await stored(req.expertReqId);
    expect(after.status).toBe('APPROVED');
    const expert = (await call('GET', `${EXP}/${String(after.expertId)}`, 'buyer')).json() as Row;
    expect(expert).toMatchObject({ expertName: 'Lena Novak', expertLevel: 'SENIOR', userId: login.id, loginName: login.l, enabledFlag: 1, expertReqId: req.expertReqId, expertNum: expect.stringMatching(/^EX/) });

    // A second requisition for the same account updates that record instead of making another.
    const again = (await call('POST', REQ, 'buyer', profile('Lena Novak', { loginName: login.l, expertLevel: 'INTERMEDIATE' }))).json() as Row;
    await act(again.expertReqId, 'submit', 'buyer');
    expect((await act(again.expertReqId, 'approve', 'approver')).statusCode).toBe(200);
    expect((await stored(again.expertReqId)).expertId).toBe(after.expertId);
    expect(await count('ssrc_expert where user_id = $1', [login.id])).toBe(1);
    expect(((await call('GET', `${EXP}/${String(after.expertId)}`, 'buyer')).json() as Row).expertLevel).toBe('INTERMEDIATE');
  });

  it('rejected needs a comment, creates nothing and is editable and submittable again', async () => {
    const req = (await call('POST', REQ, 'buyer', profile('Otto Rossi'))).json() as Row;
    await act(req.expertReqId, 'submit', 'buyer');
    const blank = await act(req.expertReqId, 'reject', 'approver', { approveRemark: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ field: 'approveRemark' });
    expect((await act(req.expertReqId, 'reject', 'approver', { approveRemark: 'Add your ID' })).statusCode).toBe(200);
    expect(await stored(req.expertReqId)).toMatchObject({ status: 'REJECTED', expertId: null });
    expect(await count('ssrc_expert where id_number = $1', ['ID-Otto Rossi'])).toBe(0);
    const cur = (await call('GET', `${REQ}/${String(req.expertReqId)}`, 'buyer')).json() as Row;
    const edited = await call('PUT', REQ, 'buyer', { expertReqId: req.expertReqId, objectVersionNumber: cur.objectVersionNumber, idNumber: 'ID-OR-2' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await act(req.expertReqId, 'submit', 'buyer')).statusCode).toBe(200);
    // Approving twice is refused by the status machine.
    expect((await act(req.expertReqId, 'approve', 'approver')).statusCode).toBe(200);
    const twice = await act(req.expertReqId, 'approve', 'approver');
    expect(twice.json()).toMatchObject({ failed: true, code: 'error.status.transition' });
  });
});

describe('the expert’s own profile', () => {
  it('is the signed-in expert’s record only: read, change the personal fields, never another’s', async () => {
    const mine = await call('GET', ME, 'expert');
    expect(mine.statusCode, mine.body).toBe(200);
    const me = mine.json() as Row;
    expect(me).toMatchObject({ loginName: 'expert', expertName: 'Eva Expert' });
    const other = (await s.ctx.db.query<{ id: number }>('select expert_id::float8 as id from ssrc_expert where tenant_id = 1 and expert_id <> $1 order by expert_id limit 1', [me.expertId])).rows[0]!.id;

    // The generic expert paths are the administrator's: the expert reaches no other record there.
    expect((await call('GET', `${EXP}/${other}`, 'expert')).statusCode).toBe(403);
    expect((await call('GET', EXP, 'expert')).statusCode).toBe(403);
    expect((await call('PUT', EXP, 'expert', { expertId: other, objectVersionNumber: 1, mobilephone: '13800000000' })).statusCode).toBe(403);

    // Naming another expert in the personal call is refused and changes nothing.
    const before = (await s.ctx.db.query<Row>('select mobilephone from ssrc_expert where expert_id = $1', [other])).rows[0]!;
    const sneaky = await call('PUT', ME, 'expert', { expertId: other, objectVersionNumber: me.objectVersionNumber, mobilephone: '13800000000' });
    expect(sneaky.statusCode).toBe(403);
    expect((await s.ctx.db.query<Row>('select mobilephone from ssrc_expert where expert_id = $1', [other])).rows[0]).toEqual(before);

    // Own personal fields change; the administrator's fields in the same body do not.
    const saved = await call('PUT', ME, 'expert', { expertId: me.expertId, objectVersionNumber: me.objectVersionNumber, mobilephone: '+86 139 0000 1111', resume: 'Updated résumé', expertLevel: 'JUNIOR', enabledFlag: 0 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ mobilephone: '+86 139 0000 1111', resume: 'Updated résumé', expertLevel: me.expertLevel, enabledFlag: 1 });
    // A bad e-mail is a 400 naming the field.
    const bad = await call('PUT', ME, 'expert', { objectVersionNumber: (saved.json() as Row).objectVersionNumber, mail: 'not-an-address' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('mail');
    // A stale version is refused.
    expect((await call('PUT', ME, 'expert', { objectVersionNumber: me.objectVersionNumber, mobilephone: '13900000000' })).json()).toMatchObject({ code: 'error.data.changed' });
  });

  it('is a 404 for an account that is not an expert’s, and the portal says so without one', async () => {
    expect((await call('GET', ME, 'buyer')).statusCode).toBe(404);
    expect((await call('GET', '/ssrc/v1/1/experts/portal', 'buyer')).json()).toMatchObject({ registered: false, expert: null });
    expect((await call('GET', '/ssrc/v1/1/experts/portal', 'expert')).json()).toMatchObject({ registered: true, expert: { expertName: 'Eva Expert' } });
    // The supplier's role has no expert page at all.
    expect((await call('GET', ME, 'supplier')).statusCode).toBe(403);
  });

  it('the administrator disables and enables an expert; the expert cannot', async () => {
    const me = (await call('GET', ME, 'expert')).json() as Row;
    expect((await call('POST', `${EXP}/${String(me.expertId)}/actions/disable`, 'expert', { objectVersionNumber: me.objectVersionNumber })).statusCode).toBe(403);
    const off = await call('POST', `${EXP}/${String(me.expertId)}/actions/disable`, 'buyer', { objectVersionNumber: me.objectVersionNumber });
    expect(off.statusCode, off.body).toBe(200);
    expect((await call('GET', '/ssrc/v1/1/experts/portal', 'expert')).json()).toMatchObject({ expert: { enabledFlag: 0 } });
    const on = await call('POST', `${EXP}/${String(me.expertId)}/actions/enable`, 'buyer', { objectVersionNumber: (off.json() as Row).objectVersionNumber });
    expect(on.json()).toMatchObject({ enabledFlag: 1 });
  });
});
