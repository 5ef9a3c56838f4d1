import type { Tab } from './tab.ts';

/**
 * The removal rules of §4, as pure functions so each can be tested on its own.
 * `removalInfo`: what remains and the tab *following* the removed one (reported to listeners).
 */
export function removalInfo(tabs: Tab[], key: string): { nextTabs: Tab[]; nextActiveTabKey: string | undefined; nextTab: Tab | undefined } {
  const i = tabs.findIndex((t) => t.key === key);
  const nextTabs = tabs.filter((t) => t.key !== key);
  const nextTab = i >= 0 ? tabs[i + 1] : undefined;
  return { nextTabs, nextActiveTabKey: nextTab?.key, nextTab };
}

/**
 * The active key after removing `key`: the tab before it when it was the active one; unchanged
 * when the removed tab is the first; otherwise unchanged.
 */
export function activeAfterRemoval(tabs: Tab[], key: string, activeKey: string): string {
  const i = tabs.findIndex((t) => t.key === key);
  if (i <= 0) return activeKey;
  if (key !== activeKey) return activeKey;
  return tabs[i - 1]!.key;
}
