import type { ApiCall, EntityDecl } from '../entity.ts';
import { apiPath } from './api-path.ts';

/** What a generic entity route does. */
export type RouteOp = 'list' | 'get' | 'export' | 'write' | 'removeItem' | 'removeBatch' | 'transition';

/**
 * One generic route of an entity: the calls rest-convention.ts makes, seen from the answering
 * side. `{id}` stands for the record's key and `{action}` for a status action; other `{name}`
 * parts are the base's (`{tenantId}`). The server (server/resources/crud-routes.ts) and the
 * stories' in-browser data source answer exactly these, so the three cannot drift apart.
 */
export interface ConventionRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  op: RouteOp;
  /** A write route creates rows without a key, updates rows with one (both: a save). */
  create?: boolean;
  update?: boolean;
  /** The body may be a list of rows (it also takes a single row). */
  list?: boolean;
  /**
   * Query parameters standing for fields, from a declared path's query (`/id?employeeId={id}`,
   * `/department/tree?unitCompanyId={companyId}`): parameter name → field (`id` for the key).
   */
  query?: Record<string, string>;
}

/** A declared path split into the route's path and the query parameters standing for fields. */
function withQuery(path: string): { path: string; query?: Record<string, string> } {
  const [p, q] = path.split('?');
  if (!q) return { path: p! };
  const query: Record<string, string> = {};
  for (const [name, v] of new URLSearchParams(q)) {
    const m = /^\{(\w+)\}$/.exec(v);
    if (m) query[name] = m[1]!;
  }
  return { path: p!, query };
}

const keyed = (e: EntityDecl, path: string) => path.replace(`{${e.primaryKey}}`, '{id}');

/** The generic routes of an entity under one of its bases (site or tenant path), defaults first. */
export function conventionRoutes(e: EntityDecl, base: string): ConventionRoute[] {
  const out: ConventionRoute[] = [];
  const api = e.api ?? {};
  // Two paths differing only in their parameters' names are one route (a declared `/{unitId}` list takes the place of the default `/{id}` record).
  const shape = (p: string) => p.replace(/\{\w+\}/g, '{}');
  const add = (r: ConventionRoute) => {
    if (!out.some((x) => x.method === r.method && shape(x.path) === shape(r.path))) out.push(r);
  };
  add({ method: 'GET', path: base, op: 'list' });
  if (api.list) add({ method: 'GET', ...withQuery(apiPath(base, api.list)), op: 'list' });
  if (api.export) add({ method: 'GET', path: apiPath(base, api.export), op: 'export' });
  if (api.item) add({ method: 'GET', ...withQuery(keyed(e, apiPath(base, api.item))), op: 'get' });
  add({ method: 'GET', path: `${base}/{id}`, op: 'get' });
  if (e.readOnly) return out;

  // Writes: a declared call and a default on the same method and path become one route doing both.
  const writes: ConventionRoute[] = [];
  const write = (method: ConventionRoute['method'], path: string, op: 'create' | 'update', list = false) => {
    const w = writes.find((x) => x.method === method && x.path === path);
    if (w) {
      w[op] = true;
      w.list ||= list;
    } else writes.push({ method, path, op: 'write', [op]: true, ...(list ? { list } : {}) });
  };
  const declared = (c: ApiCall | undefined, fallback: 'POST' | 'PUT') => ({
    method: (c?.method && c.method !== 'DELETE' ? c.method : fallback) as ConventionRoute['method'],
    path: keyed(e, apiPath(base, c?.path)),
  });
  // Rows a module creates (`createdBy`) have no generic create: only that call makes them.
  if (api.create && !e.createdBy) write(declared(api.create, 'POST').method, declared(api.create, 'POST').path, 'create', api.create.list);
  if (api.update) write(declared(api.update, 'PUT').method, declared(api.update, 'PUT').path, 'update', api.update.list);
  if (!e.createdBy) write('POST', base, 'create');
  write('PUT', base, 'update');
  write('PUT', `${base}/{id}`, 'update');
  for (const w of writes) add(w);

  add({ method: 'DELETE', path: `${base}/{id}`, op: 'removeItem' });
  add({ method: 'DELETE', path: base, op: 'removeBatch' });
  const r = api.remove;
  if (r) add({ method: 'DELETE', path: keyed(e, apiPath(base, r.path)), op: r.path?.includes(`{${e.primaryKey}}`) ? 'removeItem' : 'removeBatch' });

  // A status without transitions (moved only by the module: a score sheet's) has no action path.
  if (e.status && Object.keys(e.status.transitions).length) {
    add({ method: 'POST', path: `${base}/{id}/actions/{action}`, op: 'transition' });
    if (api.transition?.path) add({ method: 'POST', path: keyed(e, apiPath(base, api.transition.path)), op: 'transition' });
  }
  return out;
}
