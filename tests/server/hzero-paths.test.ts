import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

/**
 * The reference server answers HZERO 1.5's own paths and shapes for the entities whose
 * declarations say so (`api` in schemas/entities), as the UI now calls them.
 */
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

type Row = Record<string, unknown>;
const first = async (url: string, as = 'admin') => {
  const r = await s.call({ url: `${url}${url.includes('?') ? '&' : '?'}size=1`, as });
  expect(r.statusCode, r.body).toBe(200);
  return (r.json() as { content: Row[] }).content[0]!;
};

describe('lists and records where HZERO has them', () => {
  it('pages users at /users/paging and reads one at /users/{id}/info', async () => {
    const page = (await s.call({ url: '/iam/hzero/v1/1/users/paging?size=5', as: 'admin' })).json() as { content: Row[]; totalElements: number };
    expect(page.content.length).toBe(5);
    expect(page.totalElements).toBeGreaterThan(5);
    const one = await s.call({ url: `/iam/hzero/v1/1/users/${page.content[0]!.id}/info`, as: 'admin' });
    expect(one.json()).toMatchObject({ id: page.content[0]!.id, loginName: page.content[0]!.loginName });
  });

  it('reads a user group at /details/{userGroupId} under /iam/v1', async () => {
    const g = await first('/iam/v1/1/user-groups');
    expect((await s.call({ url: `/iam/v1/1/user-groups/details/${g.userGroupId}`, as: 'admin' })).json()).toMatchObject({ userGroupId: g.userGroupId });
  });

  it("answers the tenant's one password policy on the collection itself", async () => {
    const r = await s.call({ url: '/iam/v1/1/password-policies', as: 'admin' });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ tenantId: 1 });
    expect(r.json()).not.toHaveProperty('content');
  });
});

describe('resources filed under their parent, and keys passed as query parameters', () => {
  it("lists a value set's values at /lov-headers/{lovId}/values, and only that set's", async () => {
    const v = await first('/hpfm/v1/lov-values');
    const page = (await s.call({ url: `/hpfm/v1/lov-headers/${v.lovId}/values?size=200`, as: 'admin' })).json() as { content: Row[] };
    expect(page.content.length).toBeGreaterThan(0);
    expect(page.content.every((r) => r.lovId === v.lovId)).toBe(true);
    expect((await s.call({ url: '/hpfm/v1/lov-headers/abc/values', as: 'admin' })).statusCode).toBe(400);
  });

  it("writes an event's rules under /events/{eventId}/rules and reads one at /rules/{eventRuleId}", async () => {
    const ev = await first('/hpfm/v1/events');
    const made = await s.call({ method: 'POST', url: `/hpfm/v1/events/${ev.eventId}/rules`, payload: { orderSeq: 99, matchingRule: 'true', callType: 'M', beanName: 'demoBean', methodName: 'run', syncFlag: 1, resultFlag: 0, enabledFlag: 1 }, as: 'admin' });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toMatchObject({ eventId: ev.eventId, orderSeq: 99 });
    const one = await s.call({ url: `/hpfm/v1/events/${ev.eventId}/rules/${made.json().eventRuleId}`, as: 'admin' });
    expect(one.json()).toMatchObject({ eventRuleId: made.json().eventRuleId });
    const rules = (await s.call({ url: `/hpfm/v1/events/${ev.eventId}/rules?size=100`, as: 'admin' })).json() as { content: Row[] };
    expect(rules.content.every((r) => r.eventId === ev.eventId)).toBe(true);
    const gone = await s.call({ method: 'DELETE', url: `/hpfm/v1/events/${ev.eventId}/rules`, payload: [{ eventRuleId: made.json().eventRuleId, objectVersionNumber: made.json().objectVersionNumber }], as: 'admin' });
    expect(gone.statusCode).toBe(200);
  });

  it('reads an employee at /employees/id?employeeId=, as HZERO does', async () => {
    const e = await first('/hpfm/v1/1/employees');
    const r = await s.call({ url: `/hpfm/v1/1/employees/id?employeeId=${e.employeeId}`, as: 'admin' });
    expect(r.json()).toMatchObject({ employeeId: e.employeeId, employeeNum: e.employeeNum });
  });

  it("lists a unit's positions at /positions/{unitId}, updates one under its company and unit, and lists a company's departments at /units/department/tree", async () => {
    const p = await first('/hpfm/v1/1/positions');
    const list = (await s.call({ url: `/hpfm/v1/1/positions/${p.unitId}?size=100`, as: 'admin' })).json() as { content: Row[] };
    expect(list.content.some((r) => r.positionId === p.positionId)).toBe(true);
    expect(list.content.every((r) => r.unitId === p.unitId)).toBe(true);
    const upd = await s.call({ method: 'PUT', url: `/hpfm/v1/1/companies/${p.companyId}/units/${p.unitId}/positions/${p.positionId}`, payload: { ...p, headcount: 7 }, as: 'admin' });
    expect(upd.statusCode, upd.body).toBe(200);
    expect(upd.json()).toMatchObject({ positionId: p.positionId, headcount: 7 });
    const one = await s.call({ url: `/hpfm/v1/1/companies/units/positions/${p.positionId}`, as: 'admin' });
    expect(one.json()).toMatchObject({ headcount: 7 });
    const units = (await s.call({ url: `/hpfm/v1/1/units/department/tree?unitCompanyId=${p.companyId}&size=1000`, as: 'admin' })).json() as { content: Row[] };
    expect(units.content.length).toBeGreaterThan(0);
    expect(units.content.every((u) => u.companyId === p.companyId)).toBe(true);
  });

  it("saves the tenant's configuration items as a list by PUT /config", async () => {
    const c = await first('/hpfm/v1/1/config');
    const r = await s.call({ method: 'PUT', url: '/hpfm/v1/1/config', payload: [{ ...c, configValue: 'changed-by-hzero-path' }], as: 'admin' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()[0]).toMatchObject({ configValue: 'changed-by-hzero-path' });
  });
});

describe("HZERO's self paths", () => {
  it('serve a tenant-level user their own sign-ins at /hpfm/v1/audit-logins/self, and an administrator the tenant\'s', async () => {
    const own = (await s.call({ url: '/hpfm/v1/audit-logins/self?size=100', as: 'expert' })).json() as { content: Row[] };
    expect(own.content.length).toBeGreaterThan(0);
    expect(new Set(own.content.map((r) => r.loginName))).toEqual(new Set(['expert']));
    const all = (await s.call({ url: '/hpfm/v1/audit-logins/self?size=100', as: 'admin' })).json() as { content: Row[] };
    expect(new Set(all.content.map((r) => r.loginName)).size).toBeGreaterThan(1);
  });
});

describe('writes in HZERO shapes', () => {
  it('updates by PUT on the collection with the key and version in the body, refusing a stale version', async () => {
    const c = await first('/iam/v1/1/clients');
    const ok = await s.call({ method: 'PUT', url: '/iam/v1/1/clients', payload: { ...c, accessTokenValidity: 7200 }, as: 'admin' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ id: c.id, accessTokenValidity: 7200 });
    // The platform's business refusal: `failed: true` with the code, the record unchanged.
    const stale = await s.call({ method: 'PUT', url: '/iam/v1/1/clients', payload: { ...c, accessTokenValidity: 60 }, as: 'admin' });
    expect(stale.json()).toMatchObject({ failed: true, code: 'error.data.changed' });
    expect((await s.call({ url: `/iam/v1/1/clients/${c.id}`, as: 'admin' })).json()).toMatchObject({ accessTokenValidity: 7200 });
  });

  it('saves a company by POST: no key creates, a key updates, a bad field is named', async () => {
    const created = await s.call({ method: 'POST', url: '/hpfm/v1/1/companies', payload: { companyNum: 'HZ-SAVE-1', companyName: 'Save Co', enabledFlag: 1 }, as: 'admin' });
    expect(created.statusCode, created.body).toBe(200);
    const row = created.json() as Row;
    const updated = await s.call({ method: 'POST', url: '/hpfm/v1/1/companies', payload: { ...row, companyName: 'Save Co 2' }, as: 'admin' });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ companyId: row.companyId, companyName: 'Save Co 2' });
    const bad = await s.call({ method: 'POST', url: '/hpfm/v1/1/companies', payload: { ...(updated.json() as Row), objectVersionNumber: undefined }, as: 'admin' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ failed: true, field: 'objectVersionNumber' });
    expect((await s.call({ method: 'DELETE', url: `/hpfm/v1/1/companies/${row.companyId}`, as: 'admin' })).statusCode).toBe(200);
    expect((await s.call({ url: `/hpfm/v1/1/companies/${row.companyId}`, as: 'admin' })).statusCode).toBe(404);
  });

  it('takes employees as a list (HZERO) and as one row, answering in kind', async () => {
    const list = await s.call({ method: 'POST', url: '/hpfm/v1/1/employees', payload: [{ employeeNum: 'HZ-E-1', name: 'List One', enabledFlag: 1 }], as: 'admin' });
    expect(list.statusCode, list.body).toBe(200);
    expect(Array.isArray(list.json())).toBe(true);
    const [e] = list.json() as Row[];
    const one = await s.call({ method: 'POST', url: '/hpfm/v1/1/employees', payload: { ...e, name: 'List One Renamed' }, as: 'admin' });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toMatchObject({ employeeId: e!.employeeId, name: 'List One Renamed' });
  });

  it('runs a status action at the declared path without a body (notices /{id}/publish)', async () => {
    const created = (await s.call({ method: 'POST', url: '/hmsg/v1/1/notices', payload: { title: 'HZERO path', noticeTypeCode: 'SYSTEM', noticeContent: 'x' }, as: 'sysadmin' })).json() as Row;
    const published = await s.call({ method: 'POST', url: `/hmsg/v1/1/notices/${created.noticeId}/publish`, as: 'sysadmin' });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()).toMatchObject({ statusCode: 'PUBLISHED' });
    expect((await s.call({ method: 'POST', url: `/hmsg/v1/1/notices/${created.noticeId}/unknown`, as: 'sysadmin' })).statusCode).toBe(400);
  });

  it('assigns and removes a role through member-roles/batch-assign and batch-delete', async () => {
    const user = await first('/iam/hzero/v1/1/users/paging?loginName=buyer', 'admin');
    const role = await first(`/iam/hzero/v1/1/users/${String(user.id)}/assignable-roles`, 'admin');
    expect(role, 'the seed leaves a role buyer does not hold').toBeDefined();
    const item = [{ roleId: role!.id, memberId: user.id, memberType: 'user' }];
    expect((await s.call({ method: 'POST', url: '/iam/hzero/v1/1/member-roles/batch-assign', payload: item, as: 'admin' })).statusCode).toBe(200);
    const held = (await s.call({ url: `/iam/hzero/v1/1/member-roles/user-roles/${user.id}?size=100`, as: 'admin' })).json() as { content: Row[] };
    expect(held.content.some((r) => r.id === role!.id)).toBe(true);
    expect((await s.call({ method: 'DELETE', url: '/iam/hzero/v1/1/member-roles/batch-delete', payload: item, as: 'admin' })).statusCode).toBe(200);
    const after = (await s.call({ url: `/iam/hzero/v1/1/member-roles/user-roles/${user.id}?size=100`, as: 'admin' })).json() as { content: Row[] };
    expect(after.content.some((r) => r.id === role!.id)).toBe(false);
  });
});

describe('prompts by promptKey', () => {
  it('answers only the texts of the prompt keys asked for, several comma-joined', async () => {
    const r = (await s.call({ url: '/hpfm/v1/1/prompt/en_US?promptKey=hiam.user,hzero.common', as: 'buyer' })).json() as Record<string, string>;
    const keys = Object.keys(r);
    expect(keys.length).toBeGreaterThan(20);
    expect(keys.every((k) => k.startsWith('hiam.user.') || k.startsWith('hzero.common.'))).toBe(true);
    expect(keys.some((k) => k.startsWith('hiam.user.'))).toBe(true);
  });

  it('requires them, as HZERO does, naming the parameter', async () => {
    const r = await s.call({ url: '/hpfm/v1/1/prompt/en_US', as: 'buyer' });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ failed: true, field: 'promptKey' });
  });
});
