import { isRequestError } from '../data/request-errors.ts';
import type { RendererServices } from '../contracts/services.ts';

/**
 * Tells the user an action failed, once: the request layer has already shown HTTP and business
 * errors, anything else (a misplaced action, a missing file, a bug) is shown here. Always logged.
 */
export function reportError(s: RendererServices, e: unknown, what: string): void {
  console.error(`${what} failed:`, e);
  if (isRequestError(e)) return;
  const message = e instanceof Error ? e.message : String(e);
  s.notify.error(`${s.t('hzero.common.notification.error', 'Operation failed')}: ${message}`);
}
