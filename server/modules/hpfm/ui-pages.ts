import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requireAuth } from '../../auth/authenticate.ts';
import type { ServerContext } from '../../context.ts';
import { forbidden } from '../../http/errors.ts';
import { type Level, resolveScope } from '../../resources/scope.ts';
import { roleMenus } from '../../auth/role-grants.ts';
import { type Caller, PublishRefused, UiPageService } from './ui-pages-service.ts';
import { SITE } from './ui-pages-store.ts';

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
  const caller = async (req: FastifyRequest, level: Level): Promise<Caller> => {
    const scope = resolveScope(req, level);
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
    const who = (req: FastifyRequest) => caller(req, level);
    const p = (req: FastifyRequest) => req.params as Params;

    app.get(base, { schema: { ...doc('List stored pages') } }, async (req) => service.list(await who(req), req.query as Record<string, unknown>));
    app.post(base, { schema: { ...doc('Create a page from a template'), body: pageBody } }, async (req) => service.create(await who(req), req.body as Record<string, unknown>));
    app.put(base, { schema: { ...doc('Update a page header'), body: pageBody } }, async (req) => service.updateHeader(await who(req), req.body as Record<string, unknown>));
    app.put(`${base}/detail`, { schema: { ...doc('Save the page JSON as a new version'), body: contentBody } }, async (req) => service.saveDetail(await who(req), req.body as Record<string, unknown>));
    app.post(`${base}/check`, { schema: { ...doc('Check page JSON as schemas:check does'), body: contentBody } }, async (req) => service.check(await who(req), req.body as Record<string, unknown>));
    app.get(`${base}/preview/:pageCode`, { schema: doc('The draft as users would see it') }, async (req) => service.preview(await who(req), p(req).pageCode));
    app.get(`${base}/:pageCode`, { schema: doc('The designer view of a page') }, async (req) => service.designer(await who(req), p(req).pageCode));
    app.delete(`${base}/:pageCode`, { schema: doc('Delete a page (soft)') }, async (req) => {
      await service.remove(await who(req), p(req).pageCode);
      return {};
    });
    app.post(`${base}/:pageCode/publish`, { schema: doc('Publish the current version') }, async (req, reply) => {
      const c = await who(req);
      return service.publish(c, p(req).pageCode).catch((e: unknown) => refused(reply, e));
    });
    app.post(`${base}/:pageCode/unpublish`, { schema: doc('Withdraw the published version') }, async (req) => service.unpublish(await who(req), p(req).pageCode));
    app.get(`${base}/:pageCode/history`, { schema: doc('Saved versions, newest first') }, async (req) => service.history(await who(req), p(req).pageCode));
    app.get(`${base}/:pageCode/history/:versionNumber`, { schema: { ...doc('One saved version'), params: { type: 'object', properties: { versionNumber: { type: 'integer', minimum: 1 } } } } }, async (req) =>
      service.version(await who(req), p(req).pageCode, Number(p(req).versionNumber)),
    );
    app.post(
      `${base}/:pageCode/rollback`,
      { schema: { ...doc('Restore a version (and publish it when the page is live)'), body: { type: 'object', required: ['versionNumber'], properties: { versionNumber: { type: 'integer', minimum: 1 } } } } },
      async (req, reply) => {
        const c = await who(req);
        return service.rollback(c, p(req).pageCode, (req.body as { versionNumber: number }).versionNumber).catch((e: unknown) => refused(reply, e));
      },
    );
    app.post(`${base}/:pageCode/copy`, { schema: { ...doc('Copy a page as a new draft'), body: { type: ['object', 'null'], properties: { pageCode: code } } } }, async (req) =>
      service.copy(await who(req), p(req).pageCode, (req.body as Record<string, unknown> | null) ?? {}),
    );
  }

  // What users of a tenant get: any member of the tenant may read the published pages.
  const member = (req: FastifyRequest) => {
    requireAuth(req);
    return resolveScope(req, 'tenant').tenantId!;
  };
  app.get('/hpfm/v1/:tenantId/ui-pages/common/:pageCode', { schema: { tags: ['uiPage'], summary: 'The published page of a code for the tenant (overlay applied)' } }, async (req) =>
    service.runtime(member(req), (req.params as Params).pageCode),
  );
  app.get('/hpfm/v1/:tenantId/ui-pages/published-routes', { schema: { tags: ['uiPage'], summary: 'Routes whose file schema a published stored page overrides: {route: pageCode}' } }, async (req) =>
    service.routes(member(req)),
  );
}
