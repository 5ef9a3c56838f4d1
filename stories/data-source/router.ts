import type { RequestOpts } from '../../renderer/contracts/services.ts';
import type { EntityDecl } from '../../renderer/schema/entity.ts';
import { type ConventionRoute, conventionRoutes } from '../../renderer/schema/wire/convention-routes.ts';
import { DataSourceError, type EntityStore, type Row, toPage } from './entity-store.ts';
import { recordedAnswer } from './fixture-calls.ts';
import type { LovStore } from './lov-store.ts';
import { promptBundle } from './texts.ts';
import { UiPageStore } from './ui-pages.ts';
import { STORY_USER } from './user.ts';

/** One call as the renderer makes it, with the query of the URL merged into `query`. */
export interface Call {
  method: string;
  path: string;
  query: Record<string, unknown>;
  body: unknown;
  /** The caller's language (value-set meanings, prompt defaults). */
  lang: string;
}

type Handler = (call: Call, m: RegExpExecArray) => unknown;

interface Route {
  method: string | '*';
  re: RegExp;
  handle: Handler;
  /** Higher first: platform calls, then entity paths with more literal characters (`/a/{t}/b/c` before `/a/{t}/b`). */
  weight: number;
}

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A generic route's path template as a pattern: the tenant segment any number, `{id}` the record
 * key and `{action}` a status action (captured by name), other parameters one segment.
 */
/** Fields a path names besides the key (a parent's key: `/events/{eventId}/rules`), as the server reads them. */
function pathFields(e: EntityDecl, g: Record<string, string | undefined>): Row {
  const out: Row = {};
  for (const [k, v] of Object.entries(g)) {
    const f = k !== 'id' && k !== 'action' && v !== undefined ? e.fields.find((x) => x.name === k) : undefined;
    if (f) out[k] = f.type === 'integer' ? Number(v) : v;
  }
  return out;
}

/** The fields a route's query parameters stand for (`unitCompanyId` → `companyId`), as the server reads them. */
const aliased = (r: ConventionRoute, query: Row): Record<string, string | undefined> =>
  Object.fromEntries(Object.entries(r.query ?? {}).flatMap(([name, field]) => (query[name] !== undefined ? [[field, String(query[name])]] : [])));

function pathPattern(template: string): { re: RegExp; weight: number } {
  let src = '';
  let last = 0;
  for (const m of template.matchAll(/\{(\w+)\}/g)) {
    src += esc(template.slice(last, m.index));
    const name = m[1]!;
    src += name === 'tenantId' || name === 'organizationId' ? '(?:\\d+)' : name === 'id' ? '(?<id>\\d+)' : name === 'action' ? '(?<action>[\\w-]+)' : `(?<${name}>[^/]+)`;
    last = m.index! + m[0].length;
  }
  src += esc(template.slice(last));
  return { re: new RegExp(`^${src}/?$`), weight: template.replace(/\{\w+\}/g, '').length };
}

/**
 * Answers the renderer's calls in the browser: the generic entity paths of every declared entity
 * (site and tenant), value sets, LOV views, prompt bundles, attachments, stored pages
 * (ui-pages.ts); other calls from the answers recorded on the seeded server (fixture-calls.ts).
 * A call none of these knows is an error the story shows, never a silent empty page.
 */
export class Router {
  private readonly routes: Route[] = [];
  private readonly files = new Map<string, Array<{ fileId: number; fileName: string; fileUrl: string; fileSize: number }>>();
  /** Stored pages of /hpfm/ui/page (list, designer, preview, published routes). */
  readonly uiPages: UiPageStore;
  private fileSeq = 0;
  private readonly tableSettings = new Map<string, unknown>();

  constructor(
    private readonly entities: Map<string, EntityDecl>,
    private readonly store: EntityStore,
    private readonly lovs: LovStore,
  ) {
    this.uiPages = new UiPageStore(entities, lovs);
    this.platformRoutes();
    for (const e of entities.values()) for (const base of new Set([e.paths.site, e.paths.tenant].filter((p): p is string => !!p))) this.entityRoutes(e, base);
    this.routes.sort((a, b) => b.weight - a.weight);
  }

  /** Platform calls are matched before the entity paths (weight: literal length of the path). */
  private add(method: string, re: RegExp, handle: Handler, weight = 1000): void {
    this.routes.push({ method, re, handle, weight });
  }

  /** The entity's generic routes, the same list the server answers (convention-routes.ts). */
  private entityRoutes(e: EntityDecl, base: string): void {
    for (const r of conventionRoutes(e, base)) {
      const { re, weight } = pathPattern(r.path);
      this.add(r.method, re, (c, m) => this.entityCall(e, r, c, m.groups ?? {}), weight);
    }
  }

  private entityCall(e: EntityDecl, r: ConventionRoute, c: Call, g: Record<string, string | undefined>): unknown {
    const body = (c.body ?? {}) as Row;
    const write = (bodyRow: Row, key: unknown) => {
      const row = { ...bodyRow, ...pathFields(e, g) };
      return r.update && ((key !== undefined && key !== null && key !== '') || !r.create) ? this.store.update(e, key, row, c.lang) : this.store.create(e, row, c.lang);
    };
    switch (r.op) {
      case 'list':
      case 'export':
        if (c.query.exportType === 'COLUMN') return this.store.exportColumns(e);
        if (r.op === 'export') throw new DataSourceError(400, 'exportType is required');
        return this.store.list(e, { ...c.query, ...pathFields(e, { ...g, ...aliased(r, c.query) }) }, c.lang);
      case 'get':
        return this.store.get(e, g.id ?? aliased(r, c.query).id, c.lang);
      case 'write':
        return Array.isArray(c.body) ? (c.body as Row[]).map((row) => write(row, row[e.primaryKey])) : write(body, g.id ?? body[e.primaryKey]);
      case 'removeItem':
        this.store.remove(e, [{ id: g.id, version: c.query.objectVersionNumber ?? body.objectVersionNumber }]);
        return {};
      case 'removeBatch':
        this.store.remove(e, (Array.isArray(c.body) ? (c.body as Row[]) : [body]).map((row) => ({ id: row[e.primaryKey], version: row.objectVersionNumber })));
        return {};
      case 'transition':
        return this.store.transition(e, g.id, g.action!, body, c.lang);
    }
  }


  private platformRoutes(): void {
    const hpfm = '^/hpfm/v1(?:/\\d+)?';
    // Column settings of the story's user, kept for the session of the story.
    this.add('GET', new RegExp(`${hpfm}/table-settings/([^/]+)$`), (_c, m) => this.tableSettings.get(decodeURIComponent(m[1]!)) ?? {});
    this.add('PUT', new RegExp(`${hpfm}/table-settings/([^/]+)$`), (c, m) => {
      this.tableSettings.set(decodeURIComponent(m[1]!), c.body);
      return c.body;
    });
    this.add('DELETE', new RegExp(`${hpfm}/table-settings/([^/]+)$`), (_c, m) => {
      this.tableSettings.delete(decodeURIComponent(m[1]!));
      return {};
    });
    // Records of the fixtures have no audit trail.
    this.add('GET', /\/\d+\/history$/, () => []);
    this.add('GET', new RegExp(`${hpfm}/lovs/value$`), (c) => this.lovs.values(String(c.query.lovCode ?? ''), String(c.query.lang ?? c.lang)));
    this.add('GET', new RegExp(`${hpfm}/lovs/value/batch$`), (c) => {
      const out: Record<string, unknown> = {};
      for (const [k, code] of Object.entries(c.query)) if (k !== 'lang' && k !== 'tenantId') out[k] = this.lovs.values(String(code), c.lang);
      return out;
    });
    this.add('GET', new RegExp(`${hpfm}/lov-view/info$`), (c) => {
      const v = this.lovs.viewInfo(String(c.query.viewCode ?? ''));
      if (!v) throw new DataSourceError(404, `No LOV view ${String(c.query.viewCode)}`);
      return v;
    });
    this.add('GET', new RegExp(`${hpfm}/lovs/data$`), (c) => {
      const code = String(c.query.lovCode ?? '');
      const page = Math.max(0, Number(c.query.page ?? 0) || 0);
      const size = Math.min(1000, Math.max(1, Number(c.query.size ?? 10) || 10));
      const entityName = this.lovs.sourceEntity(code);
      const e = entityName ? this.entities.get(entityName) : undefined;
      if (e) return this.store.list(e, { ...c.query, page, size }, c.lang);
      if (!this.lovs.has(code)) throw new DataSourceError(404, `No value set ${code}`);
      const needle = String(c.query.meaning ?? c.query.value ?? '').toLowerCase();
      const all = this.lovs.values(code, c.lang);
      const hits = needle ? all.filter((v) => v.meaning.toLowerCase().includes(needle) || v.value.toLowerCase().includes(needle)) : all;
      return toPage(hits.slice(page * size, page * size + size), page, size, hits.length);
    });
    this.add('GET', new RegExp(`${hpfm}/prompt/([a-z]{2}[_-][A-Za-z]{2})$`), (c, m) => {
      const raw = c.query.promptKey;
      const keys = raw === undefined ? [] : (Array.isArray(raw) ? raw : String(raw).split(',')).map(String).filter(Boolean);
      return promptBundle(m[1]!.replace('-', '_'), keys);
    });
    this.add('*', new RegExp(`^/hpfm/v1(?:/(\\d+))?/ui-pages(/.*)?$`), (c, m) => this.uiPages.handle(c.method, m[1], m[2] ?? '', c.query, (c.body ?? {}) as Record<string, unknown>, c.lang));
    this.add('GET', /^\/iam\/hzero\/v1\/users\/self$/, (c) => ({ ...STORY_USER, realName: 'Story Admin', tenantName: 'Demo Manufacturing Co.', language: c.lang }));
    // Attachments (§7.3 file calls), kept in memory for the session.
    const hfle = '^/hfle/v1(?:/\\d+)?/files';
    this.add('POST', new RegExp(`${hfle}/uuid$`), () => ({ content: `story-${Date.now().toString(36)}-${++this.fileSeq}` }));
    this.add('GET', new RegExp(`${hfle}/([^/]+)/file$`), (_c, m) => this.files.get(m[1]!) ?? []);
    this.add('POST', new RegExp(`${hfle}/attachment/multipart$`), (c) => {
      const fd = c.body as FormData;
      const uuid = String(fd.get('attachmentUUID'));
      const file = fd.get('file') as File | null;
      const name = file?.name ?? 'file';
      const list = this.files.get(uuid) ?? [];
      list.push({ fileId: ++this.fileSeq, fileName: name, fileUrl: `story://${uuid}/${name}`, fileSize: file?.size ?? 0 });
      this.files.set(uuid, list);
      return list.at(-1)!.fileUrl;
    });
    this.add('POST', new RegExp(`${hfle}/delete-by-uuidurl$`), (c) => {
      const uuid = String(c.query.attachmentUUID);
      const urls = (c.body as string[]) ?? [];
      this.files.set(
        uuid,
        (this.files.get(uuid) ?? []).filter((f) => !urls.includes(f.fileUrl)),
      );
      return {};
    });
  }

  handle(method: string, url: string, opts: RequestOpts, lang: string): unknown {
    const parsed = new URL(url, 'http://story.local');
    const query: Record<string, unknown> = {};
    for (const [k, v] of parsed.searchParams) query[k] = v;
    for (const [k, v] of Object.entries(opts.query ?? {})) if (!(method === 'GET' && (v === undefined || v === null || v === ''))) query[k] = v;
    const call: Call = { method, path: decodeURI(parsed.pathname), query, body: opts.body, lang };
    for (const r of this.routes) {
      if (r.method !== '*' && r.method !== method) continue;
      const m = r.re.exec(call.path);
      if (m) return r.handle(call, m);
    }
    const recorded = recordedAnswer(method, call.path);
    if (recorded) return recorded.body;
    throw new DataSourceError(501, `The stories have no answer for ${method} ${call.path}: it is not a declared entity's path and was not recorded (npm run stories:record)`);
  }
}
