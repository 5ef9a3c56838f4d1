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
