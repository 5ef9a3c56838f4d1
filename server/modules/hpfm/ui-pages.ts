import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context.ts';
import { forbidden } from '../../http/errors.ts';
import type { Level, Scope } from '../../resources/scope.ts';
import { roleMenus } from '../../auth/role-grants.ts';
import { type Caller, PublishRefused, UiPageService } from './ui-pages-service.ts';
import { SITE } from './ui-pages-store.ts';
import { defineRoute } from '../../http/module-route.ts';

/** Menus whose holders design pages: the site designer and the tenant's own list. */
const DESIGNER_MENUS = ['/hpfm/ui/page/list', '/hpfm/ui/page-org/list'];

type Params = { tenantId?: string; pageCode: string; versionNumber?: string };

const code = { type: 'string', maxLength: 120 };
const pageBody = {
  type: 'object',
  properties: { pageCode: code, title: { type: 'string', maxLength: 255 }, route: { type: 'string', maxLength: 255 }, templateCode: { type: 'string' }, entityName: { type: 'string' }, objectVersionNumber: { type: 'integer' } },
};
const contentBody = { type: 'object', required: ['content'], properties: { pageCode: code, content: { type: 'string' }, objectVersionNumber: { type: 'integer' } } };

/**
 * /hpfm/v1/ui-pages (site pages) and /hpfm/v1/{organizationId}/ui-pages (a tenant's pages and
 * overlays), with the original platform's paths where it has them, plus the runtime calls the
 * shell makes: the published page of a code and the routes stored pages override.
 *
 * Publishing checks a page against `app.routeTable`: every route the app registers (server/http/route-group.ts).
 */
export async function uiPageRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const service = new UiPageService(ctx, app.routeTable);

  /** Site paths need a site role; tenant paths a designer menu (site roles hold every menu). */
  const caller = async (scope: Scope, level: Level): Promise<Caller> => {
    const { auth } = scope;
    if (auth.roleLevel !== 'site') {
      const held = new Set((await roleMenus(ctx.db, auth)).map((m) => m.route));
      if (!DESIGNER_MENUS.some((r) => held.has(r))) throw forbidden('Your role may not design pages');
    }
    return { tenantId: scope.tenantId ?? SITE, level: level === 'site' ? 'SITE' : 'TENANT', writer: { userId: auth.userId, loginName: auth.loginName }, language: auth.language };
  };
  /** Publishing refused: HTTP 200 with `failed: true` like every business error, plus the problems. */
  const refused = (reply: FastifyReply, e: unknown) => {
    if (!(e instanceof PublishRefused)) throw e;
    return reply.send({ failed: true, code: 'hpfm.uiPage.invalid', message: e.message, type: 'warn', problems: e.problems });
  };

  for (const level of ['site', 'tenant'] as Level[]) {
    const base = level === 'site' ? '/hpfm/v1/ui-pages' : '/hpfm/v1/:tenantId/ui-pages';
    const tags = ['uiPage'];
    const doc = (summary: string) => ({ tags, summary: `${summary} (${level})` });
    const who = (scope: Scope) => caller(scope, level);
    const p = (req: FastifyRequest) => req.params as Params;

    defineRoute(app, ctx, { method: 'GET', url: base, level, schema: { ...doc('List stored pages') } }, async (req, scope) => service.list(await who(scope), req.query as Record<string, unknown>));
    defineRoute(app, ctx, { method: 'POST', url: base, level, schema: { ...doc('Create a page from a template'), body: pageBody } }, async (req, scope) => service.create(await who(scope), req.body as Record<string, unknown>));
    defineRoute(app, ctx, { method: 'PUT', url: base, level, schema: { ...doc('Update a page header'), body: pageBody } }, async (req, scope) => service.updateHeader(await who(scope), req.body as Record<string, unknown>));
    defineRoute(app, ctx, { method: 'PUT', url: `${base}/detail`, level, schema: { ...doc('Save the page JSON as a new version'), body: contentBody } }, async (req, scope) => service.saveDetail(await who(scope), req.body as Record<string, unknown>));
    defineRoute(app, ctx, { method: 'POST', url: `${base}/check`, level, schema: { ...doc('Check page JSON as schemas:check does'), body: contentBody } }, async (req, scope) => service.check(await who(scope), req.body as Record<string, unknown>));
    defineRoute(app, ctx, { method: 'GET', url: `${base}/preview/:pageCode`, level, schema: doc('The draft as users would see it') }, async (req, scope) => service.preview(await who(scope), p(req).pageCode));
    defineRoute(app, ctx, { method: 'GET', url: `${base}/:pageCode`, level, schema: doc('The designer view of a page') }, async (req, scope) => service.designer(await who(scope), p(req).pageCode));
    defineRoute(app, ctx, { method: 'DELETE', url: `${base}/:pageCode`, level, schema: doc('Delete a page (soft)') }, async (req, scope) => {
      await service.remove(await who(scope), p(req).pageCode);
      return {};
    });
    defineRoute(app, ctx, { method: 'POST', url: `${base}/:pageCode/publish`, level, schema: doc('Publish the current version') }, async (req, scope, reply) => {
      const c = await who(scope);
      return service.publish(c, p(req).pageCode).catch((e: unknown) => refused(reply, e));
    });
    defineRoute(app, ctx, { method: 'POST', url: `${base}/:pageCode/unpublish`, level, schema: doc('Withdraw the published version') }, async (req, scope) => service.unpublish(await who(scope), p(req).pageCode));
    defineRoute(app, ctx, { method: 'GET', url: `${base}/:pageCode/history`, level, schema: doc('Saved versions, newest first') }, async (req, scope) => service.history(await who(scope), p(req).pageCode));
    defineRoute(app, ctx, { method: 'GET', url: `${base}/:pageCode/history/:versionNumber`, level, schema: { ...doc('One saved version'), params: { type: 'object', properties: { versionNumber: { type: 'integer', minimum: 1 } } } } }, async (req, scope) =>
      service.version(await who(scope), p(req).pageCode, Number(p(req).versionNumber)),
    );
    defineRoute(
      app,
      ctx,
      { method: 'POST', url: `${base}/:pageCode/rollback`, level, schema: { ...doc('Restore a version (and publish it when the page is live)'), body: { type: 'object', required: ['versionNumber'], properties: { versionNumber: { type: 'integer', minimum: 1 } } } } },
      async (req, scope, reply) => {
        const c = await who(scope);
        return service.rollback(c, p(req).pageCode, (req.body as { versionNumber: number }).versionNumber).catch((e: unknown) => refused(reply, e));
      },
    );
    defineRoute(app, ctx, { method: 'POST', url: `${base}/:pageCode/copy`, level, schema: { ...doc('Copy a page as a new draft'), body: { type: ['object', 'null'], properties: { pageCode: code } } } }, async (req, scope) =>
      service.copy(await who(scope), p(req).pageCode, (req.body as Record<string, unknown> | null) ?? {}),
    );
  }

  // What users of a tenant get: any member of the tenant may read the published pages.
  defineRoute(app, ctx, { method: 'GET', url: '/hpfm/v1/:tenantId/ui-pages/common/:pageCode', schema: { tags: ['uiPage'], summary: 'The published page of a code for the tenant (overlay applied)' } }, async (req, scope) =>
    service.runtime(scope.tenantId!, (req.params as Params).pageCode),
  );
  defineRoute(app, ctx, { method: 'GET', url: '/hpfm/v1/:tenantId/ui-pages/published-routes', schema: { tags: ['uiPage'], summary: 'Routes whose file schema a published stored page overrides: {route: pageCode}' } }, async (req, scope) =>
    service.routes(scope.tenantId!),
  );
}
