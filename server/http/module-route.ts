import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type { ServerContext } from '../context.ts';
import { requireAuth } from '../auth/authenticate.ts';
import { forbidden } from './errors.ts';
import { platformScope } from './call-scope.ts';
import { checkEntityAccess, checkPermissionCode } from '../resources/permissions.ts';
import { resolveScope, type Scope } from '../resources/scope.ts';

/**
 * What a module route is and who may call it, declared once: the wrapper resolves the scope and
 * checks side, entity access and permission code before the handler runs, in that order (cheap
 * refusals first; nothing is read before the caller is known to be allowed), and records the
 * declaration so generated tests can call every route as each kind of caller.
 */
export interface ModuleRoute {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  url: string;
  schema?: FastifySchema;
  /**
   * The scope: a tenant's path (default), the platform's (`site`: site-level roles only), or a
   * platform call offered at both `/v1/...` and `/v1/{tenantId}/...` (`platform`: the tenant in
   * the path when there is one, else a site role spans every tenant and anyone else stays in the
   * current one; see call-scope.ts), or the signed-in person's own calls whatever the tenant
   * (`user`: their profile, menus, roles; the scope is their current tenant).
   */
  level?: 'tenant' | 'site' | 'platform' | 'user';
  /** Which side of a shared tenant acts: the buyer's (no supplier-side role) or a supplier's (a role bound to suppliers). */
  by?: 'buyer' | 'supplier';
  /** Why another side is refused, in the refusal ("The award decision is the buyer's"). */
  byReason?: string;
  /** The entity the route reads or writes, checked as its generic paths are (its read or write menus). */
  entity?: string;
  access?: 'read' | 'write';
  /** Further entities the route reads or writes (a contract drafted from an order reads the order). */
  alsoEntities?: ReadonlyArray<{ entity: string; access: 'read' | 'write' }>;
  /** A button's permission code the caller's role must hold, and what it allows (named in the refusal). */
  permission?: { code: string; what: string };
  /** A check of the request's form run after the declared ones, before the body is validated (an upload must be multipart). */
  preValidation?: (req: FastifyRequest) => Promise<void>;
}

/**
 * A route anyone may call, signed in or not (a public notice, the sign-in page's texts): declared
 * as such so it is a visible choice, not a forgotten check. Its path must also be public to the
 * authentication hook (auth/authenticate.ts), which refuses every other path without a token.
 */
export interface PublicRoute {
  method: ModuleRoute['method'];
  url: string;
  schema?: FastifySchema;
  auth: false;
}

/** The handler: the request, the scope the checks resolved, and the reply for what sets headers (a download). */
export type ModuleHandler = (req: FastifyRequest, scope: Scope, reply: FastifyReply) => Promise<unknown>;
export type PublicHandler = (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The module routes declared through defineRoute, in registration order. */
    moduleRoutes: Array<ModuleRoute | PublicRoute>;
  }
}

/** Any signed-in person, in their current tenant. */
function ownScope(req: FastifyRequest): Scope {
  const auth = requireAuth(req);
  return { auth, tenantId: auth.tenantId };
}

function record(app: FastifyInstance, route: ModuleRoute | PublicRoute): void {
  // buildApp decorates the root, so routes declared inside a plugin (the upload routes) are listed there too.
  if (!app.hasDecorator('moduleRoutes')) app.decorate('moduleRoutes', []);
  app.moduleRoutes.push(route);
}

/** Registers a module route behind the declared checks. */
export function defineRoute(app: FastifyInstance, ctx: ServerContext, route: PublicRoute, handler: PublicHandler): void;
export function defineRoute(app: FastifyInstance, ctx: ServerContext, route: ModuleRoute, handler: ModuleHandler): void;
export function defineRoute(app: FastifyInstance, ctx: ServerContext, route: ModuleRoute | PublicRoute, handler: ModuleHandler | PublicHandler): void {
  if ('auth' in route) {
    record(app, route);
    app.route({ method: route.method, url: route.url, ...(route.schema ? { schema: route.schema } : {}), handler: (req, reply) => (handler as PublicHandler)(req, reply) });
    return;
  }
  const entities = [...(route.entity ? [{ entity: route.entity, access: route.access ?? 'read' }] : []), ...(route.alsoEntities ?? [])].map((x) => {
    const e = ctx.entities.get(x.entity);
    // A declaration naming no entity would check nothing: fail at start, not at the first call.
    if (!e) throw new Error(`${route.method} ${route.url} declares an unknown entity "${x.entity}"`);
    return { e, access: x.access };
  });
  record(app, route);
  const level = route.level ?? 'tenant';
  // The checks run before the body is validated: a caller who may not call the route learns
  // nothing of what it takes, and the handler gets the scope they resolved.
  const scopes = new WeakMap<FastifyRequest, Scope>();
  app.route({
    method: route.method,
    url: route.url,
    ...(route.schema ? { schema: route.schema } : {}),
    preValidation: async (req) => {
      const scope = level === 'platform' ? platformScope(req) : level === 'user' ? ownScope(req) : resolveScope(req, level);
      const supplierSide = !!scope.auth.supplierIds;
      if (route.by === 'buyer' && supplierSide) throw forbidden(route.byReason ?? 'This is the buyer\'s act');
      if (route.by === 'supplier' && !scope.auth.supplierIds?.length) throw forbidden(route.byReason ?? 'This is a supplier\'s act');
      for (const { e, access } of entities) await checkEntityAccess(ctx.db, e, scope.auth, access);
      if (route.permission) await checkPermissionCode(ctx.db, scope.auth, route.permission.code, route.permission.what);
      scopes.set(req, scope);
      if (route.preValidation) await route.preValidation(req);
    },
    handler: (req, reply) => (handler as ModuleHandler)(req, scopes.get(req)!, reply),
  });
}
