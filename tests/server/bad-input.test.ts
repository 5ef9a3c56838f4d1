import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

const PO = '/sodr/v1/1/po-headers';
const LINES = '/sodr/v1/1/po-lines';

let s: TestServer;
let orders: number;
beforeAll(async () => {
  s = await startTestServer();
  orders = await countOrders();
});
afterAll(() => s.close());

async function countOrders(): Promise<number> {
  return Number((await s.ctx.db.query<{ n: number }>('select count(*)::int as n from sodr_po_header')).rows[0]!.n);
}

/** A refusal the client can act on: a 4xx JSON body with a message, never a 500 or a stack trace. */
function expectClean(r: LightMyRequestResponse, status: number, messageHas?: string) {
  expect(r.statusCode, r.body).toBe(status);
  expect(r.headers['content-type']).toMatch(/application\/json/);
  const body = r.json();
  expect(body).toMatchObject({ failed: true, message: expect.any(String) });
  expect(body.stack).toBeUndefined();
  expect(r.body).not.toMatch(/\n\s+at |node_modules|\.ts:\d+/);
  if (messageHas) expect(body.message).toContain(messageHas);
  return body as { message: string; field?: string; code: string };
}

const get = (url: string) => s.call({ url, as: 'buyer' });
const post = (url: string, payload: unknown, headers: Record<string, string> = {}) => s.call({ method: 'POST', url, payload: payload as string, headers, as: 'buyer' });
const validPo = { supplierName: 'Input Co.', companyName: 'Demo Manufacturing Co.' };

describe('sorting from the request never reaches SQL', () => {
  it.each([
    ['an undeclared field', 'nope,asc', 'nope'],
    ['SQL in the field', 'amount; drop table sodr_po_header; --', 'drop table'],
    ['SQL in the direction', 'amount,desc; drop table sodr_po_header', 'cannot sort'],
    ['a bad direction', 'amount,sideways', 'sideways'],
    ['a direction alone', 'desc', 'direction'],
    ['a quoted identifier', '"amount",asc', 'amount'],
    ['a declared field not marked sortable', 'remark,asc', 'remark'],
  ])('refuses %s with 400', async (_what, sort, mention) => {
    expectClean(await get(`${PO}?sort=${encodeURIComponent(sort)}`), 400, mention);
  });

  it('refuses a private field', async () => {
    expectClean(await s.call({ url: `/iam/hzero/v1/1/users?sort=passwordHash,asc`, as: 'sysadmin' }), 400, 'passwordHash');
  });

  it('left the table in place', async () => {
    expect(await countOrders()).toBe(orders);
  });
});

describe('filter values are matched literally', () => {
  it.each([["' or '1'='1"], ["x'; delete from sodr_po_header; --"], ['%'], ['_'], ['\\']])('finds nothing for %j and harms nothing', async (v) => {
    const r = await get(`${PO}?supplierName=${encodeURIComponent(v)}`);
    expect(r.statusCode).toBe(200);
    expect(r.json().totalElements).toBe(0);
    expect(await countOrders()).toBe(orders);
  });

  it('finds a value full of quotes and wildcards exactly', async () => {
    const name = `O'Brien "Quoted" 100%_Ltd; drop table x`;
    expect((await post(PO, { ...validPo, supplierName: name })).json().supplierName).toBe(name);
    const r = await get(`${PO}?supplierName=${encodeURIComponent(`'Brien "Quoted" 100%_`)}`);
    expect(r.json().totalElements).toBe(1);
    expect(r.json().content[0].supplierName).toBe(name);
    orders++;
  });

  it('matches SQL in an exact-match filter as plain text', async () => {
    const r = await get(`${PO}?statusCode=${encodeURIComponent("NEW' or 1=1 --")}`);
    expect(r.statusCode).toBe(200);
    expect(r.json().totalElements).toBe(0);
  });

  it.each([
    ['poHeaderId', '1 or 1=1'],
    ['amountFrom', 'abc'],
    ['amountTo', '1e999'],
    ['creationDateFrom', "2025-01-01' or 1=1"],
    ['releasedDateTo', 'yesterday'],
  ])('refuses %s=%j with 400 naming it', async (param, v) => {
    expectClean(await get(`${PO}?${param}=${encodeURIComponent(v)}`), 400, param);
  });

  it('refuses a non-integer tenant filter on a site path', async () => {
    expectClean(await s.call({ url: '/iam/hzero/v1/roles?tenantId=1%20or%201=1', as: 'admin' }), 400, 'tenantId');
  });
});

describe('paging parameters', () => {
  it('refuses a page that is not a number', async () => {
    expectClean(await get(`${PO}?page=abc`), 400, 'page');
    expectClean(await get(`${PO}?size=-1`), 400, 'size');
  });

  it('answers an empty page for an absurdly large page number', async () => {
    const r = await get(`${PO}?page=99999999999999&size=10`);
    expect(r.statusCode).toBe(200);
    expect(r.json().content).toEqual([]);
  });
});

describe('request bodies', () => {
  it('refuses malformed JSON with 400', async () => {
    expectClean(await post(PO, '{"supplierName": "x",', { 'content-type': 'application/json' }), 400, 'JSON');
    expectClean(await post(PO, '', { 'content-type': 'application/json' }), 400);
  });

  it('refuses a body that is not a JSON object', async () => {
    expectClean(await post(PO, 'supplierName=x', { 'content-type': 'text/plain' }), 400, 'body');
    expectClean(await post(PO, '[1, 2]', { 'content-type': 'application/json' }), 400, 'body');
    expectClean(await post(PO, 'x', { 'content-type': 'application/xml' }), 415);
  });

  it.each([
    [LINES, { poHeaderId: 1, lineNum: 1, itemCode: 'A', itemName: 'A', quantity: 1, unitPrice: 'a lot' }, 'unitPrice'],
    [LINES, { poHeaderId: 1, lineNum: 1, itemCode: 'A', itemName: 'A', quantity: 1, unitPrice: { $gt: 0 } }, 'unitPrice'],
    [PO, { ...validPo, supplierName: 'x'.repeat(121) }, 'supplierName'],
    [PO, { ...validPo, releasedDate: 'next week' }, 'releasedDate'],
    [PO, { ...validPo, currencyCode: 'XXX' }, 'currencyCode'],
    [LINES, { poHeaderId: 1, lineNum: 1, itemCode: 'A', itemName: 'A', quantity: 1, unitPrice: -5 }, 'unitPrice'],
    [LINES, { poHeaderId: 1, lineNum: 1, itemCode: 'A', itemName: 'A', quantity: 'many' }, 'quantity'],
    [LINES, { poHeaderId: 'one', lineNum: 1, itemCode: 'A', itemName: 'A', quantity: 1 }, 'poHeaderId'],
  ])('refuses a wrong type with 400 naming the field (%s %j)', async (url, body, field) => {
    const b = expectClean(await post(url, body), 400, field);
    expect(b.code).toBe('error.validation');
  });

  it('refuses 2 for a flag, naming the field', async () => {
    const r = await s.call({ method: 'POST', url: '/iam/hzero/v1/1/roles', payload: { code: 'FLAG_TEST', name: 'x', enabledFlag: 2 }, as: 'sysadmin' });
    expect(expectClean(r, 400, 'enabledFlag').field).toBe('enabledFlag');
  });

  it('refuses a NUL in a query parameter or a body field with 400 naming it, and a date that does not exist with 400', async () => {
    const q = await s.call({ url: `${PO}?displayPoNum=a%00b`, as: 'buyer' });
    expect(expectClean(q, 400, 'displayPoNum').field).toBe('displayPoNum');
    const b = await post(PO, { ...validPo, remark: 'before\u0000after' });
    expect(expectClean(b, 400, 'remark').field).toBe('remark');
    expectClean(await s.call({ url: '/hmsg/v1/1/messages/user?creationDateFrom=2026-13-45', as: 'buyer' }), 400);
  });

  it('refuses values the column cannot hold with 400, not a database error', async () => {
    // A draft order: lines of one in approval are refused before their values are looked at.
    const draft = (await s.ctx.db.query<{ id: number }>("select po_header_id::float8 as id from sodr_po_header where tenant_id = 1 and status_code = 'NEW' order by po_header_id limit 1")).rows[0]!.id;
    expectClean(await post(LINES, { poHeaderId: draft, lineNum: 1, itemCode: 'A', itemName: 'A', quantity: 1, needByDate: '2026-13-45' }), 400);
    expectClean(await post(LINES, { poHeaderId: draft, lineNum: 1, itemCode: 'A', itemName: 'A', quantity: 1, unitPrice: 1e30 }), 400);
  });

  it('refuses ids that are not integers or out of range', async () => {
    expectClean(await get(`${PO}/abc`), 400, 'id');
    expectClean(await get(`${PO}/99999999999999999999`), 400, 'id');
    expectClean(await s.call({ method: 'DELETE', url: PO, payload: [{ poHeaderId: 'x' }], as: 'buyer' }), 400);
    expectClean(await s.call({ method: 'DELETE', url: `${PO}/1?objectVersionNumber=new`, as: 'buyer' }), 400, 'objectVersionNumber');
  });

  it('created nothing from all of that', async () => {
    expect(await countOrders()).toBe(orders);
  });
});

describe('unknown routes and missing sign-in', () => {
  it('answers an unknown API route with a JSON 404', async () => {
    for (const r of [await get('/sodr/v1/1/nothing-here'), await get('/hzz/v1/x'), await s.call({ method: 'PATCH', url: PO, as: 'buyer' })]) {
      expectClean(r, 404);
    }
  });

  it('answers 401 without a token, even for bad input', async () => {
    expectClean(await s.app.inject({ method: 'POST', url: PO, payload: '{bad', headers: { 'content-type': 'application/json' } }), 401);
  });
});
