import type { ScreenManifestEntry } from 'virtual:screen-manifest';
import { registries } from '../registries.ts';

/**
 * Starts loading what a screen's page needs while its schema is fetched: its page kind's code and
 * its entity declarations, both named by the manifest. A detail page then reads its record and
 * lines as soon as the schema is there, instead of one chunk later (schema → entity → reads); a
 * screen opened before the idle prefetch (prefetch.ts) reached its page kind does not wait for
 * that chunk after the schema either. A failure is left to the page, which loads (and reports)
 * the same modules itself.
 */
export function preloadScreen(entry: ScreenManifestEntry): void {
  const quiet = (p: Promise<unknown>) => void p.catch(() => undefined);
  if (registries.pageKinds.has(entry.kind)) quiet(registries.pageKinds.resolve(entry.kind));
  if (entry.entities?.length) quiet(import('../../renderer/data/entities.ts').then((m) => Promise.all(entry.entities!.map((e) => m.loadEntity(e)))));
}
