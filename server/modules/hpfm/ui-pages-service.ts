import type { CheckContext } from '../../../renderer/schema/check/check-context.ts';
import type { Problem } from '../../../renderer/schema/check/problems.ts';
import type { Label } from '../../../renderer/schema/label.ts';
import { emptyOverlay, isBlocking } from '../../../renderer/schema/overlay.ts';
import { formatSchemaJson } from '../../../renderer/schema/format-json.ts';
import { SCAFFOLD_KINDS, type ScaffoldKind, scaffoldScreen } from '../../../renderer/schema/scaffold.ts';
import type { ServerContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { badRequest, BusinessError, notFound } from '../../http/errors.ts';
import { PageChecker } from './ui-pages-check.ts';
import { type Base, PageResolver, parseJson, routeOf } from './ui-pages-resolve.ts';
import { type PageLevel, type PageRow, SITE, UiPageStore, type Writer } from './ui-pages-store.ts';

/** Who calls, at which level: site pages live in tenant 0. */
export interface Caller {
  tenantId: number;
  level: PageLevel;
  writer: Writer;
  language: string;
}

/** A refused publish: every problem at once, each with the page code as file and its JSON path. */
export class PublishRefused extends Error {
  constructor(readonly problems: Problem[]) {
    super(`The page cannot be published: ${problems.length} problem(s). ${problems.slice(0, 3).map((p) => `${p.path || '/'} ${p.message}`).join('; ')}`);
  }
}

export const TEMPLATES = [...SCAFFOLD_KINDS, 'file', 'overlay'] as const;
const CODE = /^[A-Z0-9][A-Z0-9_.-]{0,119}$/;
type Json = Record<string, unknown>;

const now = () => new Date().toISOString().slice(0, 19).replace('T', ' ');
const titleText = (t: unknown): string | null => (typeof t === 'string' ? t : t && typeof t === 'object' ? String((t as Json).en_US ?? (t as Json).zh_CN ?? '') : null);

/**
 * The operations of /hpfm/ui/page: create from a template, save (every save a version), check,
 * publish (refused with the checker's problems), unpublish, roll back, copy, soft delete, and
 * what users get at run time. Each write is one transaction.
 */
export class UiPageService {
  readonly store: UiPageStore;
  readonly checker: PageChecker;
  readonly resolver: PageResolver;

  constructor(
    private readonly ctx: ServerContext,
    endpoints: CheckContext['endpoints'],
  ) {
    this.store = new UiPageStore(ctx.entities.get('uiPage')!, ctx.entities.get('uiPageVersion')!);
    this.checker = new PageChecker(endpoints);
    this.resolver = new PageResolver(this.store, ctx.entities, undefined, () => this.checker.lovCodes());
  }

  private get db() {
    return this.ctx.db;
  }

  private async own(db: Queryable, c: Caller, pageCode: string): Promise<PageRow> {
    const page = await this.store.find(db, c.tenantId, pageCode);
    if (!page) throw notFound(`No page ${pageCode}`);
    return page;
  }

  /** Routes of the stored pages a caller's users get, which links and navigate targets may name. */
  private async storedRoutes(db: Queryable, c: Caller): Promise<string[]> {
    return (await this.store.publishedRoutes(db, c.tenantId)).map((r) => r.publishedRoute);
  }

  list(c: Caller, q: Json) {
    return this.store.list(this.db, c.tenantId, q, c.language);
  }

  /**
   * The designer's view of a page. A tenant opening a site page it has not changed yet gets an
   * empty overlay over it (saved as its own row on the first save).
   */
  async designer(c: Caller, pageCode: string): Promise<Json> {
    const page = await this.store.find(this.db, c.tenantId, pageCode);
    if (page && !page.overlayFlag) return { ...page, conflicts: [] };
    if (page) {
      const base = await this.resolver.baseOf(this.db, pageCode, page.route);
      const eff = this.resolver.merge(base, page.content ?? '', page.baseContent);
      return { ...page, base, effectiveContent: eff.text, conflicts: eff.conflicts };
    }
    if (c.level === 'SITE') throw notFound(`No page ${pageCode}`);
    const base = await this.resolver.baseOf(this.db, pageCode, undefined);
    if (base?.source !== 'page') throw notFound(`No page ${pageCode}`);
    const site = (await this.store.find(this.db, SITE, pageCode))!;
    const content = formatSchemaJson(emptyOverlay());
    return {
      pageCode,
      tenantId: c.tenantId,
      pageLevel: 'TENANT',
      title: site.title,
      route: site.publishedRoute,
      pageKind: site.pageKind,
      entityName: site.entityName,
      overlayFlag: 1,
      inherited: true,
      statusCode: 'DRAFT',
      versionNumber: 0,
      content,
      base,
      baseContent: base.text,
      effectiveContent: base.text,
      conflicts: [],
    };
  }

  async create(c: Caller, body: Json): Promise<PageRow> {
    const pageCode = String(body.pageCode ?? '');
    if (!CODE.test(pageCode)) throw badRequest('pageCode: upper-case letters, digits, "_", "." and "-", starting with a letter or digit');
    const template = String(body.templateCode ?? 'list');
    if (!(TEMPLATES as readonly string[]).includes(template)) throw badRequest(`templateCode must be one of ${TEMPLATES.join(', ')}`);
    const route = typeof body.route === 'string' && body.route ? body.route : undefined;
    const given = typeof body.title === 'string' && body.title ? body.title : undefined;
    let content: string;
    let overlay = 0;
    let baseContent: string | undefined;
    let routeOut = route;
    if (template === 'file') {
      const file = this.resolver.fileFor(route);
      if (!file) throw new BusinessError('hpfm.uiPage.noFile', `No schema file serves the route ${route ?? '(none given)'}`);
      content = file.text;
    } else if (template === 'overlay') {
      if (c.level === 'SITE') throw new BusinessError('hpfm.uiPage.overlaySite', 'Overlays are tenant pages: create it from the tenant page list');
      const base = await this.resolver.baseOf(this.db, pageCode, route);
      if (!base) throw new BusinessError('hpfm.uiPage.noBase', `An overlay needs a base: a published site page ${pageCode} or a schema file for the route ${route ?? '(none given)'}`);
      content = formatSchemaJson(emptyOverlay());
      overlay = 1;
      baseContent = base.text;
      routeOut = route ?? routeOf(parseJson(base.text));
    } else {
      const entity = this.ctx.entities.get(String(body.entityName ?? ''));
      if (!entity) throw new BusinessError('hpfm.uiPage.entity', `Template "${template}" needs the entity whose fields it uses (entityName)`);
      const title: Label | undefined = given ? { zh_CN: given, en_US: given } : undefined;
      content = formatSchemaJson(scaffoldScreen({ route, kind: template as ScaffoldKind, entity, title }));
    }
    const doc = parseJson(overlay ? baseContent : content) as Json | undefined;
    return this.db.transaction(async (tx) => {
      if (await this.store.find(tx, c.tenantId, pageCode)) throw new BusinessError('error.db.duplicateKey', `A page ${pageCode} exists already`);
      const page = await this.store.insert(
        tx,
        {
          tenantId: c.tenantId,
          pageCode,
          pageLevel: c.level,
          title: given ?? titleText(doc?.title),
          route: routeOut ?? null,
          templateCode: template,
          entityName: typeof doc?.entity === 'string' ? doc.entity : null,
          pageKind: typeof doc?.kind === 'string' ? doc.kind : null,
          overlayFlag: overlay,
          statusCode: 'DRAFT',
          versionNumber: 1,
          content,
          baseContent: baseContent ?? null,
        },
        c.writer,
      );
      await this.store.addVersion(tx, page, 'CREATE', c.writer);
      return page;
    });
  }

  /** Header fields only (title); the JSON changes through saveDetail. */
  async updateHeader(c: Caller, body: Json): Promise<PageRow> {
    const page = await this.own(this.db, c, String(body.pageCode ?? ''));
    const next = await this.db.transaction((tx) => this.store.update(tx, page.pageId, { title: typeof body.title === 'string' ? body.title : page.title }, c.writer, Number(body.objectVersionNumber ?? page.objectVersionNumber)));
    if (!next) throw stale();
    return next;
  }

  /** Saves the JSON as a new version (nothing when unchanged) and reports its problems. */
  async saveDetail(c: Caller, body: Json): Promise<Json> {
    const pageCode = String(body.pageCode ?? '');
    const content = typeof body.content === 'string' ? body.content : undefined;
    if (content === undefined) throw badRequest('content (the JSON text) is required');
    if (content.length > 512 * 1024) throw badRequest('content is larger than 512 KB');
    const saved = await this.db.transaction(async (tx) => {
      const page = await this.store.find(tx, c.tenantId, pageCode);
      if (!page) return this.firstOverlaySave(tx, c, pageCode, content);
      if (page.content === content) return page;
      const doc = parseJson(content) as Json | undefined;
      const base = page.overlayFlag ? await this.resolver.baseOf(tx, pageCode, page.route) : undefined;
      const next = await this.store.update(
        tx,
        page.pageId,
        {
          content,
          versionNumber: page.versionNumber + 1,
          statusCode: content === page.publishedContent ? 'PUBLISHED' : 'DRAFT',
          ...(page.overlayFlag ? { baseContent: base?.text ?? page.baseContent } : doc ? { route: routeOf(doc) ?? null, pageKind: typeof doc.kind === 'string' ? doc.kind : page.pageKind, entityName: typeof doc.entity === 'string' ? doc.entity : page.entityName } : {}),
        },
        c.writer,
        body.objectVersionNumber === undefined ? undefined : Number(body.objectVersionNumber),
      );
      if (!next) throw stale();
      await this.store.addVersion(tx, next, 'SAVE', c.writer);
      return next;
    });
    return { ...saved, ...(await this.check(c, { pageCode, content })) };
  }

  /** A tenant's first change of an inherited site page becomes its overlay row. */
  private async firstOverlaySave(tx: Queryable, c: Caller, pageCode: string, content: string): Promise<PageRow> {
    if (c.level === 'SITE') throw notFound(`No page ${pageCode}`);
    const base = await this.resolver.baseOf(tx, pageCode, undefined);
    const site = await this.store.find(tx, SITE, pageCode);
    if (!base || !site) throw notFound(`No page ${pageCode}`);
    const page = await this.store.insert(
      tx,
      { tenantId: c.tenantId, pageCode, pageLevel: 'TENANT', title: site.title, route: site.publishedRoute, templateCode: 'overlay', entityName: site.entityName, pageKind: site.pageKind, overlayFlag: 1, statusCode: 'DRAFT', versionNumber: 1, content, baseContent: base.text },
      c.writer,
    );
    await this.store.addVersion(tx, page, 'SAVE', c.writer);
    return page;
  }

  /** What the editor shows while typing: the checker's problems and, for overlays, the conflicts. */
  async check(c: Caller, body: Json): Promise<{ problems: Problem[]; conflicts: unknown[]; effectiveContent?: string }> {
    const pageCode = String(body.pageCode ?? 'page');
    const content = String(body.content ?? '');
    const page = await this.store.find(this.db, c.tenantId, pageCode);
    const overlay = page ? !!page.overlayFlag : c.level === 'TENANT' && (await this.resolver.baseOf(this.db, pageCode, undefined))?.source === 'page';
    const extra = await this.storedRoutes(this.db, c);
    if (!overlay) return { problems: this.checker.checkText(content, pageCode, extra), conflicts: [] };
    const base = await this.resolver.baseOf(this.db, pageCode, page?.route);
    const eff = this.resolver.merge(base, content, page ? page.baseContent : base?.text);
    const problems = eff.conflicts.some((x) => x.kind === 'invalid') ? [] : this.checker.checkText(eff.text, pageCode, extra);
    return { problems, conflicts: eff.conflicts, effectiveContent: eff.text };
  }

  /** Problems that refuse publishing `content` (an overlay is checked merged with its base). */
  private async publishProblems(tx: Queryable, c: Caller, page: PageRow, content: string): Promise<{ problems: Problem[]; route?: string }> {
    let text = content;
    const problems: Problem[] = [];
    if (page.overlayFlag) {
      const eff = this.resolver.merge(await this.resolver.baseOf(tx, page.pageCode, page.route), content);
      problems.push(...eff.conflicts.filter(isBlocking).map((x) => ({ file: page.pageCode, path: x.path, message: x.message })));
      text = eff.text;
    }
    if (!problems.length) problems.push(...this.checker.checkText(text, page.pageCode, await this.storedRoutes(tx, c)));
    const route = routeOf(parseJson(text));
    // The designer's own screens stay files: a broken stored page there could not be repaired.
    if (route && /^\/hpfm\/ui\/page(-org)?\//.test(route)) problems.push({ file: page.pageCode, path: '/route', message: `${route} is a route of the page designer itself and cannot be overridden` });
    if (route) {
      const clash = (await this.store.publishedRoutes(tx, c.tenantId)).find((r) => r.tenantId === c.tenantId && r.publishedRoute === route && r.pageCode !== page.pageCode);
      if (clash) problems.push({ file: page.pageCode, path: '/route', message: `the route ${route} is already served by the published page ${clash.pageCode}; unpublish that page first` });
    }
    return { problems, route };
  }

  private async markPublished(tx: Queryable, c: Caller, page: PageRow, route: string | undefined): Promise<PageRow> {
    const next = await this.store.update(tx, page.pageId, { publishedContent: page.content, publishedVersion: page.versionNumber, publishedRoute: route ?? null, statusCode: 'PUBLISHED', publishedDate: now(), publishedByName: c.writer.loginName }, c.writer);
    await this.store.addVersion(tx, next!, 'PUBLISH', c.writer, true);
    return next!;
  }

  /**
   * After a committed change of what users get: every signed-in session of the page's tenant (of
   * every tenant, for a site page) hears it over the messaging websocket and reloads the routes
   * and any open screen of the page. A failed push never fails the change itself.
   */
  private async announce(page: PageRow): Promise<void> {
    const payload = { pageCode: page.pageCode, route: page.publishedRoute ?? null, versionNumber: page.publishedVersion ?? null };
    await this.ctx.events.publish({ type: 'ui-page.changed', userId: 0, tenantId: page.tenantId, payload }).catch(() => undefined);
  }

  async publish(c: Caller, pageCode: string): Promise<PageRow> {
    const page = await this.db.transaction(async (tx) => {
      const page = await this.own(tx, c, pageCode);
      const { problems, route } = await this.publishProblems(tx, c, page, page.content ?? '');
      if (problems.length) throw new PublishRefused(problems);
      return this.markPublished(tx, c, page, route);
    });
    await this.announce(page);
    return page;
  }

  /** Users get the file schema (or the site page) again; the history stays. */
  async unpublish(c: Caller, pageCode: string): Promise<PageRow> {
    const page = await this.db.transaction(async (tx) => {
      const page = await this.own(tx, c, pageCode);
      const next = (await this.store.update(tx, page.pageId, { publishedContent: null, publishedVersion: null, publishedRoute: null, statusCode: 'DRAFT' }, c.writer))!;
      await this.store.addVersion(tx, next, 'UNPUBLISH', c.writer);
      return next;
    });
    await this.announce(page);
    return page;
  }

  async history(c: Caller, pageCode: string) {
    const page = await this.own(this.db, c, pageCode);
    return this.store.versions(this.db, page.pageId);
  }

  async version(c: Caller, pageCode: string, versionNumber: number) {
    const page = await this.own(this.db, c, pageCode);
    const v = await this.store.versionOf(this.db, page.pageId, versionNumber);
    if (!v) throw notFound(`Page ${pageCode} has no version ${versionNumber}`);
    return v;
  }

  /**
   * One click back: the old version's JSON becomes a new version, and when the page is live it
   * is published at once (refused, with nothing changed, if it no longer passes the checks).
   */
  async rollback(c: Caller, pageCode: string, versionNumber: number): Promise<PageRow> {
    const page = await this.db.transaction(async (tx) => {
      const page = await this.own(tx, c, pageCode);
      const v = await this.store.versionOf(tx, page.pageId, versionNumber);
      if (!v) throw notFound(`Page ${pageCode} has no version ${versionNumber}`);
      const live = page.publishedVersion !== null;
      const check = live ? await this.publishProblems(tx, c, page, v.content ?? '') : undefined;
      if (check?.problems.length) throw new PublishRefused(check.problems);
      const doc = page.overlayFlag ? undefined : (parseJson(v.content) as Json | undefined);
      const next = (await this.store.update(tx, page.pageId, { content: v.content ?? '', versionNumber: page.versionNumber + 1, statusCode: 'DRAFT', ...(doc ? { route: routeOf(doc) ?? null } : {}) }, c.writer))!;
      await this.store.addVersion(tx, next, 'ROLLBACK', c.writer);
      return live ? this.markPublished(tx, c, next, check!.route) : next;
    });
    if (page.publishedVersion !== null) await this.announce(page);
    return page;
  }

  /** A copy is a full page (an overlay is copied merged with its base), as a new draft. */
  async copy(c: Caller, pageCode: string, body: Json): Promise<PageRow> {
    const src = await this.designer(c, pageCode);
    const text = String(src.effectiveContent ?? src.content ?? '');
    return this.db.transaction(async (tx) => {
      let code = typeof body.pageCode === 'string' && body.pageCode ? body.pageCode : `${pageCode}_COPY`;
      if (!CODE.test(code)) throw badRequest('pageCode: upper-case letters, digits, "_", "." and "-"');
      for (let n = 2; !body.pageCode && (await this.store.find(tx, c.tenantId, code)); n++) code = `${pageCode}_COPY${n}`;
      if (await this.store.find(tx, c.tenantId, code)) throw new BusinessError('error.db.duplicateKey', `A page ${code} exists already`);
      const doc = parseJson(text) as Json | undefined;
      const page = await this.store.insert(
        tx,
        { tenantId: c.tenantId, pageCode: code, pageLevel: c.level, title: `${String(src.title ?? pageCode)} (copy)`, route: routeOf(doc) ?? null, templateCode: String(src.templateCode ?? 'file'), entityName: typeof doc?.entity === 'string' ? doc.entity : null, pageKind: typeof doc?.kind === 'string' ? doc.kind : null, overlayFlag: 0, statusCode: 'DRAFT', versionNumber: 1, content: text },
        c.writer,
      );
      await this.store.addVersion(tx, page, 'COPY', c.writer);
      return page;
    });
  }

  async remove(c: Caller, pageCode: string): Promise<void> {
    const page = await this.db.transaction(async (tx) => {
      const page = await this.own(tx, c, pageCode);
      await this.store.softDelete(tx, page.pageId, c.writer);
      return page;
    });
    // A deleted live page stops serving its route: users get the file schema (or the site page) again.
    if (page.publishedVersion !== null) await this.announce({ ...page, publishedRoute: null, publishedVersion: null });
  }

  /** What a tenant's users get for a page code: its own published page, else the site's. */
  async runtime(tenantId: number, pageCode: string) {
    for (const t of tenantId === SITE ? [SITE] : [tenantId, SITE]) {
      const page = await this.store.find(this.db, t, pageCode);
      if (!page?.publishedContent) continue;
      const eff = await this.resolver.effective(this.db, page, 'published');
      return { pageCode, pageLevel: page.pageLevel, tenantId: t, versionNumber: page.publishedVersion, route: page.publishedRoute, content: eff.text };
    }
    throw notFound(`No published page ${pageCode}`);
  }

  /** The draft as users would see it (overlay applied); a tenant without its own row sees the site's page. */
  async preview(c: Caller, pageCode: string) {
    const page = (await this.store.find(this.db, c.tenantId, pageCode)) ?? (c.level === 'TENANT' ? await this.store.find(this.db, SITE, pageCode) : undefined);
    if (!page) throw notFound(`No page ${pageCode}`);
    const which = page.tenantId === c.tenantId ? 'draft' : 'published';
    // A site draft is not the tenant's to see: only what the site published reaches a tenant.
    if (which === 'published' && !page.publishedContent) throw notFound(`No page ${pageCode} for this tenant: the site page is not published`);
    const eff = await this.resolver.effective(this.db, page, which);
    return { pageCode, pageLevel: page.pageLevel, tenantId: page.tenantId, versionNumber: which === 'draft' ? page.versionNumber : page.publishedVersion, route: page.route, content: eff.text, conflicts: eff.conflicts };
  }

  /** `{route: pageCode}` of the stored pages overriding file schemas for a tenant (its own first). */
  async routes(tenantId: number): Promise<Record<string, string>> {
    const out: Record<string, string> = {};
    for (const r of await this.store.publishedRoutes(this.db, tenantId)) out[r.publishedRoute] ??= r.pageCode;
    return out;
  }

  baseFor(pageCode: string, route: string | null): Promise<Base | undefined> {
    return this.resolver.baseOf(this.db, pageCode, route);
  }
}

const stale = () => new BusinessError('error.data.changed', 'The page was changed by someone else; reload it and apply your change again', 'warn');
