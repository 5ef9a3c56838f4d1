import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleModules } from '../../server/seed/role-menus.ts';
import { startTestServer, type TestServer } from './harness.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const one = async <T>(sql: string, params: unknown[] = []) => (await s.ctx.db.query<T>(sql, params)).rows[0]!;
const roleId = async (code: string, tenant: number) => (await one<{ id: number }>('select id::float8 as id from iam_role where code = $1 and tenant_id = $2', [code, tenant])).id;
const menuId = async (route: string) => (await one<{ id: number }>('select id::float8 as id from iam_menu where route = $1', [route])).id;
const login = async (user: string) => {
  const r = await s.app.inject({
    method: 'POST',
    url: '/oauth/oauth/login',
    payload: new URLSearchParams({ username: user, password: 'Demo@2026', redirect_uri: '/' }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  return /access_token=([^&]+)/.exec(String(r.headers.location))![1]!;
};
type Node = { route: string; subMenus: Node[] | null };
const routesOf = (nodes: Node[]): string[] => nodes.flatMap((n) => [n.route, ...routesOf(n.subMenus ?? [])]).filter(Boolean);
const treeOf = async (token: string) => routesOf((await s.call({ url: '/iam/hzero/v1/menus/tree', token })).json());

describe("a role's menus", () => {
  it('lists the assigned pages in tree order with their folder, and the ones that can still be assigned', async () => {
    const role = await roleId('PURCHASER', 1);
    const page = (await s.call({ url: `/iam/hzero/v1/roles/${role}/menus?size=500`, as: 'admin' })).json();
    expect(page.totalElements).toBe((await one<{ n: number }>('select count(*)::int as n from iam_role_menu where role_id = $1', [role])).n);
    for (const m of page.content) {
      expect(['menu', 'link']).toContain(m.type);
      expect(m.parentIdMeaning).toBeTruthy();
    }
    const sodr = (await s.call({ url: `/iam/hzero/v1/roles/${role}/menus?route=/sodr/&size=500`, as: 'admin' })).json();
    expect(sodr.content.length).toBeGreaterThan(3);
    for (const m of sodr.content) expect(m.route).toMatch(/^\/sodr\//);
    const free = (await s.call({ url: `/iam/hzero/v1/roles/${role}/assignable-menus?route=/hpfm/&size=5`, as: 'admin' })).json();
    expect(free.totalElements).toBeGreaterThan(5);
  });

  it('changes the menu tree and the permission codes a user gets after the change', async () => {
    const role = await roleId('PURCHASER', 1);
    const menu = await menuId('/sodr/send-order/list');
    const before = await login('buyer');
    expect(await treeOf(before)).toContain('/sodr/send-order/list');

    expect((await s.call({ method: 'DELETE', url: `/iam/hzero/v1/1/roles/${role}/menus/${menu}`, as: 'sysadmin' })).statusCode).toBe(200);
    const after = await login('buyer');
    expect(await treeOf(after)).not.toContain('/sodr/send-order/list');
    const check = (await s.call({ method: 'POST', url: '/iam/hzero/v1/menus/check-permissions', payload: ['sodr.send-order.list.button.create'], token: after })).json();
    expect(check[0].approve).toBe(false);

    expect((await s.call({ method: 'POST', url: `/iam/hzero/v1/1/roles/${role}/menus`, payload: [{ id: menu }], as: 'sysadmin' })).json()).toMatchObject({ assigned: 1 });
    expect(await treeOf(await login('buyer'))).toContain('/sodr/send-order/list');
  });

  it('replaces the whole set with PUT', async () => {
    const role = await roleId('REPORT_VIEWER', 1);
    const wanted = [await menuId('/hmsg/user-message/list'), await menuId('/sodr/send-order/list')];
    expect((await s.call({ method: 'PUT', url: `/iam/hzero/v1/roles/${role}/menus`, payload: wanted, as: 'admin' })).json()).toMatchObject({ assigned: 2 });
    const held = (await s.ctx.db.query<{ menu_id: number }>('select menu_id::float8 as menu_id from iam_role_menu where role_id = $1 order by menu_id', [role])).rows.map((r) => r.menu_id);
    expect(held).toEqual([...wanted].sort((a, b) => a - b));
    expect((await s.call({ method: 'DELETE', url: `/iam/hzero/v1/roles/${role}/menus`, payload: wanted, as: 'admin' })).statusCode).toBe(200);
    expect((await s.call({ url: `/iam/hzero/v1/roles/${role}/menus`, as: 'admin' })).json().totalElements).toBe(0);
  });

  it('refuses folders, site roles, menus the tenant administrator lacks, and other tenants', async () => {
    const folder = (await one<{ id: number }>(`select id::float8 as id from iam_menu where type = 'root' limit 1`)).id;
    const purchaser2 = await roleId('PURCHASER_2', 2);
    expect((await s.call({ method: 'POST', url: `/iam/hzero/v1/roles/${purchaser2}/menus`, payload: { id: folder }, as: 'admin' })).json().code).toBe('hiam.warn.menu.notLeaf');
    expect((await s.call({ method: 'POST', url: `/iam/hzero/v1/roles/${await roleId('superadmin', 0)}/menus`, payload: { id: await menuId('/hiam/user') }, as: 'admin' })).json().code).toBe(
      'hiam.warn.role.siteMenus',
    );
    // TENANT_ADMIN_2 holds no order menus, so it cannot hand them out, and does not see them as assignable.
    const order = await menuId('/sodr/send-order/list');
    expect((await s.call({ method: 'POST', url: `/iam/hzero/v1/2/roles/${purchaser2}/menus`, payload: { id: order }, as: 'admin2' })).json().code).toBe('hiam.warn.menu.notHeld');
    const offered = (await s.call({ url: `/iam/hzero/v1/2/roles/${purchaser2}/assignable-menus?size=1000`, as: 'admin2' })).json().content as Array<{ route: string }>;
    expect(offered.length).toBeGreaterThan(0);
    // What tenant 2's administrator holds (the seed's grants), and nothing else.
    const held = new RegExp(`^/(${(roleModules('TENANT_ADMIN_2') as string[]).join('|')})/`);
    for (const m of offered) expect(m.route).toMatch(held);
    // Other tenants' roles, site paths and roles without the role menu.
    const purchaser = await roleId('PURCHASER', 1);
    expect((await s.call({ url: `/iam/hzero/v1/2/roles/${purchaser}/menus`, as: 'admin2' })).statusCode).toBe(404);
    expect((await s.call({ url: `/iam/hzero/v1/1/roles/${purchaser}/menus`, as: 'admin2' })).statusCode).toBe(403);
    expect((await s.call({ url: `/iam/hzero/v1/roles/${purchaser}/menus`, as: 'sysadmin' })).statusCode).toBe(403);
    expect((await s.call({ method: 'DELETE', url: `/iam/hzero/v1/1/roles/${purchaser}/menus/${order}`, as: 'buyer' })).statusCode).toBe(403);
  });

  it('lists the users holding a role', async () => {
    const users = (await s.call({ url: `/iam/hzero/v1/1/roles/${await roleId('APPROVER', 1)}/users?size=100`, as: 'sysadmin' })).json();
    expect(users.content.map((u: { loginName: string }) => u.loginName)).toEqual(expect.arrayContaining(['buyer', 'approver']));
  });
});
