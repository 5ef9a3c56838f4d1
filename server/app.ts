import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { installAuthentication } from './auth/authenticate.ts';
import { oauthRoutes } from './auth/oauth-routes.ts';
import type { ServerContext } from './context.ts';
import { apiDocs } from './http/api-docs.ts';
import { installErrorHandler } from './http/errors.ts';
import { staticUi } from './http/static-ui.ts';
import { exportCheckRoutes } from './platform/export-check.ts';
import { exportRoutes } from './platform/export.ts';
import { fileRoutes } from './platform/files.ts';
import { hmsgSendConfigRoutes } from './platform/hmsg-send-configs.ts';
import { hpfmConfigRoutes } from './platform/hpfm-config.ts';
import { hpfmMasterDataRoutes } from './platform/hpfm-md-org.ts';
import { iamRoutes } from './platform/iam-routes.ts';
import { lovRoutes } from './platform/lovs.ts';
import { menuRoutes } from './platform/menus.ts';
import { messagePushRoutes } from './platform/message-push.ts';
import { multiLanguageRoutes } from './platform/multi-language.ts';
import { noticeRoutes } from './platform/notices.ts';
import { promptRoutes } from './platform/prompts.ts';
import { regionRoutes } from './platform/regions.ts';
import { regionCascadeRoutes } from './platform/regions-cascade.ts';
import { staticTextRoutes } from './platform/static-texts.ts';
import { tableSettingsRoutes } from './platform/table-settings.ts';
import { uiPageRoutes } from './platform/ui-pages.ts';
import { userMessageRoutes } from './platform/user-messages.ts';
import { usersSelfRoutes } from './platform/users-self.ts';
import { crudRoutes } from './resources/crud-routes.ts';
import { historyRoutes } from './resources/history-routes.ts';
import { importRoutes } from './resources/import-routes.ts';
import { uniqueCheckRoutes } from './resources/unique-check.ts';

/** Platform call groups of §7.3, each a plugin receiving the shared context. */
const ROUTE_GROUPS = [
  // First: it records the routes registered after it, for checking stored pages on publish.
  uiPageRoutes,
  oauthRoutes,
  usersSelfRoutes,
  iamRoutes,
  menuRoutes,
  lovRoutes,
  promptRoutes,
  fileRoutes,
  userMessageRoutes,
  messagePushRoutes,
  regionRoutes,
  regionCascadeRoutes,
  // Generic per-entity calls beside the CRUD paths: uniqueness checks of async field checks, CSV imports.
  uniqueCheckRoutes,
  importRoutes,
  historyRoutes,
  staticTextRoutes,
  multiLanguageRoutes,
  noticeRoutes,
  exportCheckRoutes,
  hmsgSendConfigRoutes,
  hpfmConfigRoutes,
  hpfmMasterDataRoutes,
  tableSettingsRoutes,
  // Before crudRoutes: it adds the export branch to the generic list routes as they are registered.
  exportRoutes,
];

export async function buildApp(ctx: ServerContext, opts: { logger?: boolean; onRoute?: (r: RouteOptions) => void; routesOnly?: boolean } = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ? { level: 'warn' } : false,
    bodyLimit: 2 * 1024 * 1024,
    ajv: { customOptions: { allowUnionTypes: true, allErrors: false, coerceTypes: 'array', removeAdditional: true, useDefaults: true } },
  });
  // Lets `schemas:check` list every route the server answers without starting it.
  if (opts.onRoute) app.addHook('onRoute', opts.onRoute);
  if (opts.routesOnly) {
    // Only the route table is wanted (schemas:check): compiling each route's JSON Schemas with ajv
    // and building the API docs cost seconds and answer nothing here.
    app.setValidatorCompiler(() => () => true);
    app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  }
  installErrorHandler(app);
  await app.register(fastifyCookie);
  await app.register(fastifyFormbody);
  if (!opts.routesOnly) await apiDocs(app);
  installAuthentication(app, ctx);
  app.get('/health', async () => ({ status: 'UP', database: ctx.db.kind }));
  for (const group of ROUTE_GROUPS) await group(app, ctx);
  await crudRoutes(app, ctx);
  await staticUi(app, ctx.config.uiDir);
  return app;
}
