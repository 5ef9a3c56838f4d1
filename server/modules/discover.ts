import { readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { RouteGroup } from '../http/route-group.ts';

const here = dirname(fileURLToPath(import.meta.url));

/** The module folders under server/modules, by name: found, not listed, so a new module edits no shared file. */
export const moduleNames = (): string[] => readdirSync(here).filter((n) => statSync(join(here, n)).isDirectory()).sort();

/** Every module's `routes.ts` (its `routes` list), in module-name order. */
export async function moduleRouteGroups(): Promise<RouteGroup[]> {
  const groups: RouteGroup[] = [];
  for (const name of moduleNames()) {
    const file = join(here, name, 'routes.ts');
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
