import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

const PO = '/sodr/v1/1/po-headers';
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

type Row = Record<string, unknown>;
const total = async (as: string, query = '') => (await s.call({ url: `${PO}?size=1${query}`, as })).json().totalElements as number;
const post = (url: string, payload: Row, as = 'admin') => s.call({ method: 'POST', url, payload, as });

describe('data permission rules filter tenant data in every list', () => {
  const ranges: number[] = [];
  afterAll(async () => {
    for (const id of ranges) await s.call({ method: 'DELETE', url: `/hpfm/v1/permission-ranges/${id}`, as: 'admin' });
  });

  it('lets PURCHASER see only the orders of one company once a range applies the rule', async () => {
    const all = await total('buyer');
    const sz = await total('buyer', '&companyName=Demo%20Manufacturing%20(Suzhou)%20Ltd.');
    expect(all).toBeGreaterThan(sz);
    expect(sz).toBeGreaterThan(0);
    const rule = await post('/hpfm/v1/1/permission-rules', { ruleCode: 'TEST.PO_SZ', ruleName: 'Suzhou orders', ruleTypeCode: 'EQUALS', fieldName: 'companyName', fieldValue: 'Demo Manufacturing (Suzhou) Ltd.' }, 'sysadmin');
    expect(rule.statusCode).toBe(200);
    const range = await post('/hpfm/v1/1/permission-ranges', { entityName: 'poHeader', roleCode: 'PURCHASER', ruleCode: 'TEST.PO_SZ' }, 'sysadmin');
    expect(range.statusCode).toBe(200);
    ranges.push(range.json().rangeId);
    expect(await total('buyer')).toBe(sz);
    const rows = (await s.call({ url: `${PO}?size=50`, as: 'buyer' })).json().content as Row[];
    expect(rows.every((r) => r.companyName === 'Demo Manufacturing (Suzhou) Ltd.')).toBe(true);
    // Other roles and the site administrator are not restricted by a PURCHASER range.
    expect(await total('approver')).toBe(all);
    const site = (await s.call({ url: '/sodr/v1/1/po-headers?size=1', as: 'admin' })).json().totalElements;
    expect(site).toBe(all);
    // Exports and LOV lookups go through the same list query.
    await s.call({ method: 'PUT', url: `/hpfm/v1/permission-ranges/${range.json().rangeId}`, payload: { objectVersionNumber: range.json().objectVersionNumber, enabledFlag: 0 }, as: 'admin' });
    expect(await total('buyer')).toBe(all);
  });

  it('restricts to the rows a user created with a SELF rule, for every role when the range names none', async () => {
    const own = await post(PO, { supplierName: 'Self Rule Supplier', companyName: 'Demo Manufacturing Co.' }, 'buyer');
    expect(own.statusCode).toBe(200);
    await post('/hpfm/v1/1/permission-rules', { ruleCode: 'TEST.SELF', ruleName: 'Own rows', ruleTypeCode: 'SELF' }, 'sysadmin');
    const range = await post('/hpfm/v1/1/permission-ranges', { entityName: 'poHeader', ruleCode: 'TEST.SELF' }, 'sysadmin');
    ranges.push(range.json().rangeId);
    const mine = (await s.ctx.db.query<{ n: number }>("select count(*)::int as n from sodr_po_header where tenant_id = 1 and created_by = (select id from iam_user where login_name = 'buyer')")).rows[0]!.n;
    expect(await total('buyer')).toBe(mine);
    expect(await total('approver')).toBe(0);
    await s.call({ method: 'DELETE', url: `/hpfm/v1/permission-ranges/${range.json().rangeId}`, as: 'admin' });
    ranges.pop();
  });

  it('combines IN rules with the search filters, and a rule on an unknown field shows nothing (fails closed)', async () => {
    await post('/hpfm/v1/1/permission-rules', { ruleCode: 'TEST.FOREIGN', ruleName: 'Foreign currency', ruleTypeCode: 'IN', fieldName: 'currencyCode', fieldValue: 'USD, EUR' }, 'sysadmin');
    const range = await post('/hpfm/v1/1/permission-ranges', { entityName: 'poHeader', roleCode: 'PURCHASER', ruleCode: 'TEST.FOREIGN' }, 'sysadmin');
    ranges.push(range.json().rangeId);
    const rows = (await s.call({ url: `${PO}?size=500`, as: 'buyer' })).json().content as Row[];
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r.currencyCode))).toEqual(new Set(['USD', 'EUR']));
    expect(await total('buyer', '&currencyCode=CNY')).toBe(0);
    // A stored rule naming a field the entity does not declare never becomes SQL.
    await s.ctx.db.query("update hpfm_permission_rule set field_name = 'amount; drop table sodr_po_header' where rule_code = 'TEST.FOREIGN'");
    expect(await total('buyer')).toBe(0);
    expect((await s.ctx.db.query<{ n: number }>('select count(*)::int as n from sodr_po_header')).rows[0]!.n).toBeGreaterThan(300);
  });

  it('checks ranges and rules when they are saved, and keeps them to the roles holding their menus', async () => {
    expect((await post('/hpfm/v1/1/permission-rules', { ruleCode: 'TEST.BAD', ruleName: 'x', ruleTypeCode: 'EQUALS' }, 'sysadmin')).statusCode).toBe(400);
    expect((await post('/hpfm/v1/1/permission-ranges', { entityName: 'notAnEntity', ruleCode: 'TEST.SELF' }, 'sysadmin')).statusCode).toBe(400);
    await post('/hpfm/v1/1/permission-rules', { ruleCode: 'TEST.ITEM_FIELD', ruleName: 'x', ruleTypeCode: 'EQUALS', fieldName: 'itemTypeCode', fieldValue: 'MATERIAL' }, 'sysadmin');
    expect((await post('/hpfm/v1/1/permission-ranges', { entityName: 'poHeader', ruleCode: 'TEST.ITEM_FIELD' }, 'sysadmin')).statusCode).toBe(400);
    expect((await post('/hpfm/v1/1/permission-ranges', { entityName: 'poHeader', ruleCode: 'TEST.SELF' }, 'buyer')).statusCode).toBe(403);
  });
});
