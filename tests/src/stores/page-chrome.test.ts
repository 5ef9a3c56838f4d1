import { describe, expect, it } from 'vitest';
import { menuTrail } from '../../../src/stores/menu/menu-trail.ts';
import { parseMenu } from '../../../src/stores/menu/parse-menu.ts';
import { WorkspaceStore } from '../../../src/stores/WorkspaceStore.ts';

describe('the breadcrumb', () => {
  const menu = parseMenu([
    { id: 1, code: 'srm.smdm', name: 'Master data', subMenus: [{ id: 2, code: 'srm.smdm.item', name: 'Items', subMenus: [{ id: 3, code: 'srm.smdm.item.list', name: 'Materials', route: '/smdm/materiel/list', parentId: 2 }], parentId: 1 }] },
    { id: 4, code: 'srm.hiam', name: 'Access', subMenus: [{ id: 5, code: 'srm.hiam.user', name: 'Users', route: '/hiam/user', parentId: 4 }] },
  ]);

  it('runs from the top of the menu down to the entry', () => {
    expect(menuTrail(menu, 3).map((m) => m.title)).toEqual(['Master data', 'Items', 'Materials']);
    expect(menuTrail(menu, 5).map((m) => m.path)).toEqual(['', '/hiam/user']);
    expect(menuTrail(menu, 99)).toEqual([]);
  });
});

describe("a tab's document", () => {
  it('is kept per tab while the tab is open, and forgotten with it', async () => {
    sessionStorage.clear();
    const s = new WorkspaceStore(sessionStorage);
    s.addTab({ key: '/sodr/send-order/detail/7', path: '/sodr/send-order/detail/7', title: 'Order', closable: true, search: '' });
    s.setPageInfo('/sodr/send-order/detail/7', { number: 'PO0001', status: 'Approved' });
    expect(s.pageInfo.get('/sodr/send-order/detail/7')).toEqual({ number: 'PO0001', status: 'Approved' });
    // Nothing to show is no entry at all.
    s.setPageInfo('/sodr/send-order/detail/7', { number: undefined });
    expect(s.pageInfo.has('/sodr/send-order/detail/7')).toBe(false);
    s.setPageInfo('/sodr/send-order/detail/7', { number: 'PO0001' });
    await s.removeTab('/sodr/send-order/detail/7');
    expect(s.pageInfo.size).toBe(0);
  });
});
