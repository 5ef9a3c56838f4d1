import { Button, Progress } from 'antd';
import type { ProgressReport } from '../../renderer/contracts/services.ts';
import { REQUEST_NOTIFICATION_PLACEMENT } from '../config/constants.ts';
import type { I18nStore } from '../stores/I18nStore.ts';
import { notify } from './lazy-feedback.ts';

let seq = 0;

/**
 * A long action's notice: a notification with a bar that stays until the work ends. The person may
 * close it and go on working; the work is not stopped by that, and its end (done or failed, with a
 * Retry) is announced in a fresh notice, since an outcome nobody heard of is lost work.
 */
export function progressNotice(i18n: I18nStore, title: string): ProgressReport {
  const key = `progress-${++seq}`;
  let dismissed = false;
  const placement = REQUEST_NOTIFICATION_PLACEMENT;
  const onClose = () => {
    dismissed = true;
  };
  const running = i18n.t('hzero.common.progress.running', 'Running; you can close this notice and go on working.');
  return {
    update(done, total) {
      if (dismissed) return;
      const percent = total ? Math.round((done / total) * 100) : undefined;
      notify('info', {
        key,
        placement,
        title,
        duration: 0,
        onClose,
        description: (
          <div data-testid="progress-notice">
            <Progress percent={percent ?? 100} status="active" showInfo={percent !== undefined} aria-label={title} size="small" />
            <div>{total ? i18n.t('hzero.common.progress.count', '{{done}} of {{total}}', { done, total }) : running}</div>
          </div>
        ),
      });
    },
    done(text) {
      notify('success', { key: dismissed ? undefined : key, placement, title, description: <span data-testid="progress-done">{text}</span>, duration: 6 });
    },
    failed(text, retry) {
      const failedKey = dismissed ? `${key}-failed` : key;
      dismissed = false;
      notify('error', {
        key: failedKey,
        placement,
        title,
        duration: 0,
        description: <span data-testid="progress-failed">{text}</span>,
        actions: retry && (
          <Button
            size="small"
            type="primary"
            data-testid="progress-retry"
            onClick={() => {
              void import('antd/es/notification').then((m) => m.default.destroy(failedKey));
              retry();
            }}
          >
            {i18n.t('hzero.common.button.retry', 'Retry')}
          </Button>
        ),
      });
    },
  };
}
