import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ScreenManifestEntry } from 'virtual:screen-manifest';
import { readManifest } from '../../renderer/schema-files/screen-files.ts';
import type { Label } from '../../renderer/schema/label.ts';

const schemasDir = join(import.meta.dirname, '..', '..', 'schemas');

/**
 * What `virtual:screen-manifest` exports, built from the same `readManifest` with loaders that
 * read the files directly (the virtual module itself does not load under Vitest: its
 * `addWatchFile(schemas/)` is taken for an import of the folder there).
 */
export function manifestEntries(): ScreenManifestEntry[] {
  return readManifest(schemasDir).map((e) => ({ ...e, title: e.title as Label, load: async () => readFileSync(join(schemasDir, e.file), 'utf8') }));
}
