import { validateScreenMeta } from '../../renderer/schema/check/meta-validate.ts';
import type { Problem } from '../../renderer/schema/check/problems.ts';
import type { EntityDecl } from '../../renderer/schema/entity.ts';
import { applyOverlay, emptyOverlay, isBlocking, isOverlay, type OverlayConflict, overlayConflicts } from '../../renderer/schema/overlay.ts';
import { parseScreenText } from '../../renderer/schema/parse-screen.ts';
import { toPage } from '../../renderer/schema/wire/page.ts';
import { formatSchemaJson } from '../../renderer/schema/format-json.ts';
import { SCAFFOLD_KINDS, type ScaffoldKind, scaffoldScreen } from '../../renderer/schema/scaffold.ts';
import { FailedResponseError } from '../../src/request/errors.ts';
import { DataSourceError } from './entity-store.ts';
import type { LovStore } from './lov-store.ts';
import { STORY_USER } from './user.ts';

/** Schema files as text, each loaded when first needed (a base of an overlay, the "file" template). */
const FILES = import.meta.glob<string>('/schemas/*/*.json', { query: '?raw', import: 'default' });

type Json = Record<string, unknown>;
const SITE = 0;
const STAMP = '2025-12-30 09:00:00';

export interface StoredPageRow {
  pageId: number;
  tenantId: number;
  pageCode: string;
  pageLevel: 'SITE' | 'TENANT';
  title: string | null;
  route: string | null;
  templateCode: string;
  entityName: string | null;
  pageKind: string | null;
  overlayFlag: number;
  statusCode: 'DRAFT' | 'PUBLISHED';
  versionNumber: number;
  publishedVersion: number | null;
  publishedRoute: string | null;
  publishedDate: string | null;
  publishedByName: string | null;
  updatedByName: string;
  content: string;
  publishedContent: string | null;
  baseContent: string | null;
  objectVersionNumber: number;
  lastUpdateDate: string;
}

interface VersionRow {
  versionNumber: number;
  actionCode: string;
  publishedFlag: number;
  createdByName: string;
  creationDate: string;
  content: string;
}

const parse = (text: string | null | undefined): unknown => {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
};
const routeOf = (doc: unknown): string | null => {
  const d = doc as Json | undefined;
  return typeof d?.route === 'string' ? d.route : Array.isArray(d?.routes) && typeof d.routes[0] === 'string' ? d.routes[0] : null;
};
const now = () => new Date().toISOString().slice(0, 19).replace('T', ' ');
const refuse = (message: string, problems: Problem[]): never => {
  throw new FailedResponseError({ failed: true, code: 'hpfm.uiPage.invalid', message, type: 'warn', problems } as never);
};

/**
 * The stored pages of /hpfm/ui/page in the browser, answering the calls the designer, the page
 * list and the stored-page views make, as server/platform/ui-pages.ts does: the same fixtures as
 * the server seed (server/modules/hpfm/seed-ui-pages.ts: a published payment-terms page and a
 * draft copy of the purchase order list), versions, publish, rollback, copy, delete, tenant
 * overlays. Checks are the meta-schema only (the cross-reference checks need the server's routes).
 */
export class UiPageStore {
  private pages: StoredPageRow[] = [];
  private versions = new Map<number, VersionRow[]>();
  private seq = 0;
  private seeded: Promise<void> | undefined;

  constructor(
    private readonly entities: Map<string, EntityDecl>,
    private readonly lovs: LovStore,
  ) {}

  /** The seed's pages, on first use (the draft copy reads its schema file). */
  private ready(): Promise<void> {
    this.seeded ??= (async () => {
      const term = this.entities.get('paymentTerm');
      if (term) {
        const terms = formatSchemaJson(scaffoldScreen({ kind: 'list', entity: term, title: { zh_CN: '付款条件(存储页面示例)', en_US: 'Payment terms (stored page sample)' } }));
        this.insert({ tenantId: SITE, pageCode: 'HPFM.DEMO.PAYMENT_TERMS', title: 'Payment terms (stored page sample)', route: null, templateCode: 'list', entityName: 'paymentTerm', pageKind: 'list', content: terms }, true);
      }
      const orders = await this.fileText('sodr/send-order.list.json');
      if (orders) this.insert({ tenantId: SITE, pageCode: 'SODR.SEND_ORDER.LIST', title: 'Purchase orders (draft copy of the file screen)', route: '/sodr/send-order/list', templateCode: 'file', entityName: 'poHeader', pageKind: 'list', content: orders }, false);
    })();
    return this.seeded;
  }

  private async fileText(file: string): Promise<string | undefined> {
    const load = FILES[`/schemas/${file}`];
    return load ? load() : undefined;
  }

  /** The schema file serving a route (all files are read the first time: stories rarely ask). */
  private async fileForRoute(route: string | null): Promise<{ file: string; text: string } | undefined> {
    if (!route) return undefined;
    for (const [path, load] of Object.entries(FILES)) {
      const text = await load();
      const d = parse(text) as Json | undefined;
      if (d && (d.route === route || (Array.isArray(d.routes) && d.routes.includes(route)))) return { file: path.replace('/schemas/', ''), text };
    }
    return undefined;
  }

  private insert(p: Pick<StoredPageRow, 'tenantId' | 'pageCode' | 'title' | 'route' | 'templateCode' | 'entityName' | 'pageKind' | 'content'> & Partial<StoredPageRow>, published: boolean): StoredPageRow {
    const row: StoredPageRow = {
      pageId: ++this.seq,
      pageLevel: p.tenantId === SITE ? 'SITE' : 'TENANT',
      overlayFlag: 0,
      statusCode: published ? 'PUBLISHED' : 'DRAFT',
      versionNumber: 1,
      publishedVersion: published ? 1 : null,
      publishedRoute: published ? p.route : null,
      publishedDate: published ? STAMP : null,
      publishedByName: published ? 'admin' : null,
      publishedContent: published ? p.content : null,
      baseContent: null,
      updatedByName: 'admin',
      objectVersionNumber: 1,
      lastUpdateDate: STAMP,
      ...p,
    };
    this.pages.push(row);
    this.versions.set(row.pageId, [{ versionNumber: 1, actionCode: 'CREATE', publishedFlag: 0, createdByName: 'admin', creationDate: STAMP, content: row.content }, ...(published ? [{ versionNumber: 1, actionCode: 'PUBLISH', publishedFlag: 1, createdByName: 'admin', creationDate: STAMP, content: row.content }] : [])]);
    return row;
  }

  private find(tenantId: number, pageCode: string): StoredPageRow | undefined {
    return this.pages.find((p) => p.tenantId === tenantId && p.pageCode === pageCode);
  }

  private own(tenantId: number, pageCode: string): StoredPageRow {
    const p = this.find(tenantId, pageCode);
    if (!p) throw new DataSourceError(404, `No page ${pageCode}`);
    return p;
  }

  private change(p: StoredPageRow, values: Partial<StoredPageRow>, action?: string, published = false): StoredPageRow {
    Object.assign(p, values, { objectVersionNumber: p.objectVersionNumber + 1, lastUpdateDate: now(), updatedByName: STORY_USER.loginName });
    if (action) this.versions.get(p.pageId)!.unshift({ versionNumber: p.versionNumber, actionCode: action, publishedFlag: published ? 1 : 0, createdByName: STORY_USER.loginName, creationDate: now(), content: p.content });
    return p;
  }

  /** An overlay's base: the published site page of its code, else the file of its route. */
  private async baseOf(pageCode: string, route: string | null): Promise<{ source: 'page' | 'file'; ref: string; text: string; version?: number } | undefined> {
    const site = this.find(SITE, pageCode);
    if (site?.publishedContent) return { source: 'page', ref: site.pageCode, text: site.publishedContent, version: site.publishedVersion ?? undefined };
    const file = await this.fileForRoute(route ?? site?.route ?? null);
    return file && { source: 'file', ref: file.file, text: file.text };
  }

  private async merged(p: StoredPageRow, text: string): Promise<{ text: string; conflicts: OverlayConflict[] }> {
    if (!p.overlayFlag) return { text, conflicts: [] };
    const base = parse((await this.baseOf(p.pageCode, p.route))?.text) as Json | undefined;
    const overlay = parse(text);
    if (!base) return { text, conflicts: [{ path: '', kind: 'missing', message: 'this overlay has no base' }] };
    const entity = typeof base.entity === 'string' ? this.entities.get(base.entity) : undefined;
    const conflicts = overlayConflicts(base, overlay, parse(p.baseContent) as object | undefined, entity, { lovCodes: new Set(this.lovs.codes()) });
    return { text: isOverlay(overlay) ? formatSchemaJson(applyOverlay(base, overlay, entity).screen) : JSON.stringify(base), conflicts };
  }

  private check(text: string, pageCode: string): Problem[] {
    const parsed = parseScreenText(text);
    if (!parsed.screen) return parsed.problems.map((p) => ({ file: pageCode, ...p }));
    return validateScreenMeta(parsed.screen, pageCode);
  }

  /** Answers one call under /hpfm/v1[/{tenantId}]/ui-pages. */
  async handle(method: string, tenant: string | undefined, rest: string, query: Json, body: Json, lang: string): Promise<unknown> {
    await this.ready();
    const tenantId = tenant === undefined ? SITE : Number(tenant);
    const seg = rest.split('/').filter(Boolean).map(decodeURIComponent);
    const [a, b, c] = seg;
    if (method === 'GET' && seg.length === 0) return this.list(tenantId, query, lang);
    if (method === 'POST' && seg.length === 0) return this.create(tenantId, body);
    if (method === 'PUT' && a === 'detail') return this.save(tenantId, body);
    if (method === 'POST' && a === 'check') return this.checkCall(tenantId, body);
    if (method === 'GET' && a === 'published-routes') return this.routes(tenantId);
    if (method === 'GET' && a === 'common' && b) return this.runtime(tenantId, b);
    if (method === 'GET' && a === 'preview' && b) return this.preview(tenantId, b);
    if (!a) throw new DataSourceError(405, `${method} not allowed`);
    if (method === 'GET' && !b) return this.designer(tenantId, a);
    if (method === 'DELETE' && !b) {
      this.pages = this.pages.filter((p) => p !== this.own(tenantId, a));
      return {};
    }
    if (method === 'GET' && b === 'history') return c ? this.version(tenantId, a, Number(c)) : this.versions.get(this.own(tenantId, a).pageId)!.map(({ content: _c, ...v }) => v);
    if (method === 'POST' && b === 'publish') return this.publish(tenantId, a);
    if (method === 'POST' && b === 'unpublish') return this.change(this.own(tenantId, a), { publishedContent: null, publishedVersion: null, publishedRoute: null, statusCode: 'DRAFT' }, 'UNPUBLISH');
    if (method === 'POST' && b === 'rollback') return this.rollback(tenantId, a, Number(body.versionNumber));
    if (method === 'POST' && b === 'copy') return this.copy(tenantId, a, body);
    throw new DataSourceError(405, `${method} not allowed on ui-pages/${rest}`);
  }

  /** A tenant lists its own pages and the published site pages it has not overridden, as the server. */
  private list(tenantId: number, q: Json, lang: string) {
    const page = Math.max(0, Number(q.page ?? 0) || 0);
    const size = Math.min(1000, Math.max(1, Number(q.size ?? 10) || 10));
    const like = (v: unknown, want: unknown) => want === undefined || want === '' || String(v ?? '').toLowerCase().includes(String(want).toLowerCase());
    const eq = (v: unknown, want: unknown) => want === undefined || want === '' || String(v ?? '') === String(want);
    const rows = this.pages
      .filter((p) => p.tenantId === tenantId || (tenantId !== SITE && p.tenantId === SITE && p.publishedVersion !== null && !this.find(tenantId, p.pageCode)))
      .filter((p) => like(p.pageCode, q.pageCode) && like(p.title, q.title) && like(p.route, q.route) && eq(p.statusCode, q.statusCode) && eq(p.pageKind, q.pageKind) && eq(p.entityName, q.entityName))
      .sort((x, y) => x.pageCode.localeCompare(y.pageCode));
    const meaning = (code: string, v: string) => this.lovs.meanings(code, lang).get(v) ?? v;
    const out = rows.slice(page * size, page * size + size).map(({ content: _c, publishedContent: _p, baseContent: _b, ...r }) => ({
      ...r,
      statusMeaning: meaning('HPFM.UI_PAGE.STATUS', r.statusCode),
      pageLevelMeaning: meaning('HPFM.UI_PAGE.LEVEL', r.pageLevel),
      templateMeaning: meaning('HPFM.UI_PAGE.TEMPLATE', r.templateCode),
    }));
    return toPage(out, page, size, rows.length);
  }

  private async create(tenantId: number, body: Json): Promise<StoredPageRow> {
    const pageCode = String(body.pageCode ?? '');
    if (!/^[A-Z0-9][A-Z0-9_.-]{0,119}$/.test(pageCode)) throw new DataSourceError(400, 'pageCode: upper-case letters, digits, "_", "." and "-"');
    if (this.find(tenantId, pageCode)) throw new DataSourceError(409, `A page ${pageCode} exists already`);
    const template = String(body.templateCode ?? 'list');
    const route = typeof body.route === 'string' && body.route ? body.route : null;
    const title = typeof body.title === 'string' && body.title ? body.title : null;
    let content: string;
    let overlayFlag = 0;
    let baseContent: string | null = null;
    if (template === 'file') {
      const file = await this.fileForRoute(route);
      if (!file) throw new DataSourceError(400, `No schema file serves the route ${route ?? '(none given)'}`);
      content = file.text;
    } else if (template === 'overlay') {
      const base = await this.baseOf(pageCode, route);
      if (tenantId === SITE || !base) throw new DataSourceError(400, 'An overlay is a tenant page over a published site page or a schema file');
      content = formatSchemaJson(emptyOverlay());
      overlayFlag = 1;
      baseContent = base.text;
    } else {
      const entity = this.entities.get(String(body.entityName ?? ''));
      if (!entity || !(SCAFFOLD_KINDS as string[]).includes(template)) throw new DataSourceError(400, `Template "${template}" needs the entity whose fields it uses (entityName)`);
      content = formatSchemaJson(scaffoldScreen({ route: route ?? undefined, kind: template as ScaffoldKind, entity, title: title ? { zh_CN: title, en_US: title } : undefined }));
    }
    const doc = parse(overlayFlag ? baseContent : content) as Json | undefined;
    return this.insert({ tenantId, pageCode, title, route: route ?? routeOf(doc), templateCode: template, entityName: typeof doc?.entity === 'string' ? doc.entity : null, pageKind: typeof doc?.kind === 'string' ? doc.kind : null, content, overlayFlag, baseContent }, false);
  }

  private async designer(tenantId: number, pageCode: string): Promise<Json> {
    const page = this.find(tenantId, pageCode);
    if (page && !page.overlayFlag) return { ...page, conflicts: [] };
    if (page) {
      const base = await this.baseOf(pageCode, page.route);
      const eff = await this.merged(page, page.content);
      return { ...page, base, effectiveContent: eff.text, conflicts: eff.conflicts };
    }
    const site = this.find(SITE, pageCode);
    if (tenantId === SITE || !site?.publishedContent) throw new DataSourceError(404, `No page ${pageCode}`);
    const base = await this.baseOf(pageCode, null);
    return { pageCode, tenantId, pageLevel: 'TENANT', title: site.title, route: site.publishedRoute, pageKind: site.pageKind, entityName: site.entityName, overlayFlag: 1, inherited: true, statusCode: 'DRAFT', versionNumber: 0, content: formatSchemaJson(emptyOverlay()), base, baseContent: base?.text, effectiveContent: base?.text, conflicts: [] };
  }

  private async save(tenantId: number, body: Json): Promise<Json> {
    const pageCode = String(body.pageCode ?? '');
    const content = String(body.content ?? '');
    let page = this.find(tenantId, pageCode);
    if (!page) {
      const site = this.find(SITE, pageCode);
      const base = await this.baseOf(pageCode, null);
      if (tenantId === SITE || !site || !base) throw new DataSourceError(404, `No page ${pageCode}`);
      page = this.insert({ tenantId, pageCode, title: site.title, route: site.publishedRoute, templateCode: 'overlay', entityName: site.entityName, pageKind: site.pageKind, content, overlayFlag: 1, baseContent: base.text }, false);
    } else if (page.content !== content) {
      if (body.objectVersionNumber !== undefined && Number(body.objectVersionNumber) !== page.objectVersionNumber) throw new DataSourceError(409, 'The page was changed by someone else; reload it and apply your change again');
      const doc = parse(content) as Json | undefined;
      this.change(page, { content, versionNumber: page.versionNumber + 1, statusCode: content === page.publishedContent ? 'PUBLISHED' : 'DRAFT', ...(doc && !page.overlayFlag ? { route: routeOf(doc) } : {}) }, 'SAVE');
    }
    return { ...page, ...(await this.checkCall(tenantId, { pageCode, content })) };
  }

  private async checkCall(tenantId: number, body: Json): Promise<{ problems: Problem[]; conflicts: OverlayConflict[]; effectiveContent?: string }> {
    const pageCode = String(body.pageCode ?? 'page');
    const content = String(body.content ?? '');
    const page = this.find(tenantId, pageCode);
    if (!page?.overlayFlag) return { problems: this.check(content, pageCode), conflicts: [] };
    const eff = await this.merged(page, content);
    return { problems: eff.conflicts.some((x) => x.kind === 'invalid') ? [] : this.check(eff.text, pageCode), conflicts: eff.conflicts, effectiveContent: eff.text };
  }

  private async publishProblems(page: StoredPageRow, content: string): Promise<{ problems: Problem[]; route: string | null }> {
    const eff = await this.merged(page, content);
    const problems: Problem[] = eff.conflicts.filter(isBlocking).map((x) => ({ file: page.pageCode, path: x.path, message: x.message }));
    if (!problems.length) problems.push(...this.check(eff.text, page.pageCode));
    return { problems, route: routeOf(parse(eff.text)) };
  }

  private async publish(tenantId: number, pageCode: string): Promise<StoredPageRow> {
    const page = this.own(tenantId, pageCode);
    const { problems, route } = await this.publishProblems(page, page.content);
    if (problems.length) refuse(`The page cannot be published: ${problems.length} problem(s).`, problems);
    return this.change(page, { publishedContent: page.content, publishedVersion: page.versionNumber, publishedRoute: route, statusCode: 'PUBLISHED', publishedDate: now(), publishedByName: STORY_USER.loginName }, 'PUBLISH', true);
  }

  private async rollback(tenantId: number, pageCode: string, n: number): Promise<StoredPageRow> {
    const page = this.own(tenantId, pageCode);
    const v = this.versions.get(page.pageId)!.find((x) => x.versionNumber === n);
    if (!v) throw new DataSourceError(404, `Page ${pageCode} has no version ${n}`);
    const live = page.publishedVersion !== null;
    const check = live ? await this.publishProblems(page, v.content) : undefined;
    if (check?.problems.length) refuse('The version cannot be published any more', check.problems);
    this.change(page, { content: v.content, versionNumber: page.versionNumber + 1, statusCode: 'DRAFT' }, 'ROLLBACK');
    return live ? this.change(page, { publishedContent: page.content, publishedVersion: page.versionNumber, publishedRoute: check!.route, statusCode: 'PUBLISHED', publishedDate: now() }, 'PUBLISH', true) : page;
  }

  private version(tenantId: number, pageCode: string, n: number): VersionRow {
    const v = this.versions.get(this.own(tenantId, pageCode).pageId)!.find((x) => x.versionNumber === n);
    if (!v) throw new DataSourceError(404, `Page ${pageCode} has no version ${n}`);
    return v;
  }

  private async copy(tenantId: number, pageCode: string, body: Json): Promise<StoredPageRow> {
    const src = await this.designer(tenantId, pageCode);
    const text = String(src.effectiveContent ?? src.content ?? '');
    let code = typeof body.pageCode === 'string' && body.pageCode ? body.pageCode : `${pageCode}_COPY`;
    for (let n = 2; !body.pageCode && this.find(tenantId, code); n++) code = `${pageCode}_COPY${n}`;
    const doc = parse(text) as Json | undefined;
    return this.insert({ tenantId, pageCode: code, title: `${String(src.title ?? pageCode)} (copy)`, route: routeOf(doc), templateCode: String(src.templateCode ?? 'file'), entityName: typeof doc?.entity === 'string' ? doc.entity : null, pageKind: typeof doc?.kind === 'string' ? doc.kind : null, content: text }, false);
  }

  private async runtime(tenantId: number, pageCode: string) {
    for (const t of tenantId === SITE ? [SITE] : [tenantId, SITE]) {
      const p = this.find(t, pageCode);
      if (!p?.publishedContent) continue;
      return { pageCode, pageLevel: p.pageLevel, tenantId: t, versionNumber: p.publishedVersion, route: p.publishedRoute, content: (await this.merged(p, p.publishedContent)).text };
    }
    throw new DataSourceError(404, `No published page ${pageCode}`);
  }

  private async preview(tenantId: number, pageCode: string) {
    const p = this.find(tenantId, pageCode) ?? (tenantId !== SITE ? this.find(SITE, pageCode) : undefined);
    if (!p) throw new DataSourceError(404, `No page ${pageCode}`);
    const draft = p.tenantId === tenantId;
    if (!draft && !p.publishedContent) throw new DataSourceError(404, `No page ${pageCode} for this tenant: the site page is not published`);
    const eff = await this.merged(p, (draft ? p.content : p.publishedContent) ?? '');
    return { pageCode, pageLevel: p.pageLevel, tenantId: p.tenantId, versionNumber: draft ? p.versionNumber : p.publishedVersion, route: p.route, content: eff.text, conflicts: eff.conflicts };
  }

  private routes(tenantId: number): Record<string, string> {
    const out: Record<string, string> = {};
    for (const t of [tenantId, SITE]) for (const p of this.pages) if (p.tenantId === t && p.publishedVersion !== null && p.publishedRoute) out[p.publishedRoute] ??= p.pageCode;
    return out;
  }
}
