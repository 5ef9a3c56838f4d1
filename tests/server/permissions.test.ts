import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

const PO = '/sodr/v1/1/po-headers';
const order = { supplierName: 'Permission Supplier', companyName: 'Demo Manufacturing Co.' };

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const post = (url: string, payload: unknown, as: string) => s.call({ method: 'POST', url, payload: payload as object, as });

describe('writes need the menus of the entity (or a site role)', () => {
  it('lets a buyer create a purchase order; a supplier neither creates one nor reaches one of a supplier it does not act for', async () => {
    const ok = await post(PO, order, 'buyer');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().statusCode).toBe('NEW');
    const refused = await post(PO, order, 'supplier');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ failed: true, code: 'error.permission.denied' });
    // The buyer's new order names no supplier of the supplier user's: for them it does not exist.
    expect((await s.call({ method: 'PUT', url: `${PO}/${ok.json().poHeaderId}`, payload: { objectVersionNumber: 1, remark: 'x' }, as: 'supplier' })).statusCode).toBe(404);
    expect((await post(`${PO}/${ok.json().poHeaderId}/actions/submit`, {}, 'supplier')).statusCode).toBe(403);
    expect((await s.call({ method: 'DELETE', url: `${PO}/${ok.json().poHeaderId}`, as: 'supplier' })).statusCode).toBe(404);
  });

  it('refuses reading when the entity restricts it to menus the role lacks', async () => {
    expect((await s.call({ url: PO, as: 'expert' })).statusCode).toBe(403);
    expect((await s.call({ url: PO, as: 'approver' })).statusCode).toBe(200);
  });

  it('lets a site administrator write without menus', async () => {
    expect((await post(PO, order, 'admin')).json()).toMatchObject({ tenantId: 1, statusCode: 'NEW' });
  });

  it('keeps user and role administration to the roles holding those menus', async () => {
    const user = { loginName: 'perm.user', realName: 'Perm User', organizationId: 1 };
    expect((await post('/iam/hzero/v1/1/users', user, 'buyer')).statusCode).toBe(403);
    expect((await post('/iam/hzero/v1/1/roles', { code: 'BUYER_MADE', name: 'x' }, 'buyer')).statusCode).toBe(403);
    expect((await post('/iam/hzero/v1/1/users', user, 'sysadmin')).json()).toMatchObject({ loginName: 'perm.user', organizationId: 1 });
    expect((await post('/iam/hzero/v1/2/users', { ...user, loginName: 'perm.user2' }, 'admin2')).json()).toMatchObject({ organizationId: 2 });
  });

  it('never lets a tenant raise a role to site level', async () => {
    const role = (await s.call({ url: '/iam/hzero/v1/1/roles?code=SYS_ADMINISTRATOR', as: 'sysadmin' })).json().content[0];
    const r = await s.call({ method: 'PUT', url: `/iam/hzero/v1/1/roles/${role.id}`, payload: { objectVersionNumber: role.objectVersionNumber, level: 'site' }, as: 'sysadmin' });
    expect(r.json().level).toBe('organization');
    const created = await post('/iam/hzero/v1/1/roles', { code: 'SNEAKY', name: 'Sneaky', level: 'site' }, 'sysadmin');
    expect(created.json().level).toBe('organization');
    expect((await s.call({ url: '/iam/hzero/v1/roles', as: 'sysadmin' })).statusCode).toBe(403);
  });
});

describe('status actions check their permission code', () => {
  it('refuses cancelling when the role loses the order menu, while a role that holds it still may', async () => {
    const po = (await post(PO, order, 'buyer')).json();
    await s.ctx.db.query(
      `delete from iam_role_menu where role_id = (select id from iam_role where code = 'PURCHASER')
          and menu_id in (select id from iam_menu where route = '/sodr/send-order/list')`,
    );
    const refused = await post(`${PO}/${po.poHeaderId}/actions/cancel`, {}, 'buyer');
    expect(refused.statusCode).toBe(403);
    expect((await s.call({ url: `${PO}/${po.poHeaderId}`, as: 'approver' })).json().statusCode).toBe('NEW');
    expect((await post(`${PO}/${po.poHeaderId}/actions/cancel`, {}, 'approver')).json().statusCode).toBe('CANCELED');
  });
});

describe('tokens follow role assignments', () => {
  it('stops honouring a token whose role was taken away or disabled', async () => {
    const token = await s.login('expert');
    expect((await s.call({ url: '/iam/hzero/v1/users/self', token })).statusCode).toBe(200);
    await s.ctx.db.query(`update iam_role set enabled_flag = 0 where code = 'EXPERT'`);
    expect((await s.call({ url: '/iam/hzero/v1/users/self', token })).statusCode).toBe(401);
    await s.ctx.db.query(`update iam_role set enabled_flag = 1 where code = 'EXPERT'`);
    expect((await s.call({ url: '/iam/hzero/v1/users/self', token })).statusCode).toBe(200);
    await s.ctx.db.query(`delete from iam_member_role where user_id = (select id from iam_user where login_name = 'expert')`);
    expect((await s.call({ url: '/iam/hzero/v1/users/self', token })).statusCode).toBe(401);
  });
});
