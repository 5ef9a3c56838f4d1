import { describe, expect, it } from 'vitest';
import { filterForRole, menuLeaves, parseMenu } from '../../../src/stores/menu/parse-menu.ts';
import type { ServerMenu } from '../../../src/stores/menu/menu-types.ts';

const tree: ServerMenu[] = [
  { id: 1, code: 'hzero.tenant.background', name: '后台管理', subMenus: [
    { id: 2, code: 'hzero.tenant.background.sys.account', name: '子账户', route: '/hiam/sub-account-org' },
    { id: 3, code: 'hzero.tenant.background.sys.role', name: '角色', route: '/hiam/role' },
    { id: 4, code: 'hzero.tenant.background.sys.menu', name: '菜单', route: '/hiam/menu' },
  ] },
  { id: 5, code: 'hzero.tenant.svc.dev', name: '服务开发', subMenus: [{ id: 6, code: 'hzero.tenant.svc.dev.value-list', name: '值集', route: '/hpfm/value-list' }] },
  { id: 7, code: 'srm.sodr', name: '订单', subMenus: [{ id: 8, code: 'srm.sodr.send-order.list', name: '订单发布', route: '/sodr/send-order/list' }] },
  { id: 9, code: 'srm.rel', name: 'Relative', route: '/base', subMenus: [{ id: 10, code: 'srm.rel.child', name: 'Child', route: 'child' }] },
];

describe('menus (§2.19, §6)', () => {
  it('keeps only sys.account, sys.role and svc.dev.value-list leaves and their parents for SYS_ADMINISTRATOR', () => {
    const kept = filterForRole(tree, 'SYS_ADMINISTRATOR');
    const leaves = menuLeaves(parseMenu(kept)).map((l) => l.name);
    expect(leaves).toEqual(['hzero.tenant.background.sys.account', 'hzero.tenant.background.sys.role', 'hzero.tenant.svc.dev.value-list']);
    expect(kept.map((m) => m.code)).toEqual(['hzero.tenant.background', 'hzero.tenant.svc.dev']);
  });

  it('leaves the menu whole for other roles', () => {
    expect(filterForRole(tree, 'PURCHASER')).toBe(tree);
  });

  it('prefixes relative child paths with the parent path and lists leaves with translated titles', () => {
    const menu = parseMenu(tree);
    const leaves = menuLeaves(menu, (k, f) => (k === 'srm.rel.child' ? 'Translated child' : f));
    expect(leaves.find((l) => l.name === 'srm.rel.child')).toEqual({ name: 'srm.rel.child', title: 'Translated child', path: '/base/child', id: 10 });
    expect(leaves.find((l) => l.name === 'srm.sodr.send-order.list')?.path).toBe('/sodr/send-order/list');
  });
});
