import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditCodeProblem, withCheckChar } from '../../server/modules/spfm/credit-code.ts';
import { startTestServer, type TestServer } from './harness.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

type Row = Record<string, unknown>;
const T = '/spfm/v1/1';
const CODE = withCheckChar('91330100MA2H3J4K5');

const call = async (as: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => {
  const r = await s.call({ as, method, url, ...(payload === undefined ? {} : { payload: payload as Row }) });
  return { status: r.statusCode, body: (r.body ? r.json() : undefined) as Row };
};

/** A draft with everything but what the test leaves out. */
async function draft(as: string, code: string, opts: { bank?: boolean; master?: boolean; contact?: boolean; licence?: boolean } = {}) {
  const c = await call(as, 'POST', `${T}/companies`, { companyName: `Co ${code}`, unifiedSocialCode: code, legalRepName: 'Li Lei', ...(opts.licence === false ? {} : { licenceAttachment: 'uuid-licence' }) });
  expect(c.status, JSON.stringify(c.body)).toBe(200);
  const id = c.body.companyId as number;
  if (opts.contact !== false) expect((await call(as, 'POST', `${T}/company-contacts`, { companyId: id, contactName: 'Li Lei', mobilephone: '13800000000' })).status).toBe(200);
  if (opts.bank !== false) expect((await call(as, 'POST', `${T}/company-banks`, { companyId: id, bankName: 'ICBC', bankAccountName: 'Co', bankAccountNum: '62220000111122223', masterFlag: opts.master === false ? 0 : 1 })).status).toBe(200);
  return (await call(as, 'GET', `${T}/companies/${id}`)).body;
}

const act = (as: string, base: string, rec: Row, action: string, extra: Row = {}) =>
  call(as, 'POST', `${base}/${String(base.endsWith('invites') ? rec.inviteId : rec.companyId)}/actions/${action}`, { objectVersionNumber: rec.objectVersionNumber, ...extra });

const WF = '/hwfl/v1/1';
/** The pending certification task of company `num` in the My tasks of `as`, if any. */
const taskOf = async (num: unknown, as: string) => ((await call(as, 'GET', `${WF}/tasks?statusCode=PENDING&size=200`)).body.content as Array<{ taskId: number; description: string }>).find((t) => t.description.startsWith(String(num)));
const decide = (as: string, taskId: number, action: 'Approved' | 'Rejected', comment?: string) => call(as, 'POST', `${WF}/runtime/tasks/${taskId}`, { action, ...(comment ? { comment } : {}) });

describe('unified social credit code', () => {
  it('accepts a code with its check character and names what is wrong otherwise', () => {
    expect(creditCodeProblem(CODE)).toBeUndefined();
    expect(creditCodeProblem('91330100MA2H3J4K5')).toMatch(/18 characters/);
    const wrong = CODE.slice(0, 17) + (CODE[17] === '0' ? '1' : '0');
    expect(creditCodeProblem(wrong)).toMatch(/check character/);
  });
});

describe('company registration rules', () => {
  it('refuses a bad credit code with a 400 naming the field', async () => {
    const r = await call('newcomer', 'POST', `${T}/companies`, { companyName: 'Bad Co', unifiedSocialCode: CODE.slice(0, 17) + (CODE[17] === '0' ? '1' : '0'), legalRepName: 'X' });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ field: 'unifiedSocialCode' });
    expect(String(r.body.message)).toMatch(/check character/);
  });

  it('refuses a bank account number that is not 8 to 30 digits', async () => {
    const c = await draft('sysadmin', withCheckChar('91110000MA0A1B2C3'), { bank: false });
    const r = await call('sysadmin', 'POST', `${T}/company-banks`, { companyId: c.companyId, bankName: 'ICBC', bankAccountName: 'X', bankAccountNum: '12-34' });
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.body)).toMatch(/bankAccountNum/);
  });

  it('refuses a submit without a master bank account, without a contact, without the licence', async () => {
    const noMaster = await draft('buyer', withCheckChar('91310000MA1B2C3D4'), { master: false });
    const r1 = await act('buyer', `${T}/companies`, noMaster, 'submit');
    expect(r1.status).toBe(400);
    expect(r1.body).toMatchObject({ field: 'masterFlag' });
    const noContact = await draft('approver', withCheckChar('91440300MA5C6D7E8'), { contact: false });
    const r2 = await act('approver', `${T}/companies`, noContact, 'submit');
    expect(r2.status).toBe(400);
    expect(r2.body).toMatchObject({ field: 'spfmCompanyContact' });
    const noLicence = await draft('expert', withCheckChar('91120000MA0D7E8F9'), { licence: false });
    const r3 = await act('expert', `${T}/companies`, noLicence, 'submit');
    expect(r3.status).toBe(400);
    expect(r3.body).toMatchObject({ field: 'licenceAttachment' });
  });

  it('refuses a second master account when it is saved', async () => {
    const c = await draft('director', withCheckChar('91500000MA5E6F7G8'));
    const r = await call('director', 'POST', `${T}/company-banks`, { companyId: c.companyId, bankName: 'BOC', bankAccountName: 'Co', bankAccountNum: '62220000999988887', masterFlag: 1 });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ field: 'masterFlag' });
  });

  it('refuses a duplicate registration of the same credit code with a 409 naming it', async () => {
    const r = await call('supplier', 'POST', `${T}/companies`, { companyName: 'Copy', unifiedSocialCode: withCheckChar('91110000MA0A1B2C3'), legalRepName: 'Y' });
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ field: 'unifiedSocialCode' });
    expect(String(r.body.message)).toMatch(/already registered/);
  });

  it('keeps another person out of a registration', async () => {
    const mine = (await call('newcomer2', 'GET', `${T}/companies/current`)).body;
    expect(mine.processStatus).toBe('SUBMIT');
    const r = await call('supplier', 'POST', `${T}/company-contacts`, { companyId: mine.companyId, contactName: 'Intruder', mobilephone: '13800000001' });
    expect(r.status).toBe(403);
    const list = (await call('supplier', 'GET', `${T}/companies`)).body;
    expect((list.content as Row[]).some((x) => x.companyId === mine.companyId)).toBe(false);
  });
});

describe('registration → certification → invitation → partners', () => {
  let company: Row;
  it('the newcomer registers, resumes the draft, and submits; the lines are then read-only', async () => {
    expect((await call('newcomer', 'GET', `${T}/companies/current`)).body).toEqual({});
    const c = await draft('newcomer', CODE);
    const upd = await call('newcomer', 'PUT', `${T}/companies`, { ...c, currentStep: 'bank' });
    expect(upd.status).toBe(200);
    const current = (await call('newcomer', 'GET', `${T}/companies/current`)).body;
    expect(current).toMatchObject({ companyId: c.companyId, currentStep: 'bank', processStatus: 'PENDING', ownerUserId: expect.any(Number) });
    const sub = await act('newcomer', `${T}/companies`, current, 'submit');
    expect(sub.status, JSON.stringify(sub.body)).toBe(200);
    expect(sub.body.processStatus).toBe('SUBMIT');
    const late = await call('newcomer', 'POST', `${T}/company-contacts`, { companyId: c.companyId, contactName: 'Late', mobilephone: '13800000002' });
    // Refused while its certification runs (the workflow's business refusal), nothing written.
    expect(late.body).toMatchObject({ failed: true, code: 'hwfl.document.inApproval' });
    expect((await call('newcomer', 'GET', `${T}/company-contacts?companyId=${String(c.companyId)}`)).body.content).toHaveLength(1);
    company = sub.body;
  });

  it("the tenant's certifier (the demo approver) certifies in My tasks: not by a status button, not the registrant, not the buyer", async () => {
    // No one moves it directly, not even the platform administrator.
    expect((await act('buyer', `${T}/companies`, company, 'approve')).body).toMatchObject({ failed: true });
    expect((await act('admin', '/spfm/v1/companies', company, 'approve', { processMsg: 'x' })).body).toMatchObject({ failed: true, code: 'hwfl.document.byWorkflow' });
    expect(await taskOf(company.companyNum, 'newcomer')).toBeUndefined();
    expect(await taskOf(company.companyNum, 'buyer')).toBeUndefined();
    // The certifier's list has it, and the task shows the application.
    const list = (await call('approver', 'GET', `${T}/companies?processStatus=SUBMIT&size=100`)).body;
    expect((list.content as Row[]).map((x) => x.companyId)).toContain(company.companyId);
    expect((await call('approver', 'GET', `${T}/companies/${String(company.companyId)}`)).body).toMatchObject({ companyName: company.companyName });
    const task = (await taskOf(company.companyNum, 'approver'))!;
    expect(task, 'the certifier has the certification task').toBeDefined();
    // A person still lists only their own registration.
    expect(((await call('buyer', 'GET', `${T}/companies?size=100`)).body.content as Row[]).map((x) => x.companyId)).not.toContain(company.companyId);
    const ok = await decide('approver', task.taskId, 'Approved', 'Documents verified');
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const done = (await call('newcomer', 'GET', `${T}/companies/current`)).body;
    expect(done).toMatchObject({ processStatus: 'COMPLETE', processMsg: 'Documents verified' });
    expect(await taskOf(company.companyNum, 'approver')).toBeUndefined();
    company = done;
  });

  it('a rejection needs its reason and the applicant sees it; an appeal submits again, to a new task', async () => {
    const pending = (await call('newcomer2', 'GET', `${T}/companies/current`)).body;
    const task = (await taskOf(pending.companyNum, 'approver'))!;
    expect(task, 'the seeded application waits in the certifier’s My tasks').toBeDefined();
    const noReason = await decide('approver', task.taskId, 'Rejected');
    expect(noReason.body).toMatchObject({ field: 'processMsg' });
    const rej = await decide('approver', task.taskId, 'Rejected', 'Licence expired');
    expect(rej.status).toBe(200);
    const seen = (await call('newcomer2', 'GET', `${T}/companies/current`)).body;
    expect(seen).toMatchObject({ processStatus: 'REJECT', processMsg: 'Licence expired' });
    const appeal = await act('newcomer2', `${T}/companies`, seen, 'appeal', { appealReason: 'Renewed licence attached' });
    expect(appeal.status).toBe(200);
    expect(appeal.body.processStatus).toBe('SUBMIT');
    expect(await taskOf(pending.companyNum, 'approver')).toBeDefined();
  });

  it('the certified company is searchable; inviting oneself or an uncertified company is refused', async () => {
    const found = (await call('buyer', 'GET', `${T}/companies/certified?companyName=${encodeURIComponent(String(company.companyName))}`)).body;
    expect((found.content as Row[]).map((x) => x.companyId)).toEqual([company.companyId]);
    expect((found.content as Row[])[0]).not.toHaveProperty('licenceAttachment');
    const self = await call('newcomer', 'POST', `${T}/invites`, { roleType: 'SUPPLIER', companyId: company.companyId });
    // The newcomer may not invite at all through this role; a buyer inviting their own certified company is refused by the rule.
    expect([400, 403]).toContain(self.status);
    const uncert = await call('buyer', 'POST', `${T}/invites`, { roleType: 'SUPPLIER', companyId: (await call('newcomer2', 'GET', `${T}/companies/current`)).body.companyId });
    expect(uncert.status).toBe(400);
    expect(uncert.body).toMatchObject({ field: 'companyId' });
  });

  it('a buyer inviting its own company is refused naming the company', async () => {
    // newcomer2's registration (appealed above) is certified; its owner holds the invitation screen.
    const mine = (await call('newcomer2', 'GET', `${T}/companies/current`)).body;
    expect(mine.processStatus).toBe('SUBMIT');
    const cert = await decide('approver', (await taskOf(mine.companyNum, 'approver'))!.taskId, 'Approved');
    expect(cert.status, JSON.stringify(cert.body)).toBe(200);
    const self = await call('newcomer2', 'POST', `${T}/invites`, { roleType: 'SUPPLIER', companyId: mine.companyId });
    expect(self.status).toBe(400);
    expect(self.body).toMatchObject({ field: 'companyId' });
    expect(String(self.body.message)).toMatch(/cannot invite itself/);
  });

  let invite: Row;
  it('the buyer invites, the buyer cannot answer for the company, the owner accepts', async () => {
    const inv = await call('buyer', 'POST', `${T}/invites`, { roleType: 'SUPPLIER', companyId: company.companyId, categoryIds: 'BEARINGS', investigateTemplateId: 7, inviteRemark: 'Welcome' });
    expect(inv.status, JSON.stringify(inv.body)).toBe(200);
    expect(inv.body).toMatchObject({ inviteStatus: 'NEW', companyName: company.companyName });
    invite = inv.body;
    const twice = await call('buyer', 'POST', `${T}/invites`, { roleType: 'SUPPLIER', companyId: company.companyId });
    expect(twice.status).toBe(409);
    expect((await act('buyer', `${T}/invites`, invite, 'accept')).status).toBe(403);
    const ok = await act('newcomer', `${T}/invites`, invite, 'accept');
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.inviteStatus).toBe('APPROVED');
  });

  it('both partner lists show it, and the supplier master (the order LOV) holds the company', async () => {
    const buyerSide = (await call('buyer', 'GET', `${T}/partners?companyId=${String(company.companyId)}`)).body;
    expect((buyerSide.content as Row[]).map((x) => x.supplierCompanyName)).toEqual([company.companyName]);
    const companySide = (await call('newcomer', 'GET', `${T}/partners/customers`)).body;
    expect((companySide.content as Row[]).map((x) => x.companyId)).toEqual([company.companyId]);
    const suppliers = (await call('buyer', 'GET', `/sslm/v1/1/suppliers?spfmCompanyId=${String(company.companyId)}`)).body;
    expect((suppliers.content as Row[]).map((x) => x.supplierName)).toEqual([company.companyName]);
    const again = await call('buyer', 'POST', `${T}/invites`, { roleType: 'SUPPLIER', companyId: company.companyId });
    expect(again.status).toBe(409);
    expect(String(again.body.message)).toMatch(/already a partner/);
  });

  it('the company owner takes the supplier role and sees, from the supplier side, only that supplier\'s orders', async () => {
    const roles = (await call('newcomer', 'GET', '/iam/hzero/v1/member-roles/self-roles')).body as unknown as Row[];
    const supplierRole = roles.find((r) => r.code === 'SUPPLIER');
    expect(supplierRole, JSON.stringify(roles)).toBeTruthy();
    // As a registrant the orders are not theirs to open; as the supplier they are, their own only.
    expect((await call('newcomer', 'GET', '/sodr/v1/1/po-headers?size=5')).status).toBe(403);
    expect((await call('newcomer', 'PUT', `/iam/hzero/v1/users/roles?roleId=${String(supplierRole!.id)}`)).status).toBe(200);
    const supplierId = ((await call('buyer', 'GET', `/sslm/v1/1/suppliers?spfmCompanyId=${String(company.companyId)}`)).body.content as Row[])[0]!.supplierId;
    const orders = await call('newcomer', 'GET', '/sodr/v1/1/po-headers?size=500');
    expect(orders.status, JSON.stringify(orders.body)).toBe(200);
    expect(((await call('buyer', 'GET', '/sodr/v1/1/po-headers?size=5')).body.content as Row[]).length).toBeGreaterThan(0);
    expect((orders.body.content as Row[]).filter((o) => o.supplierId !== supplierId)).toEqual([]);
  });
});
