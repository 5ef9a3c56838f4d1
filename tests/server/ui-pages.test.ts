import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

/** Stored pages: templates, versions on every save, publishing refused by the checker, history and rollback. */
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

type Row = Record<string, unknown>;
const SITE = '/hpfm/v1/ui-pages';
const T2 = '/hpfm/v1/2/ui-pages';

const create = (body: Row, as = 'admin', base = SITE) => s.call({ method: 'POST', url: base, payload: body, as });
const get = async (code: string, as = 'admin', base = SITE) => (await s.call({ url: `${base}/${code}`, as })).json() as Row;
const save = (code: string, content: string, as = 'admin', base = SITE, objectVersionNumber?: number) =>
  s.call({ method: 'PUT', url: `${base}/detail`, payload: { pageCode: code, content, objectVersionNumber }, as });
const publish = (code: string, as = 'admin', base = SITE) => s.call({ method: 'POST', url: `${base}/${code}/publish`, as });
const runtime = (code: string, tenant: number, as: string) => s.call({ url: `/hpfm/v1/${tenant}/ui-pages/common/${code}`, as });
const routes = async (tenant: number, as: string) => (await s.call({ url: `/hpfm/v1/${tenant}/ui-pages/published-routes`, as })).json() as Record<string, string>;

/** A valid list over purchase orders at `route`, its supplier column titled `label`. */
const orderList = (route: string, label: string) =>
  JSON.stringify(
    { version: 1, route, kind: 'list', title: { zh_CN: '订单', en_US: 'Orders' }, entity: 'poHeader', table: { columns: ['displayPoNum', { field: 'supplierName', label: { zh_CN: label, en_US: label } }, 'amount'] } },
    null,
    2,
  );

describe('the page list', () => {
  it('pages the site pages for a site role, with meanings, and refuses tenant roles on the site path', async () => {
    const r = await s.call({ url: `${SITE}?page=0&size=10&sort=pageCode,asc`, as: 'admin' });
    expect(r.statusCode).toBe(200);
    const page = r.json();
    expect(page.totalElements).toBeGreaterThanOrEqual(2);
    expect(page.content.map((x: Row) => x.pageCode)).toEqual(expect.arrayContaining(['HPFM.DEMO.PAYMENT_TERMS', 'SODR.SEND_ORDER.LIST']));
    const demo = page.content.find((x: Row) => x.pageCode === 'HPFM.DEMO.PAYMENT_TERMS');
    expect(demo).toMatchObject({ statusCode: 'PUBLISHED', statusMeaning: expect.any(String), pageLevel: 'SITE' });
    expect(demo.content).toBeUndefined();
    expect((await s.call({ url: SITE, as: 'admin2' })).statusCode).toBe(403);
  });

  it("shows a tenant its own pages and the published site pages it inherits, never another tenant's", async () => {
    const r = await s.call({ url: `${T2}?size=100`, as: 'admin2' });
    expect(r.statusCode).toBe(200);
    const codes = r.json().content.map((x: Row) => x.pageCode);
    expect(codes).toContain('HPFM.DEMO.PAYMENT_TERMS');
    expect(codes).not.toContain('SODR.SEND_ORDER.LIST'); // a site draft is not inherited
    expect((await s.call({ url: '/hpfm/v1/1/ui-pages', as: 'admin2' })).statusCode).toBe(403);
    expect((await s.call({ url: '/hpfm/v1/1/ui-pages', as: 'buyer' })).statusCode).toBe(403); // no designer menu
    expect((await s.call({ url: `${SITE}?pageCode=PAYMENT`, as: 'admin' })).json().content.map((x: Row) => x.pageCode)).toEqual(['HPFM.DEMO.PAYMENT_TERMS']);
  });
});

describe('creating pages', () => {
  it('scaffolds a page from a template and the entity, as version 1 in draft', async () => {
    const r = await create({ pageCode: 'T.PAYMENT_TERMS', title: 'Terms', templateCode: 'list', entityName: 'paymentTerm', route: '/t/payment-terms' });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ pageCode: 'T.PAYMENT_TERMS', versionNumber: 1, statusCode: 'DRAFT', pageKind: 'list', pageLevel: 'SITE', route: '/t/payment-terms' });
    const doc = JSON.parse(r.json().content);
    expect(doc).toMatchObject({ version: 1, kind: 'list', entity: 'paymentTerm', title: { en_US: 'Terms' } });
    expect(doc.table.columns.length).toBeGreaterThan(2);
    const detail = (await create({ pageCode: 'T.PAYMENT_TERM_DETAIL', templateCode: 'detail', entityName: 'paymentTerm', route: '/t/payment-terms/detail/:termId' })).json();
    expect(JSON.parse(detail.content)).toMatchObject({ kind: 'detail', idParam: 'termId' });
  });

  it("copies a route's file schema, and refuses duplicates, bad codes and unknown templates", async () => {
    const r = await create({ pageCode: 'T.USERS', templateCode: 'file', route: '/hiam/user' });
    expect(r.json()).toMatchObject({ route: '/hiam/user', entityName: 'user', pageKind: 'list' });
    expect(JSON.parse(r.json().content).route).toBe('/hiam/user');
    expect((await create({ pageCode: 'T.USERS', templateCode: 'file', route: '/hiam/user' })).json()).toMatchObject({ failed: true, code: 'error.db.duplicateKey' });
    expect((await create({ pageCode: 'lower case', templateCode: 'list', entityName: 'user' })).statusCode).toBe(400);
    expect((await create({ pageCode: 'T.X', templateCode: 'wizard' })).statusCode).toBe(400);
    expect((await create({ pageCode: 'T.NOFILE', templateCode: 'file', route: '/no/such/route' })).json()).toMatchObject({ failed: true, code: 'hpfm.uiPage.noFile' });
  });
});

describe('saving keeps every version', () => {
  it('saves as a new version, keeps the previous one, ignores an unchanged save and refuses a stale one', async () => {
    await create({ pageCode: 'T.SAVE', templateCode: 'list', entityName: 'poHeader' });
    const v1 = await get('T.SAVE');
    const text = orderList('/t/save', 'Vendor');
    const r = await save('T.SAVE', text, 'admin', SITE, v1.objectVersionNumber as number);
    expect(r.json()).toMatchObject({ versionNumber: 2, statusCode: 'DRAFT', route: '/t/save', problems: [] });
    expect((await save('T.SAVE', text)).json().versionNumber).toBe(2);
    expect((await save('T.SAVE', `${text}\n`, 'admin', SITE, v1.objectVersionNumber as number)).json()).toMatchObject({ failed: true, code: 'error.data.changed' });
    const history = (await s.call({ url: `${SITE}/T.SAVE/history`, as: 'admin' })).json() as Row[];
    expect(history.map((h) => [h.versionNumber, h.actionCode])).toEqual([
      [2, 'SAVE'],
      [1, 'CREATE'],
    ]);
    const old = (await s.call({ url: `${SITE}/T.SAVE/history/1`, as: 'admin' })).json();
    expect(old.content).toBe(v1.content);
  });

  it('saves an invalid draft but reports its problems at their JSON path, and JSON errors by line and column', async () => {
    await create({ pageCode: 'T.BROKEN', templateCode: 'list', entityName: 'poHeader' });
    const bad = orderList('/t/broken', 'Vendor').replace('"amount"', '"amuont"');
    const r = (await save('T.BROKEN', bad)).json();
    expect(r.versionNumber).toBe(2);
    expect(r.problems).toContainEqual({ file: 'T.BROKEN', path: '/table/columns/2', message: expect.stringContaining('"amuont" is not a field of entity poHeader; did you mean "amount"?') });
    const check = (await s.call({ method: 'POST', url: `${SITE}/check`, payload: { pageCode: 'T.BROKEN', content: '{\n  "version": 1,\n  "kind": "list" oops\n}' }, as: 'admin' })).json();
    expect(check.problems[0].message).toMatch(/not valid JSON \(line 3, column \d+\)/);
  });
});

describe('publishing', () => {
  it('is refused with every problem (page code, JSON path, message) and changes nothing', async () => {
    const r = await publish('T.BROKEN');
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(body).toMatchObject({ failed: true, code: 'hpfm.uiPage.invalid' });
    expect(body.problems).toContainEqual(expect.objectContaining({ file: 'T.BROKEN', path: '/table/columns/2' }));
    expect((await get('T.BROKEN')).publishedVersion).toBeNull();
    expect((await routes(1, 'buyer'))['/t/broken']).toBeUndefined();
  });

  it('makes a valid page what users get at run time and lists its route', async () => {
    const r = await publish('T.SAVE');
    expect(r.json()).toMatchObject({ statusCode: 'PUBLISHED', publishedVersion: 2, publishedRoute: '/t/save' });
    const rt = (await runtime('T.SAVE', 1, 'buyer')).json();
    expect(rt).toMatchObject({ pageCode: 'T.SAVE', pageLevel: 'SITE', versionNumber: 2 });
    expect(JSON.parse(rt.content).table.columns[1].label.en_US).toBe('Vendor');
    expect(await routes(1, 'buyer')).toMatchObject({ '/t/save': 'T.SAVE' });
    expect(await routes(2, 'buyer2')).toMatchObject({ '/t/save': 'T.SAVE' });
    expect((await runtime('T.SAVE', 1, 'buyer2')).statusCode).toBe(403);
  });

  it('keeps serving the published version while the next one is a draft', async () => {
    await save('T.SAVE', orderList('/t/save', 'Supplier (draft)'));
    expect((await get('T.SAVE')).statusCode).toBe('DRAFT');
    expect(JSON.parse((await runtime('T.SAVE', 1, 'buyer')).json().content).table.columns[1].label.en_US).toBe('Vendor');
    const preview = (await s.call({ url: `${SITE}/preview/T.SAVE`, as: 'admin' })).json();
    expect(JSON.parse(preview.content).table.columns[1].label.en_US).toBe('Supplier (draft)');
  });

  it('refuses a second published page on the same route at the same level', async () => {
    await create({ pageCode: 'T.SAVE_TWIN', templateCode: 'list', entityName: 'poHeader' });
    await save('T.SAVE_TWIN', orderList('/t/save', 'Twin'));
    const body = (await publish('T.SAVE_TWIN')).json();
    expect(body.problems).toContainEqual(expect.objectContaining({ path: '/route', message: expect.stringContaining('T.SAVE') }));
  });
});

describe('the designer protects itself', () => {
  it("refuses a page overriding the designer's own routes", async () => {
    await create({ pageCode: 'T.DESIGNER', templateCode: 'file', route: '/hpfm/ui/page/list' });
    const body = (await publish('T.DESIGNER')).json();
    expect(body.problems).toContainEqual(expect.objectContaining({ path: '/route', message: expect.stringContaining('page designer itself') }));
  });
});

describe('history and rollback', () => {
  it('rolls back in one call: the old JSON becomes a new version and, the page being live, is published', async () => {
    await publish('T.SAVE'); // v3 "Supplier (draft)" goes live
    expect(JSON.parse((await runtime('T.SAVE', 1, 'buyer')).json().content).table.columns[1].label.en_US).toBe('Supplier (draft)');
    const r = await s.call({ method: 'POST', url: `${SITE}/T.SAVE/rollback`, payload: { versionNumber: 2 }, as: 'admin' });
    expect(r.json()).toMatchObject({ versionNumber: 4, publishedVersion: 4, statusCode: 'PUBLISHED' });
    expect(JSON.parse((await runtime('T.SAVE', 1, 'buyer')).json().content).table.columns[1].label.en_US).toBe('Vendor');
    const history = (await s.call({ url: `${SITE}/T.SAVE/history`, as: 'admin' })).json() as Row[];
    expect(history.slice(0, 2).map((h) => h.actionCode)).toEqual(['PUBLISH', 'ROLLBACK']);
  });

  it('unpublishes: the route goes back to its file schema', async () => {
    await s.call({ method: 'POST', url: `${SITE}/T.SAVE/unpublish`, as: 'admin' });
    expect((await routes(1, 'buyer'))['/t/save']).toBeUndefined();
    expect((await runtime('T.SAVE', 1, 'buyer')).statusCode).toBe(404);
  });
});

describe('copy and delete', () => {
  it('copies a page as a new draft and deletes softly, freeing the code', async () => {
    const copy = (await s.call({ method: 'POST', url: `${SITE}/T.USERS/copy`, as: 'admin' })).json();
    expect(copy).toMatchObject({ pageCode: 'T.USERS_COPY', statusCode: 'DRAFT', versionNumber: 1, route: '/hiam/user' });
    expect((await s.call({ method: 'POST', url: `${SITE}/T.USERS/copy`, as: 'admin' })).json().pageCode).toBe('T.USERS_COPY2');
    expect((await s.call({ method: 'DELETE', url: `${SITE}/T.USERS_COPY`, as: 'admin' })).statusCode).toBe(200);
    expect((await s.call({ url: `${SITE}/T.USERS_COPY`, as: 'admin' })).statusCode).toBe(404);
    const kept = await s.ctx.db.query<{ n: number }>("select count(*)::int as n from hpfm_ui_page where page_code = 'T.USERS_COPY' and delete_flag = 1");
    expect(kept.rows[0]!.n).toBe(1);
    expect((await s.call({ method: 'POST', url: `${SITE}/T.USERS/copy`, payload: { pageCode: 'T.USERS_COPY' }, as: 'admin' })).json().pageCode).toBe('T.USERS_COPY');
  });
});
