import type { ArgsProps as MessageArgs } from 'antd/es/message/interface';
import type { ArgsProps as NotificationArgs } from 'antd/es/notification/interface';

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
 * Loads the notification code once the first screen is up: the notice that the server cannot be
 * reached has to show while the server (which serves the code too) is away.
 */
export function preloadFeedback(): void {
  const load = () => void import('antd/es/notification');
  if ('requestIdleCallback' in window) window.requestIdleCallback(load, { timeout: 5000 });
  else setTimeout(load, 2000);
}
