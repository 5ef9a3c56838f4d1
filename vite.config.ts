import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { entitySeedStrip } from './renderer/build/entity-seed-strip-plugin.ts';
import { promptKeys } from './renderer/build/prompt-keys-plugin.ts';
import { screenManifest } from './renderer/build/screen-manifest-plugin.ts';

const api = process.env.API_TARGET ?? 'http://127.0.0.1:8080';

/** API paths of the reference server (see server/auth/authenticate.ts isApiPath); everything else is the app. */
const proxied = ['^/oauth/', '^/hpfm/websocket', '^/[a-z0-9-]+/(v\\d+|hzero)/', '^/api/', '^/api-docs'];

export default defineConfig({
  plugins: [react(), screenManifest(import.meta.dirname, { fetched: true }), promptKeys(import.meta.dirname), entitySeedStrip()],
  server: {
    host: '127.0.0.1',
    proxy: Object.fromEntries(proxied.map((p) => [p, { target: api, ws: true, changeOrigin: false }])),
  },
  build: {
    chunkSizeWarningLimit: 800,
    // Screen schemas are fetched by URL (see renderer/build/screen-manifest-plugin.ts); inlining
    // the small ones as data: URLs would put them all into the entry chunk.
    assetsInlineLimit: (file) => (file.includes('/schemas/') ? false : undefined),
  },
});
