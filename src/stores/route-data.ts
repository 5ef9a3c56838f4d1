import type { Label } from '../../renderer/schema/label.ts';

/** §3 routerData entry: a route pattern with what a tab needs. */
export interface RouteInfo {
  path: string;
  key: string;
  title: Label;
  icon?: string;
  authorized: boolean;
  closable: boolean;
  hideInBreadcrumb?: boolean;
  authority?: string[];
}

/** Matches `/hiam/user/detail/:id` against `/hiam/user/detail/5`. */
export function matchPattern(pattern: string, path: string): Record<string, string> | undefined {
  const ps = pattern.split('/').filter(Boolean);
  const xs = path.split('/').filter(Boolean);
  if (ps.length !== xs.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < ps.length; i++) {
    const p = ps[i]!;
    if (p.startsWith(':')) params[p.slice(1)] = decodeURIComponent(xs[i]!);
    else if (p !== xs[i]) return undefined;
  }
  return params;
}

/** The route entry for a path: exact patterns before ones with parameters. */
export function findRoute(routes: RouteInfo[], path: string): RouteInfo | undefined {
  return routes.find((r) => r.path === path) ?? routes.find((r) => matchPattern(r.path, path));
}
