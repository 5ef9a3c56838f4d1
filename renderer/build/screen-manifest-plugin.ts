import { join } from 'node:path';
import type { Plugin } from 'vite';
import { readManifest } from '../schema-files/screen-files.ts';

const ID = 'virtual:screen-manifest';
const RESOLVED = `\0${ID}`;

/**
 * Schemas are fetched as JSON assets rather than imported as modules: browsers remember a failed
 * `import()` for the rest of the page's life, so a screen whose chunk failed once could never be
 * retried; a failed fetch can.
 */
const SCHEMA_TEXT = `function schemaText(url) {
  return fetch(url).then((r) => (r.ok ? r.text() : Promise.reject(new Error(r.status + ' ' + url))));
}`;

/**
 * `virtual:screen-manifest`: the route table of all screen schemas, with a lazy loader per
 * file, so the shell knows every route while each schema stays in its own small chunk.
 * Schemas are loaded as text so a malformed file reaches the error panel, not the build.
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
      const urls = entries.map((e, i) => `import u${i} from ${JSON.stringify(`/schemas/${e.file}?url`)};`);
      const lines = entries.map(
        (e, i) =>
          `  { file: ${JSON.stringify(e.file)}, routes: ${JSON.stringify(e.routes)}, title: ${JSON.stringify(e.title)}, kind: ${JSON.stringify(e.kind)}, authorized: ${e.authorized}, load: () => schemaText(u${i}) },`,
      );
      return `${urls.join('\n')}\n${SCHEMA_TEXT}\nexport const screens = [\n${lines.join('\n')}\n];\n`;
    },
    handleHotUpdate(ctx) {
      if (ctx.file.startsWith(schemasDir)) {
        const mod = ctx.server.moduleGraph.getModuleById(RESOLVED);
        if (mod) ctx.server.moduleGraph.invalidateModule(mod);
      }
    },
  };
}
