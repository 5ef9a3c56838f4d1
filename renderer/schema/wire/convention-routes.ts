import type { ApiCall, EntityDecl } from '../entity.ts';

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
}

const keyed = (e: EntityDecl, path: string) => path.replace(`{${e.primaryKey}}`, '{id}');

/** The generic routes of an entity under one of its bases (site or tenant path), defaults first. */
export function conventionRoutes(e: EntityDecl, base: string): ConventionRoute[] {
  const out: ConventionRoute[] = [];
  const api = e.api ?? {};
  const add = (r: ConventionRoute) => {
    if (!out.some((x) => x.method === r.method && x.path === r.path)) out.push(r);
  };
  add({ method: 'GET', path: base, op: 'list' });
  if (api.list) add({ method: 'GET', path: `${base}${api.list}`, op: 'list' });
  if (api.export) add({ method: 'GET', path: `${base}${api.export}`, op: 'export' });
  add({ method: 'GET', path: `${base}/{id}`, op: 'get' });
  if (api.item) add({ method: 'GET', path: keyed(e, `${base}${api.item}`), op: 'get' });
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
    path: keyed(e, `${base}${c?.path ?? ''}`),
  });
  if (api.create) write(declared(api.create, 'POST').method, declared(api.create, 'POST').path, 'create', api.create.list);
  if (api.update) write(declared(api.update, 'PUT').method, declared(api.update, 'PUT').path, 'update', api.update.list);
  write('POST', base, 'create');
  write('PUT', base, 'update');
  write('PUT', `${base}/{id}`, 'update');
  for (const w of writes) add(w);

  add({ method: 'DELETE', path: `${base}/{id}`, op: 'removeItem' });
  add({ method: 'DELETE', path: base, op: 'removeBatch' });
  const r = api.remove;
  if (r) add({ method: 'DELETE', path: keyed(e, `${base}${r.path ?? ''}`), op: r.path?.includes(`{${e.primaryKey}}`) ? 'removeItem' : 'removeBatch' });

  if (e.status) {
    add({ method: 'POST', path: `${base}/{id}/actions/{action}`, op: 'transition' });
    if (api.transition?.path) add({ method: 'POST', path: keyed(e, `${base}${api.transition.path}`), op: 'transition' });
  }
  return out;
}
