/**
 * Code run inside the real app's page (which has no bench harness). Kept as source text: a
 * function compiled by tsx may reference helpers that do not exist in the page.
 *
 * `window.__benchOpen(path, selector)` opens `path` the way the app's own links do (history push
 * + popstate, so React Router opens a tab), then resolves with the time until `selector` matches
 * and the frame showing it has been painted (ms).
 */
export const INSTALL_OPEN = `
window.__benchOpen = (path, selector, timeoutMs = 60000) => new Promise((resolve, reject) => {
  const afterPaint = () => new Promise((r) => requestAnimationFrame(() => { const ch = new MessageChannel(); ch.port1.onmessage = () => r(performance.now()); ch.port2.postMessage(0); }));
  const start = performance.now();
  const done = () => afterPaint().then((t) => { performance.measure('bench:open ' + path, { start, end: t }); resolve(t - start); });
  const timer = setTimeout(() => { mo.disconnect(); reject(new Error('not shown within ' + timeoutMs + ' ms: ' + selector)); }, timeoutMs);
  const mo = new MutationObserver(() => { if (document.querySelector(selector)) { mo.disconnect(); clearTimeout(timer); done(); } });
  mo.observe(document.body, { childList: true, subtree: true, attributes: true });
  history.pushState({}, '', path);
  dispatchEvent(new PopStateEvent('popstate', { state: {} }));
});
`;

/** Calls `__benchOpen` (installing it first when needed). */
export const openScript = (path: string, selector: string, timeoutMs = 60_000) =>
  `(${INSTALL_OPEN.trim().replace(/;$/, '')}, window.__benchOpen(${JSON.stringify(path)}, ${JSON.stringify(selector)}, ${timeoutMs}))`;

/**
 * Resolves once no resource has started loading for `quietMs` (module chunks a screen pulls in
 * arrive as resource timing entries), then returns the URLs of the code chunks and screen schemas
 * (JSON assets, fetched rather than imported) loaded after `since` (ms).
 */
export const scriptsSince = (since: number, quietMs = 250) => `new Promise((resolve) => {
  let last = -1;
  const tick = () => {
    const n = performance.getEntriesByType('resource').length;
    if (n === last) return resolve(performance.getEntriesByType('resource').filter((e) => e.startTime >= ${since} && /\\.m?js(\\?|$)|^\\/assets\\/.+\\.json$/.test(new URL(e.name).pathname)).map((e) => e.name));
    last = n;
    setTimeout(tick, ${quietMs});
  };
  tick();
})`;

/** URLs of the resources requested before the performance mark `name` (all of them when the mark is missing). */
export const beforeMark = (name: string) => `(() => {
  const mark = performance.getEntriesByName(${JSON.stringify(name)})[0];
  const limit = mark ? mark.startTime : Infinity;
  return performance.getEntriesByType('resource').filter((e) => e.startTime < limit).map((e) => e.name);
})()`;
