import { defineConfig, mergeConfig } from 'vitest/config';
import LongestFirstSequencer from './tests/sequencer.ts';
import viteConfig from './vite.config.ts';

/** The app's Vite config (plugins, aliases) plus the test projects; `vite build` never loads this. */
export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      // Two files at a time (vitest's default on 2 cores is one worker), browser files among them:
      // each starts its own server (own in-memory database) and Chromium, and waits on its pages
      // about half the time, so running them beside the server files fills the second core instead
      // of leaving it idle in a sequential group of their own. tests/sequencer.ts starts the longest first.
      maxWorkers: 2,
      sequence: { sequencer: LongestFirstSequencer },
      projects: [
        {
          extends: true,
          test: { name: 'unit', environment: 'happy-dom', include: ['tests/src/**/*.test.{ts,tsx}', 'tests/renderer/**/*.test.{ts,tsx}'], setupFiles: ['tests/unit/setup.ts'] },
        },
        {
          extends: true,
          test: { name: 'server', environment: 'node', include: ['tests/server/**/*.test.ts', 'tests/schemas/**/*.test.ts'], globalSetup: ['tests/global-setup.ts'], testTimeout: 30000, hookTimeout: 60000 },
        },
        {
          extends: true,
          test: {
            name: 'e2e',
            environment: 'node',
            include: ['tests/e2e/**/*.test.ts'],
            globalSetup: ['tests/global-setup.ts'],
            setupFiles: ['tests/e2e/setup.ts'],
            // Generous: a loaded 2-core CI machine runs Chromium and the server side by side.
            testTimeout: 120000,
            hookTimeout: 120000,
            // A document's status is polled for up to 30 s: CI's two cores, loaded by two browser
            // files at once, once left four flows' moves short of 15 s (a failure now prints why).
            expect: { poll: { timeout: 30000, interval: 100 } },
          },
        },
      ],
    },
  }),
);
