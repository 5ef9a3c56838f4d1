import type { FastifyInstance } from 'fastify';
import type { CheckContext } from '../../renderer/schema/check/check-context.ts';
import type { ServerContext } from '../context.ts';

/** A group of routes: a function that registers them on the app with the shared context. */
export type RouteGroup = (app: FastifyInstance, ctx: ServerContext) => Promise<void>;

/** Every `METHOD /path` registered on an app, in the checker's form. */
export type RouteTable = CheckContext['endpoints'];

declare module 'fastify' {
  interface FastifyInstance {
    /** The routes registered after `recordRoutes`: what stored pages are checked against on publish. */
    routeTable: RouteTable;
  }
}

/** Records every route registered from now on (installed before any group). */
export function recordRoutes(app: FastifyInstance): void {
  const table: RouteTable = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) table.push({ method, segments: r.url.split('/').filter(Boolean) });
  });
}
