import { screens } from 'virtual:screen-manifest';
import type { ScreenSource } from '../../renderer/contracts/services.ts';
import { storedRoutes } from './stored-routes.ts';

/**
 * A schema file opened in a dialog (`modal` actions), resolved as TabContent resolves a tab's
 * route: a published stored page (tenant overlay applied by the server) serving one of the
 * file's routes wins over the file, which stays the fallback.
 */
export function dialogScreenSource(file: string): ScreenSource | undefined {
  const entry = screens.find((s) => s.file === file);
  if (!entry) return undefined;
  for (const route of entry.routes) {
    const stored = storedRoutes.match(route, entry.load);
    if (stored) return { file: `ui-page ${stored.pageCode}`, load: stored.load, route: stored.route };
  }
  return { file, load: entry.load };
}
