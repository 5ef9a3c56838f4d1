import { makeAutoObservable, runInAction } from 'mobx';
import { redirectToLogin } from '../auth/login-redirect.ts';
import { consumeTokenFromLocation, getAccessToken } from '../auth/token.ts';
import { promptKeys } from 'virtual:prompt-keys';
import { checkPermissions, fetchMenu, fetchPrompts } from '../services/platform-api.ts';
import { I18nStore } from './I18nStore.ts';
import { menuLeaves, filterForRole, parseMenu } from './menu/parse-menu.ts';
import { NoticeStore } from './NoticeStore.ts';
import { PermissionStore } from './PermissionStore.ts';
import type { RouteInfo } from './route-data.ts';
import { UserStore } from './UserStore.ts';
import { WorkspaceStore } from './WorkspaceStore.ts';

/** §4 page start: nothing renders until the user is loaded and initialised. */
export type StartState = 'unauthorised' | 'authorised' | 'exception';

/** Wires the stores of the shell, one per concern. */
export class RootStore {
  readonly user = new UserStore();
  readonly workspace = new WorkspaceStore();
  readonly permissions = new PermissionStore(checkPermissions);
  readonly i18n = new I18nStore();
  readonly notices = new NoticeStore();
  state: StartState = 'unauthorised';

  constructor() {
    makeAutoObservable(this, { user: false, workspace: false, permissions: false, i18n: false, notices: false }, { autoBind: true });
    // Closing or reloading the window with unsaved input in any tab: the browser asks first.
    if (typeof window !== 'undefined') {
      window.addEventListener('beforeunload', (e) => {
        if (!this.workspace.hasUnsavedChanges()) return;
        e.preventDefault();
        e.returnValue = '';
      });
    }
  }

  /**
   * Token from the hash (or storage) → current user → language → menu → authorised.
   * `onUserFailure` navigates to /exception/500 (§8). The route table may still be loading (the
   * built app fetches it while the user loads); a failure to load it is a failure like the user's.
   */
  async start(routes: RouteInfo[] | Promise<RouteInfo[]>, onUserFailure: () => void, opts: { requireLogin?: boolean } = {}): Promise<void> {
    const token = consumeTokenFromLocation() ?? getAccessToken();
    const routesReady = Promise.resolve(routes).then((r) => this.workspace.setRouterData(r));
    if (!token) {
      if (opts.requireLogin !== false) {
        redirectToLogin();
        return;
      }
      // Without a user the platform's default language applies.
      await Promise.all([this.i18n.use('zh_CN'), routesReady]);
      document.getElementById('app-loading')?.remove();
      runInAction(() => (this.state = 'authorised'));
      return;
    }
    let user;
    // The prompt keys (a static asset) load while the user does; the prompt call needs both.
    void promptKeys().catch(() => undefined);
    try {
      [user] = await Promise.all([this.user.loadCurrentUser(), routesReady]);
    } catch (e) {
      if ((e as { status?: number }).status === 401) return; // the request layer is already redirecting to sign-in
      document.getElementById('app-loading')?.remove();
      runInAction(() => (this.state = 'exception'));
      onUserFailure();
      return;
    }
    this.i18n.setBundleSource(async (lang) => fetchPrompts(user.tenantId, lang, await promptKeys()));
    await this.i18n.use(user.language || 'zh_CN');
    this.workspace.restore();
    runInAction(() => (this.state = 'authorised'));
    document.getElementById('app-loading')?.remove();
    await this.loadMenu();
    void this.user.loadTenantsAndRoles().catch(() => undefined);
    void this.notices.refresh(user.tenantId);
    this.notices.connect(token, user.tenantId);
  }

  async loadMenu(): Promise<void> {
    const u = this.user.currentUser;
    if (!u) return;
    const tree = await fetchMenu(u.currentRoleId, this.i18n.language).catch(() => []);
    const menu = parseMenu(filterForRole(tree, u.currentRoleCode));
    this.workspace.setMenu(menu, menuLeaves(menu, (k, f) => this.i18n.t(k, f)));
  }

  /** Role or tenant switch: permissions, menu, tabs and data reload (a full reload keeps it simple and complete). */
  async switchRole(roleId: number): Promise<void> {
    await this.user.switchRole(roleId);
    this.afterContextSwitch();
  }

  async switchTenant(tenantId: number): Promise<void> {
    await this.user.switchTenant(tenantId);
    this.afterContextSwitch();
  }

  private afterContextSwitch() {
    this.permissions.clear();
    this.workspace.cleanTabs();
    window.location.assign('/workplace');
  }

  async switchLanguage(lang: string): Promise<void> {
    const u = this.user.currentUser;
    await this.i18n.switchLanguage(lang, u?.currentRoleId ?? 0, u?.tenantId ?? 0);
    this.user.setLanguage(lang);
    // The role names (header, role switch) come from the server in the saved language.
    await Promise.all([this.loadMenu(), this.refreshProfile(), this.user.loadTenantsAndRoles().catch(() => undefined)]);
  }

  /** Reads the current user again after their profile changed (date format, time zone, language): open pages follow it. */
  async refreshProfile(): Promise<void> {
    await this.user.loadCurrentUser().catch(() => undefined);
  }
}
