import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

/** Tenant pages: overriding a route for one tenant only, and overlays storing only the delta over a site page or file. */
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

type Row = Record<string, unknown>;
const T2 = '/hpfm/v1/2/ui-pages';
const SITE = '/hpfm/v1/ui-pages';
const DEMO = 'HPFM.DEMO.PAYMENT_TERMS';

const routes = async (tenant: number, as: string) => (await s.call({ url: `/hpfm/v1/${tenant}/ui-pages/published-routes`, as })).json() as Record<string, string>;
const runtimeDoc = async (code: string, tenant: number, as: string) => JSON.parse((await s.call({ url: `/hpfm/v1/${tenant}/ui-pages/common/${code}`, as })).json().content);
const columns = (doc: Row) => ((doc.table as Row).columns as Array<string | Row>).map((c) => (typeof c === 'string' ? c : c.field));
const save = (base: string, pageCode: string, content: unknown, as: string) => s.call({ method: 'PUT', url: `${base}/detail`, payload: { pageCode, content: typeof content === 'string' ? content : JSON.stringify(content, null, 2) }, as });
const publish = (base: string, code: string, as: string) => s.call({ method: 'POST', url: `${base}/${code}/publish`, as });

describe("a tenant's own page overrides a route for that tenant only", () => {
  it('publishes a changed copy of /sodr/send-order/list for tenant 2; tenant 1 keeps the file schema', async () => {
    const created = (await s.call({ method: 'POST', url: T2, payload: { pageCode: 'T2.ORDERS', templateCode: 'file', route: '/sodr/send-order/list' }, as: 'admin2' })).json();
    expect(created).toMatchObject({ pageLevel: 'TENANT', tenantId: 2 });
    const doc = JSON.parse(created.content);
    doc.table.columns = doc.table.columns.filter((c: Row | string) => (typeof c === 'string' ? c : c.field) !== 'companyName');
    expect((await save(T2, 'T2.ORDERS', doc, 'admin2')).json().problems).toEqual([]);
    expect((await publish(T2, 'T2.ORDERS', 'admin2')).json()).toMatchObject({ statusCode: 'PUBLISHED', publishedRoute: '/sodr/send-order/list' });
    expect(await routes(2, 'buyer2')).toMatchObject({ '/sodr/send-order/list': 'T2.ORDERS' });
    expect((await routes(1, 'buyer'))['/sodr/send-order/list']).toBeUndefined();
    expect(columns(await runtimeDoc('T2.ORDERS', 2, 'buyer2'))).not.toContain('companyName');
    expect((await s.call({ url: '/hpfm/v1/1/ui-pages/common/T2.ORDERS', as: 'buyer' })).statusCode).toBe(404);
  });
});

describe('overlays over a site page', () => {
  it('opens an inherited site page as an empty overlay and stores only the delta on the first save', async () => {
    const d = (await s.call({ url: `${T2}/${DEMO}`, as: 'admin2' })).json();
    expect(d).toMatchObject({ inherited: true, overlayFlag: 1, versionNumber: 0, base: { source: 'page', ref: DEMO } });
    expect(JSON.parse(d.content)).toMatchObject({ overlay: 1 });
    const overlay = { overlay: 1, columns: { termName: { label: { zh_CN: '条款', en_US: 'Term' } }, discountDays: { hidden: true } }, order: { columns: ['dueDays', 'termName'] } };
    const r = (await save(T2, DEMO, overlay, 'admin2')).json();
    expect(r).toMatchObject({ overlayFlag: 1, versionNumber: 1, pageLevel: 'TENANT', problems: [], conflicts: [] });
    const stored = await s.ctx.db.query<{ content: string }>("select content from hpfm_ui_page where tenant_id = 2 and page_code = $1 and delete_flag = 0", [DEMO]);
    expect(JSON.parse(stored.rows[0]!.content)).toEqual(overlay);
  });

  it('serves the merged page to the tenant once published, and the plain site page to other tenants', async () => {
    expect((await publish(T2, DEMO, 'admin2')).json()).toMatchObject({ statusCode: 'PUBLISHED', publishedVersion: 1 });
    const mine = await runtimeDoc(DEMO, 2, 'buyer2');
    expect(columns(mine).slice(0, 2)).toEqual(['dueDays', 'termName']);
    expect(columns(mine)).not.toContain('discountDays');
    expect((mine.table.columns as Row[]).find((c) => typeof c === 'object' && c.field === 'termName')).toMatchObject({ label: { en_US: 'Term' } });
    const theirs = await runtimeDoc(DEMO, 1, 'buyer');
    expect(columns(theirs)).toContain('discountDays');
    expect(columns(theirs)[0]).toBe('termCode');
  });

  it('lets base changes reach the overlay, and reports an entry the base no longer has as a conflict that blocks publishing', async () => {
    const site = (await s.call({ url: `${SITE}/${DEMO}`, as: 'admin' })).json();
    const doc = JSON.parse(site.content);
    doc.title = { zh_CN: '付款条件 v2', en_US: 'Payment terms v2' };
    doc.table.columns = doc.table.columns.filter((c: Row | string) => (typeof c === 'string' ? c : c.field) !== 'termName');
    await save(SITE, DEMO, doc, 'admin');
    expect((await publish(SITE, DEMO, 'admin')).json().statusCode).toBe('PUBLISHED');
    // The base's new title reaches the tenant; the dropped column is skipped, not guessed.
    const mine = await runtimeDoc(DEMO, 2, 'buyer2');
    expect(mine.title.en_US).toBe('Payment terms v2');
    expect(columns(mine)).not.toContain('termName');
    const d = (await s.call({ url: `${T2}/${DEMO}`, as: 'admin2' })).json();
    expect(d.conflicts).toContainEqual(expect.objectContaining({ path: '/columns/termName', kind: 'missing' }));
    const refused = (await publish(T2, DEMO, 'admin2')).json();
    expect(refused).toMatchObject({ failed: true, code: 'hpfm.uiPage.invalid' });
    expect(refused.problems).toContainEqual(expect.objectContaining({ file: DEMO, path: '/columns/termName' }));
  });

  it('checks an overlay as the merged screen and reports a malformed overlay at its path', async () => {
    const r = (await s.call({ method: 'POST', url: `${T2}/check`, payload: { pageCode: DEMO, content: JSON.stringify({ overlay: 1, columns: { dueDays: { hidden: 'yes' } } }) }, as: 'admin2' })).json();
    expect(r.conflicts).toContainEqual(expect.objectContaining({ path: '/columns/dueDays/hidden', kind: 'invalid' }));
  });
});

describe('overlays over a file schema', () => {
  it('creates a delta over the route file, merged at run time', async () => {
    const created = (await s.call({ method: 'POST', url: T2, payload: { pageCode: 'T2.UOM', templateCode: 'overlay', route: '/hpfm/uom' }, as: 'admin2' })).json();
    expect(created).toMatchObject({ overlayFlag: 1, route: '/hpfm/uom' });
    const file = (await s.call({ url: `${T2}/T2.UOM`, as: 'admin2' })).json();
    expect(file.base).toMatchObject({ source: 'file', ref: 'hpfm/uom.list.json' });
    const base = JSON.parse(file.base.text);
    const first = base.table.columns[0];
    const name = typeof first === 'string' ? first : first.field;
    await save(T2, 'T2.UOM', { overlay: 1, columns: { [name]: { width: 300 } } }, 'admin2');
    expect((await publish(T2, 'T2.UOM', 'admin2')).json().publishedRoute).toBe('/hpfm/uom');
    expect(await routes(2, 'admin2')).toMatchObject({ '/hpfm/uom': 'T2.UOM' });
    const doc = await runtimeDoc('T2.UOM', 2, 'admin2');
    expect(doc.table.columns[0]).toMatchObject({ field: name, width: 300 });
  });

  it('refuses overlays at site level', async () => {
    const r = (await s.call({ method: 'POST', url: SITE, payload: { pageCode: 'S.OVERLAY', templateCode: 'overlay', route: '/hpfm/uom' }, as: 'admin' })).json();
    expect(r).toMatchObject({ failed: true, code: 'hpfm.uiPage.overlaySite' });
  });
});
