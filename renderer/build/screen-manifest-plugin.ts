import { join } from 'node:path';
import type { Plugin } from 'vite';
import { readManifest } from './screen-files.ts';

const ID = 'virtual:screen-manifest';
const RESOLVED = `\0${ID}`;

/**
 * `virtual:screen-manifest`: the route table of all screen schemas, with a lazy loader per
 * file, so the shell knows every route while each schema stays in its own small chunk.
 * Schemas are loaded as raw text so a malformed file reaches the error panel, not the build.
 */
export function screenManifest(root: string): Plugin {
  const schemasDir = join(root, 'schemas');
  return {
    name: 'screen-manifest',
    resolveId: (id) => (id === ID ? RESOLVED : undefined),
    load(id) {
      if (id !== RESOLVED) return undefined;
      this.addWatchFile(schemasDir);
      const entries = readManifest(schemasDir);
      const lines = entries.map(
        (e) =>
          `  { file: ${JSON.stringify(e.file)}, routes: ${JSON.stringify(e.routes)}, title: ${JSON.stringify(e.title)}, kind: ${JSON.stringify(e.kind)}, authorized: ${e.authorized}, load: () => import(${JSON.stringify(`/schemas/${e.file}?raw`)}).then((m) => m.default) },`,
      );
      return `export const screens = [\n${lines.join('\n')}\n];\n`;
    },
    handleHotUpdate(ctx) {
      if (ctx.file.startsWith(schemasDir)) {
        const mod = ctx.server.moduleGraph.getModuleById(RESOLVED);
        if (mod) ctx.server.moduleGraph.invalidateModule(mod);
      }
    },
  };
}
