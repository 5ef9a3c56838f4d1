import { makeAutoObservable, runInAction } from 'mobx';
import { request } from '../request/request.ts';
import { matchPattern } from '../stores/route-data.ts';
import { fillUrl } from '../../renderer/data/url-template.ts';
import { platformCalls } from '../../renderer/schema/wire/platform-calls.ts';

/** The runtime answer for a page code: its published JSON as text (overlay already applied). */
export interface StoredPage {
  pageCode: string;
  pageLevel: string;
  versionNumber: number | null;
  route: string | null;
  content: string;
}

/**
 * What the server pushes (over the messaging websocket) and the designer broadcasts to the other
 * browser tabs when a page is published, rolled back or unpublished. `tenantId` 0 is a site page,
 * which reaches every tenant.
 */
export interface PageChange {
  type: 'ui-page.changed';
  tenantId: number;
  pageCode: string;
  route?: string | null;
  versionNumber?: number | null;
}

/** Where pushes arrive: the notice store's websocket. */
export interface PushSource {
  onPush(fn: (msg: { type?: string } & Record<string, unknown>) => void): () => void;
}

const CHANNEL = 'ui-pages';

export const fetchPublishedPage = (tenantId: number, pageCode: string) =>
  request<StoredPage>(fillUrl(platformCalls.uiPagePublished.url, { tenantId, pageCode }), { silent: true });

const isChange = (m: unknown): m is PageChange => !!m && typeof m === 'object' && (m as PageChange).type === 'ui-page.changed' && typeof (m as PageChange).pageCode === 'string';

/**
 * Routes whose file schema a published stored page overrides for the signed-in tenant (its
 * own pages first, then the site's). Read when the first tab renders, and again whenever a page
 * changes: the server pushes publishes and rollbacks to every signed-in session, and the designer
 * tells the other tabs of the same browser directly, so an open route gets the new version
 * without a full reload (see `generation`, which the tab's screen is keyed by).
 */
class StoredRoutes {
  tenantId: number | undefined = undefined;
  ready = false;
  routes: Record<string, string> = {};
  /** Per page code: bumped on every change heard, so an open screen of that page renders again. */
  generations: Record<string, number> = {};
  private loaders = new Map<string, () => Promise<string>>();
  private lastChange = new Map<string, string>();
  private unsubscribe: (() => void) | undefined;
  private channel: BroadcastChannel | undefined;

  constructor() {
    makeAutoObservable<StoredRoutes, 'loaders' | 'lastChange' | 'unsubscribe' | 'channel'>(this, { loaders: false, lastChange: false, unsubscribe: false, channel: false }, { autoBind: true });
  }

  /** Reads the routes once per tenant and starts listening for changes (pushes and other tabs). */
  ensure(tenantId: number, pushes?: PushSource): void {
    if (pushes && !this.unsubscribe) this.unsubscribe = pushes.onPush((m) => isChange(m) && this.changed(m));
    if (!this.channel && typeof BroadcastChannel !== 'undefined') {
      this.channel = new BroadcastChannel(CHANNEL);
      this.channel.onmessage = (ev: MessageEvent) => isChange(ev.data) && this.changed(ev.data);
    }
    if (this.tenantId === tenantId) return;
    this.tenantId = tenantId;
    void this.load();
  }

  generation(pageCode: string): number {
    return this.generations[pageCode] ?? 0;
  }

  /** A page of this tenant (or of the site) changed: read the routes again and re-render its screens. */
  changed(change: PageChange): void {
    if (this.tenantId === undefined || (change.tenantId !== 0 && change.tenantId !== this.tenantId)) return;
    if (this.seen(change)) return;
    void this.load().then(() => runInAction(() => (this.generations[change.pageCode] = this.generation(change.pageCode) + 1)));
  }

  /**
   * The same change arrives twice (the server's push and the designer's broadcast, or both in the
   * designer's own tab): only the first one reloads. Consecutive equal changes of a page are one.
   */
  private seen(change: PageChange): boolean {
    const key = JSON.stringify([change.tenantId, change.route ?? null, change.versionNumber ?? null]);
    if (this.lastChange.get(change.pageCode) === key) return true;
    this.lastChange.set(change.pageCode, key);
    return false;
  }

  /**
   * After a publish, rollback or unpublish in this tab's designer: the routes change here at once,
   * and the other tabs of this browser hear it without waiting for the server's push.
   */
  async published(change: Omit<PageChange, 'type'>): Promise<void> {
    const msg: PageChange = { type: 'ui-page.changed', ...change };
    this.channel?.postMessage(msg);
    this.seen(msg);
    await this.load();
    runInAction(() => (this.generations[change.pageCode] = this.generation(change.pageCode) + 1));
  }

  async load(): Promise<void> {
    const tenantId = this.tenantId;
    if (tenantId === undefined) return;
    const routes = await request<Record<string, string>>(fillUrl(platformCalls.uiPagePublishedRoutes.url, { tenantId }), { silent: true, onFailed: () => undefined }).catch(() => ({}));
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
  match(pathname: string, fallback?: () => Promise<string>): { pageCode: string; route: string; params: Record<string, string>; generation: number; load: () => Promise<string> } | undefined {
    const exact = this.routes[pathname];
    const route = exact !== undefined ? pathname : Object.keys(this.routes).find((r) => r.includes(':') && matchPattern(r, pathname));
    if (!route) return undefined;
    const pageCode = this.routes[route]!;
    return { pageCode, route, params: matchPattern(route, pathname) ?? {}, generation: this.generation(pageCode), load: this.loader(pageCode, route, fallback) };
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
