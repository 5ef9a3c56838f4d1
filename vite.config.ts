/// <reference types="vitest/config" />
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
  test: {
    // Unit and server files run two at a time (vitest's default on 2 cores is one worker); the
    // browser files stay one at a time (fileParallelism: false puts them in a sequential group of
    // their own), each starting its own server and Chromium.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: { name: 'unit', environment: 'happy-dom', include: ['tests/src/**/*.test.{ts,tsx}', 'tests/renderer/**/*.test.{ts,tsx}'] },
      },
      {
        extends: true,
        test: { name: 'server', environment: 'node', include: ['tests/server/**/*.test.ts', 'tests/schemas/**/*.test.ts'], testTimeout: 30000, hookTimeout: 60000 },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          // Generous: a loaded 2-core CI machine runs Chromium and the server side by side.
          testTimeout: 120000,
          hookTimeout: 120000,
          fileParallelism: false,
          expect: { poll: { timeout: 15000, interval: 100 } },
        },
      },
    ],
  },
});
