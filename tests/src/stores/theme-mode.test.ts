import { describe, expect, it } from 'vitest';
import { ReducedMotionStore } from '../../../src/stores/reduced-motion.ts';
import { ThemeModeStore } from '../../../src/stores/theme-mode.ts';
import { themeConfig } from '../../../src/theme.ts';

describe('the dark theme choice', () => {
  it('is remembered per user in this browser, light for whoever has not chosen', () => {
    const storage = new Map<string, string>();
    const fake = { getItem: (k: string) => storage.get(k) ?? null, setItem: (k: string, v: string) => void storage.set(k, v) } as unknown as Storage;
    const store = new ThemeModeStore(fake);
    store.forUser(7);
    expect(store.dark).toBe(false);
    store.toggle();
    expect(store.dark).toBe(true);
    store.forUser(8);
    expect(store.dark).toBe(false);
    const again = new ThemeModeStore(fake);
    again.forUser(7);
    expect(again.dark).toBe(true);
  });

  it('takes antd’s dark algorithm over the same token file, with the compact one when both are chosen', () => {
    const dark = themeConfig(true, false);
    const both = themeConfig(true, true);
    expect(Array.isArray(dark.algorithm) && dark.algorithm).toHaveLength(1);
    expect(Array.isArray(both.algorithm) && both.algorithm).toHaveLength(2);
    // Coloured text on dark surfaces takes the palettes' light ends (the light theme's seeds would read at 2.5:1).
    expect(dark.token?.colorLink).not.toBe(themeConfig(false, false).token?.colorLink);
    expect(themeConfig(false, false).algorithm).toBeUndefined();
  });
});

describe('reduced motion', () => {
  it('follows the system setting while the app is open, and turns antd’s motion off in every theme', () => {
    let listener: ((e: { matches: boolean }) => void) | undefined;
    const media = { matches: true, addEventListener: (_: string, l: (e: { matches: boolean }) => void) => (listener = l) } as unknown as MediaQueryList;
    const store = new ReducedMotionStore(media, undefined);
    expect(store.reduce).toBe(true);
    listener!({ matches: false });
    expect(store.reduce).toBe(false);
    for (const [dark, compact] of [[false, false], [true, false], [true, true]] as const) {
      expect(themeConfig(dark, compact, true).token?.motion).toBe(false);
      expect(themeConfig(dark, compact).token?.motion).toBeUndefined();
    }
    // The dark theme keeps its own tokens when motion is off.
    expect(themeConfig(true, false, true).token?.colorLink).toBe(themeConfig(true, false).token?.colorLink);
  });

  it('can be chosen in this browser when the system does not ask for it, is remembered, and cannot undo the system’s', () => {
    const storage = new Map<string, string>();
    const fake = { getItem: (k: string) => storage.get(k) ?? null, setItem: (k: string, v: string) => void storage.set(k, v), removeItem: (k: string) => void storage.delete(k) };
    const calm = { matches: false, addEventListener: () => undefined };
    const store = new ReducedMotionStore(calm, fake);
    expect(store.reduce).toBe(false);
    store.toggle();
    expect(store.reduce).toBe(true);
    expect(new ReducedMotionStore(calm, fake).reduce).toBe(true);
    store.toggle();
    expect(new ReducedMotionStore(calm, fake).reduce).toBe(false);
    expect(new ReducedMotionStore({ ...calm, matches: true }, fake).reduce).toBe(true);
  });
});
