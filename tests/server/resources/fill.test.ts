import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PO } from '../orders.ts';
import { startTestServer, type TestServer } from '../harness.ts';
import { contextFacts } from '../../../server/resources/fill.ts';

/** Fields declaring `fill` are filled on create from the creating user and tenant when left empty, on every path. */
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

type Row = Record<string, unknown>;
const one = async <T extends Row>(sql: string, params: unknown[] = []) => (await s.ctx.db.query<T>(sql, params)).rows[0]!;
const nameOf = async (login: string) => (await one<{ n: string }>('select real_name as n from iam_user where login_name = $1', [login])).n;
/** The buyer's employee record: the staff member holding the buyer's e-mail (a fixed row of the employee recipe, schemas/entities/hpfm/employee.json). */
const buyerStaff = () =>
  one<{ employeeId: number; name: string; companyId: number; companyName: string; unitId: number; unitName: string }>(
    `select e.employee_id::float8 as "employeeId", e.name, e.company_id::float8 as "companyId", e.company_name as "companyName", e.unit_id::float8 as "unitId", e.unit_name as "unitName"
       from hpfm_employee e join iam_user u on lower(u.email) = lower(e.email) where u.login_name = 'buyer' and e.tenant_id = 1`,
  );

describe('declared fills', () => {
  it('give a new order its buyer, company (a lookup and its name) and currency when the body leaves them out, and keep what it sends', async () => {
    const staff = await buyerStaff();
    const bare = await s.call({ method: 'POST', url: PO, as: 'buyer', payload: { supplierName: 'Test Supplier' } });
    expect(bare.statusCode, bare.body).toBe(200);
    expect(bare.json()).toMatchObject({ agentName: await nameOf('buyer'), companyId: staff.companyId, companyName: staff.companyName, companyIdMeaning: staff.companyName, currencyCode: 'CNY' });
    const given = await s.call({ method: 'POST', url: PO, as: 'buyer', payload: { supplierName: 'Test Supplier', companyName: 'Branch Co.', agentName: 'Someone Else', currencyCode: 'USD' } });
    // The company's name was sent: its id is not filled beside it, so the two never name two companies.
    expect(given.json()).toMatchObject({ agentName: 'Someone Else', companyName: 'Branch Co.', companyId: null, currencyCode: 'USD' });
  });

  it('give a new requisition its requester, department and company from the organisation, and the day', async () => {
    const staff = await buyerStaff();
    const r = await s.call({ method: 'POST', url: '/sprm/v1/1/purchase-requests', as: 'buyer', payload: { title: 'Filled from the organisation' } });
    expect(r.statusCode, r.body).toBe(200);
    const today = (await contextFacts(s.ctx.db, (await one<{ id: number }>("select id::float8 as id from iam_user where login_name = 'buyer'")).id, 1)).today!.value;
    expect(r.json()).toMatchObject({
      requestedById: staff.employeeId, requestedBy: staff.name, requestedByIdMeaning: staff.name,
      unitId: staff.unitId, unitName: staff.unitName, companyId: staff.companyId, companyName: staff.companyName,
      requestDate: today, currencyCode: 'CNY',
    });
    expect(staff).toMatchObject({ name: await nameOf('buyer'), unitName: '生产采购部', companyName: '演示制造集团股份有限公司' });
  });

  it('hands the shell the same facts with the user, and falls back to the tenant for a person outside the organisation', async () => {
    const self = (await s.call({ url: '/iam/hzero/v1/users/self', as: 'buyer' })).json() as { fills: Row };
    const staff = await buyerStaff();
    expect(self.fills).toMatchObject({ 'user.company': { value: staff.companyId, name: staff.companyName }, 'user.unit': { value: staff.unitId }, 'user.employee': { value: staff.employeeId }, 'tenant.currency': { value: 'CNY' } });
    const supplier = (await one<{ id: number }>("select id::float8 as id from iam_user where login_name = 'supplier'")).id;
    const facts = await contextFacts(s.ctx.db, supplier, 1);
    expect(facts['user.employee']).toBeUndefined();
    expect(facts['user.company']).toEqual({ value: 'Demo Manufacturing Co.', name: 'Demo Manufacturing Co.' });
  });

  it("take the tenant's own currency setting over the platform's, and today in the person's zone", async () => {
    const buyer = (await one<{ id: number }>("select id::float8 as id from iam_user where login_name = 'buyer'")).id;
    // 23:30 UTC is the next day in GMT+8, the buyer's zone.
    expect((await contextFacts(s.ctx.db, buyer, 1, new Date('2026-03-01T23:30:00Z'))).today).toEqual({ value: '2026-03-02' });
    await s.ctx.db.query("insert into hpfm_config (tenant_id, config_code, category, config_value) values (1, 'DEFAULT_CURRENCY', 'BASIC', 'USD')");
    const r = await s.call({ method: 'POST', url: PO, as: 'buyer', payload: { supplierName: 'Test Supplier' } });
    expect(r.json().currencyCode).toBe('USD');
  });
});
