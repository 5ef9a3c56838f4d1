import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { screenManifest } from '../../renderer/build/screen-manifest-plugin.ts';
import { promptKeys } from '../../renderer/build/prompt-keys-plugin.ts';

/**
 * The bench pages (scripts/bench/pages/*.html): the schema-rendered pages and the baselines, one
 * entry each so every page carries only its own code. Built once per run, production mode,
 * into the directory the runner passes as `build.outDir`.
 */
const pages = join(import.meta.dirname, 'pages');
const repo = join(import.meta.dirname, '..', '..');

export default defineConfig({
  root: pages,
  base: './',
  logLevel: 'warn',
  // Same plugins as the app, so renderer code builds exactly as it does in the product; the
  // screen manifest names schema files from the repo root (`/schemas/…`), which is not this root.
  plugins: [react(), screenManifest(repo, { fetched: true }), promptKeys(repo)],
  resolve: { alias: [{ find: /^\/schemas\//, replacement: `${join(repo, 'schemas')}/` }] },
  build: {
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
    rolldownOptions: {
      input: Object.fromEntries(
        readdirSync(pages)
          .filter((f) => f.endsWith('.html'))
          .map((f) => [f.replace(/\.html$/, ''), join(pages, f)]),
      ),
    },
  },
});
