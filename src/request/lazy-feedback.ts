import type { ArgsProps as MessageArgs } from 'antd/es/message/interface';
import type { ArgsProps as NotificationArgs } from 'antd/es/notification/interface';
import type { ProgressReport } from '../../renderer/contracts/services.ts';
import type { I18nStore } from '../stores/I18nStore.ts';
import { FIRST_SCREEN_MARK } from '../routes/first-screen-mark.ts';

// Notifications and toasts appear after something happened, never on the first paint; their
// antd code loads on first use instead of with the shell.
type Kind = 'success' | 'info' | 'warning' | 'error';

export function notify(kind: Kind, args: NotificationArgs): void {
  void import('antd/es/notification').then((m) => m.default[kind](args));
}

export function toast(kind: Kind, content: MessageArgs['content'], duration?: number): void {
  void import('antd/es/message').then((m) => m.default[kind](content, duration));
}

/**
 * Loads the notification code once the first screen is up (its performance mark; at the latest
 * after a few seconds, for pages that set none, such as sign-in): the notice that the server cannot
 * be reached has to show while the server (which serves the code too) is away, but the chunk must
 * not join the JavaScript the first screen waits for.
 */
export function preloadFeedback(): void {
  let done = false;
  const load = () => {
    if (done) return;
    done = true;
    observer?.disconnect();
    void import('antd/es/notification');
  };
  const idle = () => ('requestIdleCallback' in window ? window.requestIdleCallback(load, { timeout: 5000 }) : setTimeout(load, 500));
  const observer = typeof PerformanceObserver === 'function' ? new PerformanceObserver((list) => list.getEntries().some((e) => e.name === FIRST_SCREEN_MARK) && idle()) : undefined;
  observer?.observe({ type: 'mark' });
  setTimeout(idle, 8000);
}

/**
 * A long action's progress notice (progress-notice.tsx: antd's Progress with the notification),
 * loaded on first use like the rest of the feedback; calls made before it arrives run in order.
 */
export function progress(i18n: I18nStore, title: string): ProgressReport {
  const report = import('./progress-notice.tsx').then((m) => m.progressNotice(i18n, title));
  return {
    update: (done, total) => void report.then((r) => r.update(done, total)),
    done: (text) => void report.then((r) => r.done(text)),
    failed: (text, retry) => void report.then((r) => r.failed(text, retry)),
  };
}
