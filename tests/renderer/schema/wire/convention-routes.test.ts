import { describe, expect, it } from 'vitest';
import type { EntityDecl } from '../../../../renderer/schema/entity.ts';
import { conventionRoutes } from '../../../../renderer/schema/wire/convention-routes.ts';
import { platformConvention } from '../../../../renderer/schema/wire/rest-convention.ts';

const entity = (api: EntityDecl['api'], status = false): EntityDecl =>
  ({
    name: 'thing',
    table: 't',
    primaryKey: 'thingId',
    paths: { tenant: '/x/v1/{tenantId}/things' },
    fields: [{ name: 'thingId', type: 'integer' }],
    api,
    ...(status ? { status: { field: 'statusCode', initial: 'NEW', transitions: { publish: { from: ['NEW'], to: 'DONE' } } } } : {}),
  }) as unknown as EntityDecl;
const base = '/x/v1/{tenantId}/things';
const names = (e: EntityDecl) => conventionRoutes(e, base).map((r) => `${r.method} ${r.path} ${r.op}${r.create ? ' c' : ''}${r.update ? ' u' : ''}${r.list ? ' []' : ''}`);

describe('the generic routes an entity declaration gives', () => {
  it('are the platform defaults without an api declaration', () => {
    expect(names(entity(undefined))).toEqual([
      `GET ${base} list`,
      `GET ${base}/{id} get`,
      `POST ${base} write c`,
      `PUT ${base} write u`,
      `PUT ${base}/{id} write u`,
      `DELETE ${base}/{id} removeItem`,
      `DELETE ${base} removeBatch`,
    ]);
  });

  it('add where HZERO puts a list, a record, an export, a save, a list body, a delete by key and a status action', () => {
    const e = entity({ list: '/paging', item: '/details/{thingId}', export: '/export', update: { method: 'POST', list: true }, remove: { path: '/{thingId}', body: true }, transition: { path: '/{thingId}/{action}', body: false } }, true);
    const r = names(e);
    expect(r).toContain(`GET ${base}/paging list`);
    expect(r).toContain(`GET ${base}/details/{id} get`);
    expect(r).toContain(`GET ${base}/export export`);
    // The declared save by POST and the default create share one route that does both, list bodies included.
    expect(r).toContain(`POST ${base} write c u []`);
    expect(r).toContain(`POST ${base}/{id}/{action} transition`);
    expect(r.filter((x) => x.startsWith(`DELETE ${base}/{id}`))).toHaveLength(1);
  });

  it('match the calls the convention makes, so whatever the UI sends has a route', () => {
    const e = entity({ list: '/paging', item: '/details/{thingId}', create: { path: '/create' }, update: { method: 'POST', path: '/update' }, remove: { path: '/{thingId}' }, transition: { path: '/{thingId}/{action}', body: false } }, true);
    const routes = conventionRoutes(e, base);
    const has = (method: string | undefined, url: string) => routes.some((r) => r.method === (method ?? 'GET') && r.path === url.replace('{thingId}', '{id}'));
    const rec = { thingId: 5, objectVersionNumber: 1 };
    const c = platformConvention;
    expect(has('GET', c.list(base, e))).toBe(true);
    expect(has('GET', c.item(base, e))).toBe(true);
    expect(has(c.create(base, e, {}).method, c.create(base, e, {}).url)).toBe(true);
    expect(has(c.update(base, e, rec, rec).method, c.update(base, e, rec, rec).url)).toBe(true);
    expect(c.remove(base, e, [rec, rec]).every((x) => has(x.method, x.url))).toBe(true);
    const t = c.transition(base, e, rec, 'publish');
    expect(has(t.method, t.url.replace('publish', '{action}'))).toBe(true);
    expect(t.body).toBeUndefined();
  });
});

describe("paths filed under a parent, and keys in the query (HZERO's `/lov-headers/{lovId}/values`, `/employees/id?employeeId=`)", () => {
  it('climbs the base one segment per ../ and keeps a query as fields the route reads', () => {
    const e = entity({ list: '../parents/{parentId}/things', item: '/id?thingId={thingId}', update: { path: '../owners/{ownerId}/things/{thingId}' } });
    const routes = conventionRoutes(e, base);
    expect(routes.find((r) => r.op === 'list' && r.path !== base)).toMatchObject({ method: 'GET', path: '/x/v1/{tenantId}/parents/{parentId}/things' });
    expect(routes.find((r) => r.op === 'get' && r.query)).toMatchObject({ path: `${base}/id`, query: { thingId: 'id' } });
    expect(routes.some((r) => r.method === 'PUT' && r.path === '/x/v1/{tenantId}/owners/{ownerId}/things/{id}')).toBe(true);
    const c = platformConvention;
    expect(c.list(base, e)).toBe('/x/v1/{tenantId}/parents/{parentId}/things');
    expect(c.item(base, e)).toBe(`${base}/id?thingId={thingId}`);
    expect(c.update(base, e, { thingId: 3, objectVersionNumber: 1 }, {}).url).toBe('/x/v1/{tenantId}/owners/{ownerId}/things/{thingId}');
  });

  it('lets a declared path take the place of a default one of the same shape (a list at /{unitId} instead of the record at /{id})', () => {
    const routes = conventionRoutes(entity({ list: '/{unitId}' }), base);
    expect(routes.filter((r) => r.method === 'GET' && r.path.startsWith(`${base}/{`)).map((r) => `${r.path} ${r.op}`)).toEqual([`${base}/{unitId} list`]);
  });
});

describe('list answers', () => {
  it("reads HZERO's tree answers (nodes with children) as rows, parents first", () => {
    const tree = [{ unitId: 1, children: [{ unitId: 2, parentUnitId: 1, children: [{ unitId: 3, parentUnitId: 2 }] }] }, { unitId: 4 }];
    const { rows, total } = platformConvention.page(tree);
    expect(rows.map((r) => r.unitId)).toEqual([1, 2, 3, 4]);
    expect(total).toBe(4);
    expect(rows.every((r) => !('children' in r))).toBe(true);
  });
});
