/**
 * Page-side timing primitives. "Painted" means: the frame that contains the change has been
 * produced. A requestAnimationFrame callback runs just before that frame's paint; a message
 * posted from it is delivered as the next task, i.e. right after the paint.
 */
export function afterPaint(): Promise<number> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => {
      const ch = new MessageChannel();
      ch.port1.onmessage = () => resolve(performance.now());
      ch.port2.postMessage(0);
    });
  });
}

/**
 * Resolves as soon as `test()` holds, checking after every DOM mutation (a MutationObserver
 * callback runs as a microtask right after the commit that changed the DOM, so no frame is lost
 * to polling). Rejects after `timeoutMs`.
 */
export function when(test: () => boolean, timeoutMs = 120_000): Promise<void> {
  if (test()) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const mo = new MutationObserver(() => {
      if (!test()) return;
      mo.disconnect();
      clearTimeout(timer);
      resolve();
    });
    const timer = setTimeout(() => {
      mo.disconnect();
      reject(new Error(`condition not met within ${timeoutMs} ms`));
    }, timeoutMs);
    mo.observe(document.body, { childList: true, subtree: true, attributes: true, characterData: true });
  });
}

/** Names the interval in the page's performance timeline (visible in a DevTools trace) and returns its length. */
export function measure(name: string, start: number, end: number): number {
  performance.measure(name, { start, end });
  return end - start;
}
