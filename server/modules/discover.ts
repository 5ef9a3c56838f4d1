import { readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { RouteGroup } from '../http/route-group.ts';

const here = dirname(fileURLToPath(import.meta.url));

/** The module folders under server/modules, by name: found, not listed, so a new module edits no shared file. */
export const moduleNames = (): string[] => readdirSync(here).filter((n) => statSync(join(here, n)).isDirectory()).sort();

/**
 * A module's folder and its sub-folders (a big module split by area, `ssrc/expert`, `ssrc/plan`):
 * each may hold its own `routes.ts` and seeds, so areas built apart never edit one shared file.
 */
export const moduleFolders = (): string[] =>
  moduleNames().flatMap((n) => [join(here, n), ...readdirSync(join(here, n)).filter((s) => statSync(join(here, n, s)).isDirectory()).sort().map((s) => join(here, n, s))]);

/** Every module's (and module area's) `routes.ts` (its `routes` list), in path order. */
export async function moduleRouteGroups(): Promise<RouteGroup[]> {
  const groups: RouteGroup[] = [];
  for (const dir of moduleFolders()) {
    const file = join(dir, 'routes.ts');
    try {
      statSync(file);
    } catch {
      continue;
    }
    const mod = (await import(pathToFileURL(file).href)) as { routes: RouteGroup[] };
    groups.push(...mod.routes);
  }
  return groups;
}
