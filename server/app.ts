import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { installAuthentication } from './auth/authenticate.ts';
import { installOperationGuards } from './auth/operation-guards.ts';
import { oauthRoutes } from './auth/oauth-routes.ts';
import { signUpRoutes } from './auth/sign-up-routes.ts';
import type { ServerContext } from './context.ts';
import { apiDocs } from './http/api-docs.ts';
import { clientErrorHandler } from './http/client-errors.ts';
import { installErrorHandler } from './http/errors.ts';
import { installInputGuard } from './http/input-guard.ts';
import { installSecurityHeaders } from './http/security-headers.ts';
import { type LoggerSetting, loggerOptions } from './http/logger-options.ts';
import { staticUi } from './http/static-ui.ts';
import { recordRoutes } from './http/route-group.ts';
import { moduleRouteGroups } from './modules/discover.ts';
import { crudRoutes } from './resources/crud-routes.ts';
import { exportCheckRoutes } from './resources/export-check.ts';
import { exportRoutes } from './resources/export.ts';
import { historyRoutes } from './resources/history-routes.ts';
import { importRoutes } from './resources/import-routes.ts';
import { uniqueCheckRoutes } from './resources/unique-check.ts';
import { lazySchemaController } from './http/lazy-compilers.ts';
import { relatedDocumentRoutes } from './documents/routes.ts';

/**
 * Generic per-entity calls beside the CRUD paths (uniqueness checks of async field checks, CSV
 * imports, record history, related documents, export), registered after the modules' own calls. The export goes last:
 * it adds the export branch to the generic list routes as crudRoutes registers them.
 */
const GENERIC_GROUPS = [uniqueCheckRoutes, importRoutes, historyRoutes, relatedDocumentRoutes, exportCheckRoutes, exportRoutes];

export async function buildApp(ctx: ServerContext, opts: { logger?: LoggerSetting; onRoute?: (r: RouteOptions) => void; routesOnly?: boolean } = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(opts.logger),
    bodyLimit: 2 * 1024 * 1024,
    clientErrorHandler,
    http: { requireHostHeader: false },
    schemaController: lazySchemaController,
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
  installSecurityHeaders(app, ctx.config.allowedRedirectHosts);
  installInputGuard(app);
  await app.register(fastifyCookie);
  await app.register(fastifyFormbody);
  if (!opts.routesOnly) await apiDocs(app);
  installAuthentication(app, ctx);
  // Before any route: the permission codes of the screens' buttons are added to the routes they call.
  installOperationGuards(app, ctx);
  app.get('/health', async () => ({ status: 'UP', database: ctx.db.kind }));
  // Before any route: stored pages are checked against every route registered after this.
  recordRoutes(app);
  // The module routes declared through defineRoute (http/module-route.ts), plugins' included.
  app.decorate('moduleRoutes', []);
  await oauthRoutes(app, ctx);
  await signUpRoutes(app, ctx);
  for (const group of [...(await moduleRouteGroups()), ...GENERIC_GROUPS]) await group(app, ctx);
  await crudRoutes(app, ctx);
  await staticUi(app, ctx.config.uiDir);
  return app;
}
