import { notify } from './lazy-feedback.ts';
import { REQUEST_NOTIFICATION_PLACEMENT } from '../config/constants.ts';
import type { I18nStore } from '../stores/I18nStore.ts';
import type { Notifier } from './request.ts';

/** Request-layer notifications: bottom right, translated, styled by the answer's `type`. */
export function antdNotifier(i18n: I18nStore): Notifier {
  const placement = REQUEST_NOTIFICATION_PLACEMENT;
  return {
    failed(body) {
      const kind = body.type === 'info' ? 'info' : body.type === 'warn' ? 'warning' : 'error';
      notify(kind, { placement, title: i18n.t('hzero.common.notification.error', 'Operation failed'), description: body.message });
    },
    forbidden() {
      notify('error', {
        placement,
        title: i18n.t('hzero.common.notification.error', 'Operation failed'),
        description: i18n.t('hzero.common.notification.noPermission', 'Sorry, you do not have permission to perform this operation'),
      });
    },
    unreachable() {
      notify('error', {
        placement,
        // One notice however many calls failed at once.
        key: 'server-unreachable',
        title: i18n.t('hzero.common.notification.networkError', 'Network request failed'),
        description: i18n.t('hzero.common.notification.unreachable', 'The server cannot be reached. What you typed is kept; try again in a moment.'),
      });
    },
    error(title, description) {
      notify('error', { placement, title, description });
    },
  };
}
