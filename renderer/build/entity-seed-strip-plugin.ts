import type { Plugin } from 'vite';

const ENTITY_FILE = /\/schemas\/entities\/[^/]+\/[^/]+\.json$/;

/**
 * Entity declarations carry their demo-data recipe (`seed`, sometimes hundreds of fixed rows); the
 * browser loads a declaration when a screen names its entity and needs none of that. The app build
 * drops the recipe from each entity chunk. Storybook keeps it (its data source generates rows from
 * the recipes) and leaves this plugin out.
 */
export function entitySeedStrip(): Plugin {
  return {
    name: 'entity-seed-strip',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!ENTITY_FILE.test(id.split('?')[0]!)) return undefined;
      const decl = JSON.parse(code) as Record<string, unknown>;
      if (!('seed' in decl)) return undefined;
      delete decl.seed;
      return { code: JSON.stringify(decl), map: null };
    },
  };
}
