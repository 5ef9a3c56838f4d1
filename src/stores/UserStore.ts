import { makeAutoObservable, runInAction } from 'mobx';
import * as api from '../services/platform-api.ts';
import type { CurrentUser, RoleDto, TenantDto } from '../services/platform-api.ts';

/** §3 User state: the current user, their tenants and roles; role and tenant switches. */
export class UserStore {
  currentUser: CurrentUser | undefined = undefined;
  tenantList: TenantDto[] = [];
  roleList: RoleDto[] = [];

  constructor() {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  /** Site mode: a role of level `site` works platform-wide and tenant ids leave the paths. */
  get siteMode(): boolean {
    return this.currentUser?.currentRoleLevel === 'site';
  }

  get tenantId(): number {
    return this.currentUser?.tenantId ?? 0;
  }

  async loadCurrentUser(): Promise<CurrentUser> {
    const u = await api.fetchSelf();
    runInAction(() => (this.currentUser = u));
    return u;
  }

  async loadTenantsAndRoles(): Promise<void> {
    const [tenants, roles] = await Promise.all([api.fetchTenants(), api.fetchRoles()]);
    runInAction(() => {
      this.tenantList = tenants;
      this.roleList = roles;
    });
  }

  async switchRole(roleId: number): Promise<void> {
    await api.switchRole(roleId);
  }

  async switchTenant(tenantId: number): Promise<void> {
    await api.switchTenant(tenantId);
  }

  setLanguage(language: string): void {
    if (this.currentUser) this.currentUser.language = language;
  }
}
