import { makeAutoObservable } from 'mobx';
import { HOME_TAB_KEY, NON_TAB_PATHS, TAB_SESSION_KEY } from '../config/constants.ts';
import type { MenuItem, MenuLeaf } from './menu/menu-types.ts';
import { findRoute, type RouteInfo } from './route-data.ts';
import { HOME_TAB, type Tab } from './tabs/tab.ts';
import { activeAfterRemoval, removalInfo } from './tabs/tab-rules.ts';

type BeforeClose = () => boolean | void | Promise<boolean | void>;

/** What a document's screen tells the shell about itself: its number and status, for the page header and the tab title. */
export interface PageInfo {
  number?: string;
  status?: string;
}

/**
 * Workspace state of §3 and the tab behaviour of §2.19 and §4: tabs, active key, menu,
 * routerData, the queue of paths opened before the menu loaded, before-close callbacks.
 */
export class WorkspaceStore {
  tabs: Tab[] = [HOME_TAB];
  activeTabKey = HOME_TAB_KEY;
  menu: MenuItem[] = [];
  menuLeafNode: MenuLeaf[] = [];
  menuLoad = false;
  routerData: RouteInfo[] = [];
  collapsed = false;
  /** By tab key: the document each open tab shows (set by its screen, dropped with the tab). */
  pageInfo = new Map<string, PageInfo>();
  private pathnameStack: Array<{ pathname: string; search: string }> = [];
  private beforeClose = new Map<string, BeforeClose>();
  /** Tabs whose guard asks in a dialog of its own: whether they hold unsaved changes, asked without asking the person. */
  private unsavedProbes = new Map<string, () => boolean>();
  private closeListeners = new Set<(key: string) => void>();

  constructor(private readonly storage: Storage | undefined = typeof sessionStorage === 'undefined' ? undefined : sessionStorage) {
    makeAutoObservable<WorkspaceStore, 'beforeClose' | 'unsavedProbes' | 'closeListeners' | 'storage'>(this, { beforeClose: false, unsavedProbes: false, closeListeners: false, storage: false }, { autoBind: true });
  }

  setRouterData(routes: RouteInfo[]): void {
    this.routerData = routes;
  }

  /** Menu loaded: route entries take name/title/icon/authority/hideInBreadcrumb from their menu entry; queued paths open. */
  setMenu(menu: MenuItem[], leaves: MenuLeaf[]): void {
    this.menu = menu;
    this.menuLeafNode = leaves;
    const byPath = new Map(leaves.map((l) => [l.path, l]));
    this.routerData = this.routerData.map((r) => {
      const m = byPath.get(r.path);
      return m ? { ...r, key: r.key || m.path, title: r.title || m.title, closable: r.closable ?? true } : r;
    });
    this.menuLoad = true;
    const queued = this.pathnameStack.splice(0);
    for (const q of queued) this.openPath(q.pathname, q.search);
  }

  get activeTab(): Tab | undefined {
    return this.tabs.find((t) => t.key === this.activeTabKey);
  }

  /** §2.19: what happens when the router lands on a path. */
  openPath(pathname: string, search = ''): void {
    if (NON_TAB_PATHS.includes(pathname)) return;
    if (!this.menuLoad) {
      this.pathnameStack.push({ pathname, search });
      return;
    }
    const existing = this.tabs.find((t) => t.key === pathname || t.path === pathname);
    if (existing) {
      // Also when active: a tab that went on to a page of its family shows its own page again.
      if (existing.key !== this.activeTabKey || existing.search !== search || existing.path !== pathname) this.updateTab({ ...existing, path: pathname, search });
      this.activeTabKey = existing.key;
      this.persist();
      return;
    }
    const route = findRoute(this.routerData, pathname);
    if (route?.authorized) {
      const key = route.path.includes(':') ? pathname : route.key || pathname;
      const tab: Tab = { key, path: pathname, title: typeof route.title === 'string' ? route.title : route.title.en_US, icon: route.icon, closable: true, search };
      if (this.tabs.some((t) => t.key === key)) this.updateTab(tab);
      else this.addTab(tab);
      this.activeTabKey = key;
      this.persist();
      return;
    }
    const leaf = this.menuEntryFor(pathname);
    const reuse = leaf && this.tabs.find((t) => t.closable && t.key === leaf.path);
    if (reuse) {
      this.updateTab({ ...reuse, path: pathname, search });
      this.activeTabKey = reuse.key;
    } else {
      const title = leaf?.title ?? (route ? (typeof route.title === 'string' ? route.title : route.title.en_US) : pathname);
      this.addTab({ key: pathname, path: pathname, title, icon: route?.icon, closable: true, search });
    }
    this.persist();
  }

  /**
   * The menu leaf a path belongs to: the leaf with that route, or the one whose page family
   * contains it — `/smdm/materiel/detail/5` belongs to the leaf `/smdm/materiel/list`
   * (a list route's family is its path without the trailing list segment). Longest match wins.
   */
  menuEntryFor(pathname: string): MenuLeaf | undefined {
    let best: MenuLeaf | undefined;
    let bestLen = -1;
    for (const l of this.menuLeafNode) {
      if (!l.path) continue;
      const family = familyOf(l.path);
      const len = pathname === l.path ? Number.MAX_SAFE_INTEGER : pathname === family || pathname.startsWith(`${family}/`) ? family.length : -1;
      if (len > bestLen) {
        best = l;
        bestLen = len;
      }
    }
    return best;
  }

  setPageInfo(key: string, info: PageInfo | undefined): void {
    if (info && (info.number || info.status)) this.pageInfo.set(key, info);
    else this.pageInfo.delete(key);
  }

  addTab(tab: Tab): void {
    this.tabs.push(tab);
    this.activeTabKey = tab.key;
  }

  /** Swaps the tab with the same key and activates the new one. */
  replaceTab(tab: Tab): void {
    const i = this.tabs.findIndex((t) => t.key === tab.key);
    if (i >= 0) this.tabs[i] = tab;
    else this.tabs.push(tab);
    this.activeTabKey = tab.key;
  }

  /** Patches a tab without activating it. */
  updateTab(tab: Partial<Tab> & { key: string }): void {
    const i = this.tabs.findIndex((t) => t.key === tab.key);
    if (i >= 0) this.tabs[i] = { ...this.tabs[i]!, ...tab };
  }

  /**
   * One callback per tab; a second registration is refused with a console warning (§8). A guard that
   * asks in the app's own dialog (not window.confirm) passes `unsaved` too, so the window's close and
   * a page replacement can learn whether it would ask without opening that dialog.
   */
  onBeforeTabRemove(key: string, fn: BeforeClose, unsaved?: () => boolean): () => void {
    if (this.beforeClose.has(key)) {
      console.warn(`Only one before-close callback is allowed per tab (tab ${key})`);
      return () => undefined;
    }
    this.beforeClose.set(key, fn);
    if (unsaved) this.unsavedProbes.set(key, unsaved);
    return () => {
      if (this.beforeClose.get(key) === fn) {
        this.beforeClose.delete(key);
        this.unsavedProbes.delete(key);
      }
    };
  }

  /**
   * Whether the tab's page can be replaced (a newer version of its screen was published) without
   * losing anything: its before-close callback is run with the question it would ask
   * (window.confirm) answered "cancel" unseen, so a page with unsaved changes says no.
   */
  async closesQuietly(key: string): Promise<boolean> {
    const guard = this.beforeClose.get(key);
    if (!guard) return true;
    const probe = this.unsavedProbes.get(key);
    if (probe) return !probe();
    const confirm = window.confirm;
    let asked = false;
    window.confirm = () => ((asked = true), false);
    try {
      const r = guard();
      window.confirm = confirm;
      return !asked && (await r) !== false;
    } catch {
      return false;
    } finally {
      window.confirm = confirm;
    }
  }

  /**
   * Whether any open tab would ask before closing (unsaved changes): each tab's before-close
   * callback is run with its question answered "cancel" unseen. A callback that answers later
   * (a promise) is taken as having nothing unsaved.
   */
  hasUnsavedChanges(): boolean {
    const confirm = window.confirm;
    let asked = false;
    window.confirm = () => ((asked = true), false);
    try {
      for (const [key, guard] of this.beforeClose) {
        const probe = this.unsavedProbes.get(key);
        if (probe) {
          if (probe()) return true;
          continue;
        }
        const r = guard();
        if (asked || r === false) return true;
      }
      return false;
    } catch {
      return true;
    } finally {
      window.confirm = confirm;
    }
  }

  onTabClose(fn: (key: string) => void): () => void {
    this.closeListeners.add(fn);
    return () => this.closeListeners.delete(fn);
  }

  /**
   * Closes a tab unless its before-close callback says no (false or a rejection). Emits the
   * close event with the key, then activates per §4. Returns the tab now active, or undefined when refused.
   */
  async removeTab(key: string): Promise<Tab | undefined> {
    const tab = this.tabs.find((t) => t.key === key);
    if (!tab || !tab.closable) return undefined;
    const guard = this.beforeClose.get(key);
    if (guard) {
      try {
        if ((await guard()) === false) return undefined;
      } catch {
        return undefined;
      }
    }
    return this.commitRemoval(key);
  }

  private commitRemoval(key: string): Tab | undefined {
    const nextActive = activeAfterRemoval(this.tabs, key, this.activeTabKey);
    this.tabs = removalInfo(this.tabs, key).nextTabs;
    this.activeTabKey = this.tabs.some((t) => t.key === nextActive) ? nextActive : HOME_TAB_KEY;
    this.beforeClose.delete(key);
    this.unsavedProbes.delete(key);
    this.pageInfo.delete(key);
    for (const l of this.closeListeners) l(key);
    this.persist();
    return this.activeTab;
  }

  /** Removal report of §4: remaining tabs and the tab following the removed one. */
  removalInfo(key: string) {
    return removalInfo(this.tabs, key);
  }

  async removeOtherTabs(key: string): Promise<void> {
    for (const t of this.tabs.filter((x) => x.closable && x.key !== key)) await this.removeTab(t.key);
  }

  async removeAllTabs(): Promise<void> {
    for (const t of this.tabs.filter((x) => x.closable)) await this.removeTab(t.key);
  }

  /** Back to only the home tab, active key /workplace. */
  cleanTabs(): void {
    this.tabs = [HOME_TAB];
    this.activeTabKey = HOME_TAB_KEY;
    this.beforeClose.clear();
    this.unsavedProbes.clear();
    this.storage?.removeItem(TAB_SESSION_KEY);
  }

  toggleCollapsed(): void {
    this.collapsed = !this.collapsed;
  }

  /** Tabs and the active key go to session storage: per browser tab, so several app tabs never mix. */
  persist(): void {
    this.storage?.setItem(TAB_SESSION_KEY, JSON.stringify({ tabs: this.tabs, activeTabKey: this.activeTabKey }));
  }

  restore(): void {
    const raw = this.storage?.getItem(TAB_SESSION_KEY);
    if (!raw) return;
    try {
      const s = JSON.parse(raw) as { tabs?: Tab[]; activeTabKey?: string };
      const tabs = (s.tabs ?? []).filter((t) => t && typeof t.key === 'string' && t.key !== HOME_TAB_KEY);
      this.tabs = [HOME_TAB, ...tabs];
      this.activeTabKey = this.tabs.some((t) => t.key === s.activeTabKey) ? s.activeTabKey! : HOME_TAB_KEY;
    } catch {
      this.storage?.removeItem(TAB_SESSION_KEY);
    }
  }
}

/** `/smdm/materiel/list` → `/smdm/materiel`; `/hpfm/lov-view/lov-view-list` → `/hpfm/lov-view`; `/supplierBidding/query` → `/supplierBidding`; other paths are their own family. */
export function familyOf(path: string): string {
  const segs = path.split('/');
  const last = segs[segs.length - 1] ?? '';
  const parent = segs[segs.length - 2] ?? '';
  // `list` or `<parent>-list` is the list page of its parent; `/hpfm/value-list` is a page of its own.
  // So is a query page (`/supplierBidding/query`, `/clarifyLetter/createRelease/queryTenderDoc`): the detail pages its rows open are its family.
  const listPage = last === 'list' || last === `${parent}-list` || last === 'query' || /^query[A-Z]/.test(last);
  return listPage ? segs.slice(0, -1).join('/') : path;
}
