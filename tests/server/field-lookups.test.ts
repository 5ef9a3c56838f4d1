import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CascadeNode, CountryRow, RegionRow } from '../../server/modules/hpfm/regions-cascade.ts';
import { startTestServer, type TestServer } from './harness.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

type Row = Record<string, unknown>;
const page = async (url: string, as = 'sysadmin') => ((await s.call({ as, url })).json() as { content: Row[] }).content;

describe('uniqueness check of a unique field', () => {
  it('says a taken login name is not valid, a free one is, and the record itself does not collide', async () => {
    const taken = await s.call({ as: 'sysadmin', url: '/iam/hzero/v1/1/users/check?loginName=buyer' });
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toMatchObject({ valid: false, field: 'loginName' });
    // Login names are unique platform-wide: a user of another tenant takes the name too.
    expect((await s.call({ as: 'sysadmin', url: '/iam/hzero/v1/1/users/check?loginName=buyer2' })).json()).toMatchObject({ valid: false });
    expect((await s.call({ as: 'sysadmin', url: '/iam/hzero/v1/1/users/check?loginName=nobody.yet' })).json()).toEqual({ valid: true, field: 'loginName' });
    const buyer = (await page('/iam/hzero/v1/1/users?loginName=buyer'))!.find((u) => u.loginName === 'buyer')!;
    expect((await s.call({ as: 'sysadmin', url: `/iam/hzero/v1/1/users/check?loginName=buyer&excludeId=${String(buyer.id)}` })).json()).toMatchObject({ valid: true });
  });

  it('scopes tenant codes to the tenant, and refuses bad questions and outsiders', async () => {
    const code = String((await page('/smdm/v1/1/payment-terms?size=1'))[0]!.termCode);
    expect((await s.call({ as: 'sysadmin', url: `/smdm/v1/1/payment-terms/check?termCode=${code}` })).json()).toMatchObject({ valid: false });
    expect((await s.call({ as: 'admin2', url: `/smdm/v1/2/payment-terms/check?termCode=${code}` })).json()).toMatchObject({ valid: true });
    expect((await s.call({ as: 'sysadmin', url: '/iam/hzero/v1/1/users/check' })).statusCode).toBe(400);
    expect((await s.call({ as: 'sysadmin', url: '/iam/hzero/v1/1/users/check?email=b@c.d' })).statusCode).toBe(400); // not a unique field
    expect((await s.call({ as: 'sysadmin', url: '/iam/hzero/v1/2/users/check?loginName=a' })).statusCode).toBe(403);
    expect((await s.call({ url: '/iam/hzero/v1/1/users/check?loginName=a' })).statusCode).toBe(401);
  });
});

describe('display names of LOV view fields', () => {
  it('adds <field>Meaning from the view’s display field to list rows and to one record', async () => {
    const companies = new Map((await page('/hpfm/v1/1/companies?size=100')).map((c) => [c.companyId, c.companyName]));
    const orgs = (await page('/hpfm/v1/1/purchase-orgs?size=100')).filter((o) => o.companyId !== null);
    expect(orgs.length).toBeGreaterThan(0);
    for (const o of orgs) expect(o.companyIdMeaning).toBe(companies.get(o.companyId));
    const one = (await s.call({ as: 'sysadmin', url: `/hpfm/v1/1/purchase-orgs/${String(orgs[0]!.purchaseOrgId)}` })).json() as Row;
    expect(one.companyIdMeaning).toBe(companies.get(orgs[0]!.companyId));
    // Users' tenant (a view over tenants, not tenant-scoped itself).
    const users = await page('/iam/hzero/v1/1/users?size=5');
    for (const u of users) expect(typeof u.organizationIdMeaning).toBe('string');
  });
});

describe('cascading region picker calls', () => {
  it("lists countries and one level of regions at a time at HZERO's paths, and the path of a stored code", async () => {
    const countries = (await s.call({ as: 'buyer', url: '/hpfm/v1/1/countries/all?enabledFlag=1' })).json() as CountryRow[];
    const cn = countries.find((c) => c.countryCode === 'CN')!;
    expect(cn).toMatchObject({ countryName: expect.any(String), hasChildren: true });
    const provinces = (await s.call({ as: 'buyer', url: `/hpfm/v1/1/countries/${cn.countryId}/regions/lazy-tree?enabledFlag=1` })).json() as RegionRow[];
    const gd = provinces.find((p) => p.regionCode === '440000')!;
    expect(gd).toMatchObject({ regionName: '广东省', hasChildren: true, parentRegionId: null });
    const cities = (await s.call({ as: 'buyer', url: `/hpfm/v1/1/countries/${cn.countryId}/regions/lazy-tree?regionId=${gd.regionId}` })).json() as RegionRow[];
    const sz = cities.find((c) => c.regionName === '深圳市')!;
    expect(sz).toMatchObject({ hasChildren: false, parentRegionId: gd.regionId });
    const path = (await s.call({ as: 'buyer', url: `/hpfm/v1/regions/cascade/path?regionCode=${sz.regionCode}` })).json() as CascadeNode[];
    expect(path.map((n) => n.value)).toEqual(['CN', '440000', sz.regionCode]);
    expect(path.map((n) => n.label).slice(1)).toEqual(['广东省', '深圳市']);
    expect((await s.call({ as: 'buyer', url: '/hpfm/v1/regions/cascade/path?regionCode=NOPE' })).json()).toEqual([]);
    expect((await s.call({ as: 'buyer', url: `/hpfm/v1/countries/abc/regions/lazy-tree` })).statusCode).toBe(400);
    expect((await s.call({ as: 'buyer', url: '/hpfm/v1/2/countries/all' })).statusCode).toBe(403);
  });
});
