import { loadScreens, screens, type ScreenManifestEntry } from 'virtual:screen-manifest';
import { findRoute, matchPattern, type RouteInfo } from '../stores/route-data.ts';

/** The route table, fetched as soon as the app loads (in parallel with the current user). */
export const screensLoaded: Promise<unknown> = loadScreens();

/** routerData built from the screen schemas: every declared route with its title and flags. */
export function screenRouteData(): RouteInfo[] {
  const out: RouteInfo[] = [];
  for (const s of screens) {
    for (const path of s.routes) out.push({ path, key: path, title: s.title, authorized: s.authorized || path.startsWith('/pub/'), closable: true });
  }
  return out;
}

/** The schema file serving a path, and the route parameters it binds. */
export function screenFor(pathname: string): { entry: ScreenManifestEntry; params: Record<string, string>; route: string } | undefined {
  const route = findRoute(screenRouteData(), pathname);
  if (!route) return undefined;
  const entry = screens.find((s) => s.routes.includes(route.path))!;
  return { entry, params: matchPattern(route.path, pathname) ?? {}, route: route.path };
}
