import { beforeEach, describe, expect, it, vi } from 'vitest';
import { WorkspaceStore } from '../../../src/stores/WorkspaceStore.ts';
import type { RouteInfo } from '../../../src/stores/route-data.ts';
import { activeAfterRemoval, removalInfo } from '../../../src/stores/tabs/tab-rules.ts';
import type { Tab } from '../../../src/stores/tabs/tab.ts';

const routes: RouteInfo[] = [
  { path: '/hiam/user', key: '/hiam/user', title: 'Users', authorized: false, closable: true },
  { path: '/hiam/user/detail/:id', key: '/hiam/user/detail/:id', title: 'User', authorized: false, closable: true },
  { path: '/hmsg/user-message/list', key: '/hmsg/user-message/list', title: 'My messages', authorized: true, closable: true },
  { path: '/hmsg/user-message/detail/:messageId', key: '/hmsg/user-message/detail/:messageId', title: 'Message', authorized: true, closable: true },
];
const leaves = [{ name: 'srm.hiam.user', title: 'User management', path: '/hiam/user', id: 1 }, { name: 'srm.hiam.role', title: 'Roles', path: '/hiam/role', id: 2 }];

function store() {
  sessionStorage.clear();
  const s = new WorkspaceStore(sessionStorage);
  s.setRouterData(routes);
  return s;
}
const tab = (key: string): Tab => ({ key, path: key, title: key, closable: key !== '/workplace', search: '' });

describe('tab rules (§2.19, §4)', () => {
  let s: WorkspaceStore;
  beforeEach(() => {
    s = store();
  });

  it('starts with the home tab /workplace, which cannot be closed', async () => {
    expect(s.tabs.map((t) => t.key)).toEqual(['/workplace']);
    expect(s.activeTabKey).toBe('/workplace');
    expect(await s.removeTab('/workplace')).toBeUndefined();
    expect(s.tabs).toHaveLength(1);
  });

  it('queues paths requested before the menu loads and opens them once it has', () => {
    s.openPath('/hiam/user', '?page=2');
    expect(s.tabs).toHaveLength(1);
    s.setMenu([], leaves);
    expect(s.tabs.map((t) => t.key)).toEqual(['/workplace', '/hiam/user']);
    expect(s.activeTab?.search).toBe('?page=2');
  });

  it('never opens a tab for empty, /, /user/login and /user/logout', () => {
    s.setMenu([], leaves);
    for (const p of ['', '/', '/user/login', '/user/logout']) s.openPath(p);
    expect(s.tabs).toHaveLength(1);
  });

  it('activates an existing tab and replaces its search when it was not active', () => {
    s.setMenu([], leaves);
    s.openPath('/hiam/user', '?a=1');
    s.openPath('/workplace');
    s.openPath('/hiam/user', '?a=2');
    expect(s.tabs.filter((t) => t.key === '/hiam/user')).toHaveLength(1);
    expect(s.activeTabKey).toBe('/hiam/user');
    expect(s.activeTab?.search).toBe('?a=2');
  });

  it('opens authorized pages as closable tabs keyed by page key or path, keeping the query', () => {
    s.setMenu([], leaves);
    s.openPath('/hmsg/user-message/detail/5', '?from=badge');
    const t = s.activeTab!;
    expect(t.key).toBe('/hmsg/user-message/detail/5');
    expect(t.closable).toBe(true);
    expect(t.search).toBe('?from=badge');
    expect(t.title).toBe('Message');
  });

  it('reuses the open tab of the matching menu entry for pages outside the menu, or opens one titled from it', () => {
    s.setMenu([], leaves);
    s.openPath('/hiam/user/detail/9');
    expect(s.activeTab?.title).toBe('User management');
    s.openPath('/hiam/user');
    s.openPath('/hiam/user/detail/3');
    const userTabs = s.tabs.filter((t) => t.key === '/hiam/user');
    expect(userTabs).toHaveLength(1);
    expect(userTabs[0]!.path).toBe('/hiam/user/detail/3');
  });

  it('shows the menu entry page again when it is opened while its tab shows a page of its family', () => {
    s.setMenu([], leaves);
    s.openPath('/hiam/user');
    s.openPath('/hiam/user/detail/3');
    expect(s.activeTab?.path).toBe('/hiam/user/detail/3');
    // The same tab is active; opening the list (a menu click, a link) must show the list, not the detail.
    s.openPath('/hiam/user');
    expect(s.tabs.filter((t) => t.key === '/hiam/user')).toHaveLength(1);
    expect(s.activeTab?.path).toBe('/hiam/user');
  });

  it('activates the tab before a removed active tab; keeps the key when the first tab goes', async () => {
    const tabs = ['/workplace', '/a', '/b', '/c'].map(tab);
    expect(activeAfterRemoval(tabs, '/c', '/c')).toBe('/b');
    expect(activeAfterRemoval(tabs, '/b', '/c')).toBe('/c');
    expect(activeAfterRemoval(tabs, '/workplace', '/b')).toBe('/b');
    expect(removalInfo(tabs, '/b')).toEqual({ nextTabs: ['/workplace', '/a', '/c'].map(tab), nextActiveTabKey: '/c', nextTab: tab('/c') });
  });

  it('emits a close event with the key and lets one before-close callback veto it', async () => {
    s.setMenu([], leaves);
    s.openPath('/hiam/user');
    const closed = vi.fn();
    s.onTabClose(closed);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let allow = false;
    s.onBeforeTabRemove('/hiam/user', () => allow);
    s.onBeforeTabRemove('/hiam/user', () => true);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Only one before-close callback'));
    expect(await s.removeTab('/hiam/user')).toBeUndefined();
    expect(closed).not.toHaveBeenCalled();
    allow = true;
    expect((await s.removeTab('/hiam/user'))?.key).toBe('/workplace');
    expect(closed).toHaveBeenCalledWith('/hiam/user');
  });

  it('learns of unsaved changes from a guard that asks in its own dialog without opening it (window close, page replacement)', async () => {
    s.setMenu([], leaves);
    s.openPath('/hiam/user');
    let dirty = false;
    const asked = vi.fn(async () => false);
    s.onBeforeTabRemove('/hiam/user', () => !dirty || asked(), () => dirty);
    expect(s.hasUnsavedChanges()).toBe(false);
    expect(await s.closesQuietly('/hiam/user')).toBe(true);
    dirty = true;
    expect(s.hasUnsavedChanges()).toBe(true);
    expect(await s.closesQuietly('/hiam/user')).toBe(false);
    expect(asked).not.toHaveBeenCalled();
    // Closing the tab itself does ask, and the answer "stay" keeps it.
    expect(await s.removeTab('/hiam/user')).toBeUndefined();
    expect(asked).toHaveBeenCalledTimes(1);
  });

  it('persists tabs and the active key in session storage and restores them', () => {
    s.setMenu([], leaves);
    s.openPath('/hiam/user', '?q=1');
    const raw = JSON.parse(sessionStorage.getItem('menuTabSessionKey')!);
    expect(raw.activeTabKey).toBe('/hiam/user');
    const again = new WorkspaceStore(sessionStorage);
    again.restore();
    expect(again.tabs.map((t) => t.key)).toEqual(['/workplace', '/hiam/user']);
    expect(again.activeTabKey).toBe('/hiam/user');
    again.cleanTabs();
    expect(again.tabs.map((t) => t.key)).toEqual(['/workplace']);
    expect(sessionStorage.getItem('menuTabSessionKey')).toBeNull();
  });
});

describe('which menu entry a page belongs to', () => {
  it('maps detail pages to the list menu of the same family', () => {
    const s = store();
    s.setMenu([], [
      { name: 'm', title: 'Materials', path: '/smdm/materiel/list', id: 1 },
      { name: 'l', title: 'LOV views', path: '/hpfm/lov-view/lov-view-list', id: 2 },
      { name: 'u', title: 'Users', path: '/hiam/user', id: 3 },
      { name: 'v', title: 'Value sets', path: '/hpfm/value-list', id: 4 },
    ]);
    expect(s.menuEntryFor('/hpfm/hr/org/department/1')).toBeUndefined();
    expect(s.menuEntryFor('/hpfm/value-list/detail/3')?.title).toBe('Value sets');
    expect(s.menuEntryFor('/smdm/materiel/detail/5')?.title).toBe('Materials');
    expect(s.menuEntryFor('/smdm/materiel/create')?.title).toBe('Materials');
    expect(s.menuEntryFor('/hpfm/lov-view/detail/7')?.title).toBe('LOV views');
    expect(s.menuEntryFor('/hiam/user/detail/2')?.title).toBe('Users');
    expect(s.menuEntryFor('/hiam/role')).toBeUndefined();
  });

  it('maps the pages a query list opens to that list (supplier bidding, clarification letters)', () => {
    const s = store();
    s.setMenu([], [
      { name: 'b', title: 'My tenders', path: '/supplierBidding/query', id: 1 },
      { name: 'c', title: 'Letters', path: '/clarifyLetter/queryClarify/query', id: 2 },
      { name: 'r', title: 'Clarify a tender', path: '/clarifyLetter/createRelease/queryTenderDoc', id: 3 },
      { name: 'q', title: 'RFQ query', path: '/ssrc/query-rfq', id: 4 },
    ]);
    expect(s.menuEntryFor('/supplierBidding/involveBidding/5')?.title).toBe('My tenders');
    expect(s.menuEntryFor('/clarifyLetter/queryClarify/showClarifyLetter/2')?.title).toBe('Letters');
    expect(s.menuEntryFor('/clarifyLetter/createRelease/doCreateRelease/3')?.title).toBe('Clarify a tender');
    expect(s.menuEntryFor('/ssrc/query-rfq-detail/1')).toBeUndefined();
  });
});
