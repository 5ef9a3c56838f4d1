import { makeAutoObservable, runInAction } from 'mobx';
import { PLATFORM } from '../config/env.ts';
import { request } from '../request/request.ts';
import { matchPattern } from '../stores/route-data.ts';

/** The runtime answer for a page code: its published JSON as text (overlay already applied). */
export interface StoredPage {
  pageCode: string;
  pageLevel: string;
  versionNumber: number | null;
  route: string | null;
  content: string;
}

export const fetchPublishedPage = (tenantId: number, pageCode: string) =>
  request<StoredPage>(`${PLATFORM}/v1/${tenantId}/ui-pages/common/${encodeURIComponent(pageCode)}`, { silent: true });

/**
 * Routes whose file schema a published stored page overrides for the signed-in tenant (its
 * own pages first, then the site's). One call, when the first tab renders; a backend without
 * stored pages answers nothing useful and every route keeps its file schema.
 */
class StoredRoutes {
  tenantId: number | undefined = undefined;
  ready = false;
  routes: Record<string, string> = {};
  private loaders = new Map<string, () => Promise<string>>();

  constructor() {
    makeAutoObservable<StoredRoutes, 'loaders'>(this, { loaders: false }, { autoBind: true });
  }

  ensure(tenantId: number): void {
    if (this.tenantId === tenantId) return;
    this.tenantId = tenantId;
    void this.load();
  }

  /** After a publish or rollback in the designer, so that the route changes in this session too. */
  async load(): Promise<void> {
    const tenantId = this.tenantId;
    if (tenantId === undefined) return;
    const routes = await request<Record<string, string>>(`${PLATFORM}/v1/${tenantId}/ui-pages/published-routes`, { silent: true, onFailed: () => undefined }).catch(() => ({}));
    runInAction(() => {
      this.routes = routes && typeof routes === 'object' ? (routes as Record<string, string>) : {};
      this.loaders.clear();
      this.ready = true;
    });
  }

  /**
   * The stored page serving a path, with the route parameters it binds (exact routes first).
   * `fallback` loads the route's file schema: used when the stored page cannot be had any more
   * (unpublished since the routes were read, or the server is unreachable).
   */
  match(pathname: string, fallback?: () => Promise<string>): { pageCode: string; route: string; params: Record<string, string>; load: () => Promise<string> } | undefined {
    const exact = this.routes[pathname];
    const route = exact !== undefined ? pathname : Object.keys(this.routes).find((r) => r.includes(':') && matchPattern(r, pathname));
    if (!route) return undefined;
    const pageCode = this.routes[route]!;
    return { pageCode, route, params: matchPattern(route, pathname) ?? {}, load: this.loader(pageCode, route, fallback) };
  }

  /** One loader per page and route, so the screen host does not reload on every render of the tab. */
  private loader(pageCode: string, route: string, fallback?: () => Promise<string>): () => Promise<string> {
    const key = `${pageCode} ${route}`;
    let l = this.loaders.get(key);
    if (!l) {
      const tenantId = this.tenantId!;
      l = () => fetchPublishedPage(tenantId, pageCode).then((p) => p.content, (e: unknown) => (fallback ? fallback() : Promise.reject(e)));
      this.loaders.set(key, l);
    }
    return l;
  }
}

export const storedRoutes = new StoredRoutes();
