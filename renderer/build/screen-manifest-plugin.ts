import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
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

const hash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 10);

/**
 * `virtual:screen-manifest`: the route table of all screen schemas (routes, title, kind, entities) with a
 * loader per file, so the shell knows every route while each schema stays its own small asset.
 * Schemas are loaded as text so a malformed file reaches the error panel, not the build.
 *
 * `screens` is the table; `loadScreens()` resolves when it is filled. In the app's build
 * (`fetched`) the table is a hashed JSON asset the shell fetches while the user loads, so the
 * entry chunk does not grow with every route; in the dev server and Storybook it is inline and
 * `screens` is full from the start (the stories are generated from it synchronously).
 */
export function screenManifest(root: string, opts: { fetched?: boolean } = {}): Plugin {
  const schemasDir = join(root, 'schemas');
  let build = false;
  return {
    name: 'screen-manifest',
    configResolved: (c) => void (build = c.command === 'build'),
    resolveId: (id) => (id === ID ? RESOLVED : undefined),
    load(id) {
      if (id !== RESOLVED) return undefined;
      this.addWatchFile(schemasDir);
      const entries = readManifest(schemasDir);
      if (opts.fetched && build) {
        // Every schema and the table itself as assets with content-hashed names, written here so the table can name them.
        const table = entries.map((e) => {
          const text = readFileSync(join(schemasDir, e.file), 'utf8');
          const fileName = `assets/schemas/${e.file.replace(/\.json$/, '').replace(/\//g, '-')}-${hash(text)}.json`;
          this.emitFile({ type: 'asset', fileName, source: text });
          return { file: e.file, routes: e.routes, title: e.title, kind: e.kind, authorized: e.authorized, entities: e.entities, url: `/${fileName}` };
        });
        const json = JSON.stringify(table);
        const manifestName = `assets/screen-manifest-${hash(json)}.json`;
        this.emitFile({ type: 'asset', fileName: manifestName, source: json });
        return `${SCHEMA_TEXT}
export const screens = [];
let pending;
export function loadScreens() {
  pending ??= fetch(${JSON.stringify(`/${manifestName}`)})
    .then((r) => (r.ok ? r.json() : Promise.reject(new Error(r.status + ' screen manifest'))))
    .then((list) => {
      screens.splice(0, screens.length, ...list.map((e) => ({ ...e, load: () => schemaText(e.url) })));
      return screens;
    })
    .catch((e) => {
      pending = undefined;
      throw e;
    });
  return pending;
}
`;
      }
      const urls = entries.map((e, i) => `import u${i} from ${JSON.stringify(`/schemas/${e.file}?url`)};`);
      const lines = entries.map(
        (e, i) =>
          `  { file: ${JSON.stringify(e.file)}, routes: ${JSON.stringify(e.routes)}, title: ${JSON.stringify(e.title)}, kind: ${JSON.stringify(e.kind)}, authorized: ${e.authorized}, entities: ${JSON.stringify(e.entities)}, load: () => schemaText(u${i}) },`,
      );
      return `${urls.join('\n')}\n${SCHEMA_TEXT}\nexport const screens = [\n${lines.join('\n')}\n];\nexport const loadScreens = () => Promise.resolve(screens);\n`;
    },
    handleHotUpdate(ctx) {
      if (ctx.file.startsWith(schemasDir)) {
        const mod = ctx.server.moduleGraph.getModuleById(RESOLVED);
        if (mod) ctx.server.moduleGraph.invalidateModule(mod);
      }
    },
  };
}
