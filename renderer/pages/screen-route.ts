import { createContext, useContext } from 'react';
import type { Screen } from '../schema/screen.ts';

/** The route pattern the host matched for the screen it renders (ScreenHost's `route`). */
export const MatchedRoute = createContext<string | undefined>(undefined);

/**
 * The route pattern a page was opened by, for its `data-screen` marker and per-screen settings.
 * The host says which pattern matched; without it (a dialog, Storybook) the screen's patterns are
 * narrowed to the one binding exactly the given parameters. A screen may declare `route`,
 * `routes` or both, so `screen.route` alone is not enough.
 */
export function screenRoute(screen: Screen, params: Record<string, string>, matched?: string): string | undefined {
  const all = [screen.route, ...(screen.routes ?? [])].filter((r): r is string => typeof r === 'string');
  if (matched && all.includes(matched)) return matched;
  const names = Object.keys(params).sort().join('/');
  const binding = (r: string) =>
    r
      .split('/')
      .filter((x) => x.startsWith(':'))
      .map((x) => x.slice(1))
      .sort()
      .join('/');
  return all.find((r) => binding(r) === names) ?? all[0];
}

/** `screenRoute` with the pattern the enclosing ScreenHost matched. */
export function useScreenRoute(screen: Screen, params: Record<string, string>): string | undefined {
  return screenRoute(screen, params, useContext(MatchedRoute));
}
