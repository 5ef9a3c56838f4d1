import { storyRegistries } from '../support/registries.ts';
import { message } from 'antd';
import type { RendererServices, RequestOpts } from '../../renderer/contracts/services.ts';
import { FailedResponseError } from '../../src/request/errors.ts';
import type { EntityDecl } from '../../renderer/schema/entity.ts';
import type { LovViewDecl, ValueSetDecl } from '../../renderer/schema/lovs.ts';
import { DataSourceError, EntityStore, type EntityStoreOptions } from './entity-store.ts';
import { LovStore } from './lov-store.ts';
import { Router } from './router.ts';
import { ENTITIES, LOV_VIEWS, VALUE_SETS } from './schema-data.ts';
import { labelOf, translate } from './texts.ts';
import { STORY_USER } from './user.ts';

export { DataSourceError, EntityStore } from './entity-store.ts';
export { LovStore } from './lov-store.ts';
export { STORY_USER } from './user.ts';

/** One answered (or refused) call, for the story's log panel and tests. */
export interface CallLogEntry {
  method: string;
  url: string;
  query?: Record<string, unknown>;
  body?: unknown;
  status: number;
  result?: unknown;
  error?: string;
}

export interface DataSourceOptions extends EntityStoreOptions {
  /** Entities the fixtures add to the declared ones (inline fixture entities of renderer stories). */
  extraEntities?: EntityDecl[];
  /** Value sets and LOV views the fixtures add to schemas/lovs. */
  extraValueSets?: Record<string, ValueSetDecl>;
  extraViews?: LovViewDecl[];
  /** Simulated network latency in ms (default 60; 0 in tests). */
  latency?: number;
}

/**
 * The in-browser back end of the stories: declared entities (schemas/entities) with rows from the
 * server's seed generator, value sets and views (schemas/lovs), texts (schemas/i18n), all in memory.
 * One instance keeps its rows for the whole session, so a record created in one story shows in
 * the list of another.
 */
export class DataSource {
  readonly entities: Map<string, EntityDecl>;
  readonly lovs: LovStore;
  readonly store: EntityStore;
  readonly router: Router;
  readonly latency: number;

  constructor(opts: DataSourceOptions = {}) {
    this.entities = new Map([...ENTITIES, ...(opts.extraEntities ?? [])].map((e) => [e.name, e]));
    this.lovs = new LovStore({ ...VALUE_SETS, ...opts.extraValueSets }, [...LOV_VIEWS, ...(opts.extraViews ?? [])]);
    this.store = new EntityStore(this.entities, this.lovs, { tenantId: STORY_USER.tenantId, userId: STORY_USER.id, ...opts });
    this.router = new Router(this.entities, this.store, this.lovs);
    this.latency = opts.latency ?? 60;
  }

  /** Answers a call like the reference server; rejects with a DataSourceError carrying the HTTP status. */
  async request<T>(url: string, opts: RequestOpts = {}, lang = 'zh_CN', log?: (e: CallLogEntry) => void): Promise<T> {
    const method = opts.method ?? 'GET';
    if (this.latency) await new Promise((r) => setTimeout(r, this.latency));
    // Bodies are copied, as they would be by the network.
    const body = opts.body === undefined || (typeof FormData !== 'undefined' && opts.body instanceof FormData) ? opts.body : JSON.parse(JSON.stringify(opts.body));
    try {
      // Some answers (stored pages) are asynchronous: they read schema files on demand.
      const result = await this.router.handle(method, url, { ...opts, body }, lang);
      log?.({ method, url, query: opts.query, body: opts.body, status: 200, result });
      return result as T;
    } catch (e) {
      // A business refusal (a publish with problems) is HTTP 200 with `failed: true`, as on the server.
      const status = e instanceof DataSourceError ? e.status : e instanceof FailedResponseError ? 200 : 500;
      log?.({ method, url, query: opts.query, body: opts.body, status, error: (e as Error).message });
      throw e;
    }
  }

  async loadEntity(name: string): Promise<EntityDecl> {
    const e = this.entities.get(name);
    if (!e) throw new Error(`unknown entity "${name}"`);
    return e;
  }
}

let shared: DataSource | undefined;

/** The session's data source (created on first use). */
export function sharedDataSource(): DataSource {
  return (shared ??= new DataSource());
}

export interface StoryServicesOptions {
  language?: string;
  siteMode?: boolean;
  navigate?: (path: string) => void;
  onCall?: (e: CallLogEntry) => void;
  notify?: RendererServices['notify'];
}

/** A `RendererServices` over a data source: what ScreenHost needs from a host, without a server. */
export function storyServices(ds: DataSource, opts: StoryServicesOptions = {}): RendererServices {
  const language = opts.language ?? 'zh_CN';
  const siteMode = !!opts.siteMode;
  const notify = opts.notify ?? { success: (t: string) => void message.success(t, 1.5), error: (t: string) => void message.error(t, 2) };
  return {
    registries: storyRegistries,
    request: async <T,>(url: string, ro?: RequestOpts) => {
      try {
        return await ds.request<T>(url, ro, language, opts.onCall);
      } catch (e) {
        if (!ro?.silent) notify.error((e as Error).message);
        throw e;
      }
    },
    label: (l, fallback) => labelOf(language, l, fallback),
    t: (key, fallback, vars) => translate(language, key, fallback, vars),
    can: () => true,
    navigate: opts.navigate ?? ((path) => console.info(`[story] navigate ${path}`)),
    user: { ...STORY_USER, roleLevel: siteMode ? 'site' : STORY_USER.roleLevel, language },
    siteMode,
    language,
    loadEntity: (name) => ds.loadEntity(name),
    notify,
    accessToken: () => 'story-token',
  };
}
