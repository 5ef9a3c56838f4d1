import type { StorybookConfig } from '@storybook/react-vite';
import type { Plugin } from 'vite';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { screenManifest } from '../renderer/build/screen-manifest-plugin.ts';
import { generatedStoriesIndexer, generatedStoryModules } from './generated-stories.ts';

const root = resolve(import.meta.dirname ?? dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The screen manifest plugin watches the whole schemas/ folder with `addWatchFile(folder)`; under
 * Storybook's dev server Vite then tries to import the folder and the manifest fails to load.
 * Here that watch is dropped: generatedStoryModules() re-indexes and invalidates the manifest
 * when a schema file is added or removed, and edits of a file are picked up by the plugin's own
 * hot-update hook.
 */
function withoutFolderWatch(plugin: Plugin): Plugin {
  const load = plugin.load;
  if (typeof load !== 'function') return plugin;
  return {
    ...plugin,
    load(...args) {
      const ctx = new Proxy(this, {
        get: (target, key) => {
          if (key === 'addWatchFile') return () => undefined;
          const v: unknown = Reflect.get(target, key, target);
          return typeof v === 'function' ? v.bind(target) : v;
        },
      });
      return load.apply(ctx, args);
    },
  };
}

const config: StorybookConfig = {
  stories: ['../stories/**/*.stories.@(ts|tsx)'],
  // Docs pages (autodocs) for the renderer stories.
  addons: ['@storybook/addon-docs'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  // Screen and renderer-type stories are generated from data; see generated-stories.ts.
  experimental_indexers: async (existing) => [generatedStoriesIndexer, ...(existing ?? [])],
  async viteFinal(vite) {
    // The framework loads the repo's vite.config.ts (React plugin, screen manifest); the manifest
    // plugin is replaced by the wrapped one below, and the generated story modules are added.
    // The stories generate rows from the entities' seed recipes, so the app build's stripping of them stays out too.
    const plugins = (vite.plugins ?? []).flat().filter((p) => !(p && typeof p === 'object' && 'name' in p && (p.name === 'screen-manifest' || p.name === 'entity-seed-strip')));
    plugins.push(withoutFolderWatch(screenManifest(root)), generatedStoryModules());
    // No API to proxy (the data source is in the browser); Storybook's runtime makes one big chunk.
    return { ...vite, plugins, server: { ...vite.server, proxy: undefined }, build: { ...vite.build, chunkSizeWarningLimit: 2000 } };
  },
};

export default config;
