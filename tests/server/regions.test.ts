import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegionNode } from '../../server/modules/hpfm/regions.ts';
import { startTestServer, type TestServer } from './harness.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const countryId = async (code: string) => Number((await s.ctx.db.query<{ id: number }>('select country_id::float8 as id from hpfm_country where country_code = $1', [code])).rows[0]!.id);

describe('region tree of a country', () => {
  it('answers China with at least 6 provinces of at least 3 cities each', async () => {
    const r = await s.call({ as: 'buyer', url: `/hpfm/v1/regions/countries/regions?countryId=${await countryId('CN')}` });
    expect(r.statusCode).toBe(200);
    const tree = r.json() as RegionNode[];
    expect(tree.length).toBeGreaterThanOrEqual(6);
    for (const p of tree) {
      expect(Object.keys(p).sort()).toEqual(['children', 'levelNumber', 'parentRegionId', 'regionCode', 'regionId', 'regionName'].sort());
      expect(p).toMatchObject({ parentRegionId: null, levelNumber: 1 });
      expect(p.children.length).toBeGreaterThanOrEqual(3);
      for (const c of p.children) expect(c).toMatchObject({ parentRegionId: p.regionId, levelNumber: 2, children: [] });
    }
    expect(tree.find((p) => p.regionCode === '440000')?.children.map((c) => c.regionName)).toContain('深圳市');
  });

  it('has the United States and Germany with states', async () => {
    for (const code of ['US', 'DE']) {
      const tree = (await s.call({ as: 'buyer', url: `/hpfm/v1/1/regions/countries/regions?countryId=${await countryId(code)}` })).json() as RegionNode[];
      expect(tree.length).toBeGreaterThanOrEqual(3);
    }
  });

  it('needs countryId (400), checks the tenant (403) and answers [] for an unknown country', async () => {
    expect((await s.call({ as: 'buyer', url: '/hpfm/v1/regions/countries/regions' })).statusCode).toBe(400);
    expect((await s.call({ as: 'buyer', url: '/hpfm/v1/regions/countries/regions?countryId=abc' })).statusCode).toBe(400);
    expect((await s.call({ as: 'buyer', url: '/hpfm/v1/2/regions/countries/regions?countryId=1' })).statusCode).toBe(403);
    expect((await s.call({ as: 'buyer', url: '/hpfm/v1/regions/countries/regions?countryId=999' })).json()).toEqual([]);
    expect((await s.call({ url: '/hpfm/v1/regions/countries/regions?countryId=1' })).statusCode).toBe(401);
  });
});

describe('one region', () => {
  it('answers a region with its country and parent', async () => {
    const tree = (await s.call({ as: 'buyer', url: `/hpfm/v1/regions/countries/regions?countryId=${await countryId('CN')}` })).json() as RegionNode[];
    const city = tree[0]!.children[0]!;
    const r = await s.call({ as: 'buyer', url: `/hpfm/v1/regions/${city.regionId}` });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({
      regionId: city.regionId,
      regionCode: city.regionCode,
      regionName: city.regionName,
      parentRegionId: tree[0]!.regionId,
      parentRegionName: tree[0]!.regionName,
      countryCode: 'CN',
      levelNumber: 2,
      levelPath: `${tree[0]!.regionCode}.${city.regionCode}`,
    });
    expect((await s.call({ as: 'buyer', url: `/hpfm/v1/1/regions/${city.regionId}` })).statusCode).toBe(200);
    expect((await s.call({ as: 'buyer', url: '/hpfm/v1/regions/999999' })).statusCode).toBe(404);
    expect((await s.call({ as: 'buyer', url: '/hpfm/v1/regions/x' })).statusCode).toBe(400);
  });
});

describe('maintenance through the generic paths', () => {
  it('derives levelPath and levelNumber, and recomputes them when a region moves', async () => {
    const cn = await countryId('CN');
    const create = (payload: Record<string, unknown>) => s.call({ as: 'admin', method: 'POST', url: `/hpfm/v1/countries/${cn}/regions`, payload });
    const prov = await create({ countryId: cn, regionCode: '460000', regionName: '海南省', levelPath: 'forged', levelNumber: 9 });
    expect(prov.statusCode).toBe(200);
    expect(prov.json()).toMatchObject({ levelPath: '460000', levelNumber: 1 });
    const city = await create({ countryId: cn, regionCode: '460100', regionName: '海口市', parentRegionId: prov.json().regionId });
    expect(city.json()).toMatchObject({ levelPath: '460000.460100', levelNumber: 2 });
    const district = await create({ countryId: cn, regionCode: '460105', regionName: '秀英区', parentRegionId: city.json().regionId });
    expect(district.json()).toMatchObject({ levelPath: '460000.460100.460105', levelNumber: 3 });

    // Move the city under Guangdong: it and its district follow.
    const gd = (await s.ctx.db.query<{ id: number }>("select region_id::float8 as id from hpfm_region where region_code = '440000'")).rows[0]!.id;
    const moved = await s.call({ as: 'admin', method: 'PUT', url: `/hpfm/v1/countries/${cn}/regions/${city.json().regionId}`, payload: { parentRegionId: gd, objectVersionNumber: city.json().objectVersionNumber } });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ levelPath: '440000.460100', levelNumber: 2 });
    const d = (await s.call({ as: 'admin', url: `/hpfm/v1/regions/${district.json().regionId}` })).json();
    expect(d).toMatchObject({ levelPath: '440000.460100.460105', levelNumber: 3 });

    // A region cannot go under its own descendant, nor under another country's region.
    const loop = await s.call({ as: 'admin', method: 'PUT', url: `/hpfm/v1/countries/${cn}/regions/${city.json().regionId}`, payload: { parentRegionId: district.json().regionId, objectVersionNumber: moved.json().objectVersionNumber } });
    expect(loop.statusCode).toBe(400);
    const ca = (await s.ctx.db.query<{ id: number }>("select region_id::float8 as id from hpfm_region where region_code = 'US-CA'")).rows[0]!.id;
    expect((await create({ countryId: cn, regionCode: '469000', regionName: 'x', parentRegionId: ca })).statusCode).toBe(400);
  });

  it("files regions under their country, HZERO's way: the path names the country, the list is the country's", async () => {
    const cn = await countryId('CN');
    const us = await countryId('US');
    const list = (await s.call({ as: 'admin', url: `/hpfm/v1/countries/${us}/regions/list?size=500` })).json();
    expect(list.content.length).toBeGreaterThan(0);
    expect(list.content.every((r: { countryId: number }) => r.countryId === us)).toBe(true);
    // A body naming another country than the path is refused, naming the field.
    const clash = await s.call({ as: 'admin', method: 'POST', url: `/hpfm/v1/countries/${us}/regions`, payload: { countryId: cn, regionCode: 'US-ZZ', regionName: 'x' } });
    expect(clash.statusCode).toBe(400);
    expect(clash.json().message).toContain('countryId');
    // Without one, the region takes the path's country.
    const made = await s.call({ as: 'admin', method: 'POST', url: `/hpfm/v1/countries/${us}/regions`, payload: [{ regionCode: 'US-ZZ', regionName: 'Zed' }] });
    expect(made.statusCode).toBe(200);
    expect(made.json()[0]).toMatchObject({ countryId: us, regionCode: 'US-ZZ' });
    const one = await s.call({ as: 'admin', url: `/hpfm/v1/countries/regions/${made.json()[0].regionId}` });
    expect(one.json()).toMatchObject({ regionCode: 'US-ZZ' });
  });

  it('is for platform roles only', async () => {
    expect((await s.call({ as: 'buyer', url: '/hpfm/v1/countries/1/regions/list' })).statusCode).toBe(403);
    expect((await s.call({ as: 'sysadmin', method: 'POST', url: '/hpfm/v1/countries', payload: { countryCode: 'FR', countryName: 'France' } })).statusCode).toBe(403);
  });
});
