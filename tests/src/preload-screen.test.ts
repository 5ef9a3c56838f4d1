import type { ScreenManifestEntry } from 'virtual:screen-manifest';
import { describe, expect, it } from 'vitest';
import { registries } from '../../src/registries.ts';
import { preloadScreen } from '../../src/routes/preload-screen.ts';

/** Opening a route starts its page kind's code (and its entities) with the schema, not after it. */
describe('preloadScreen', () => {
  it('loads the page kind the manifest names, and leaves an unknown kind to the page', async () => {
    expect(registries.pageKinds.peek('wizard')).toBeUndefined();
    const entry = (kind: string) => ({ kind, entities: ['poHeader'], file: 'x.json', routes: ['/x'], title: 'x', authorized: false, load: async () => '{}' }) as ScreenManifestEntry;
    preloadScreen(entry('wizard'));
    preloadScreen(entry('no-such-kind'));
    await expect.poll(() => registries.pageKinds.peek('wizard'), { timeout: 20000 }).toBeTruthy();
  }, 30000);
});
