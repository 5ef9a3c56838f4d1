import { Alert, Button, Space } from 'antd';
import { useServicesOptional } from '../runtime/services.ts';

/**
 * A screen whose code or schema could not be fetched (network, deploy in progress, 120 s timeout).
 * Unlike a schema error this is usually transient, so the person gets a retry, not a bug report.
 * (An Alert, not a Result: Result's illustrations would weigh on every first paint.)
 */
export function LoadFailedPanel({ message, onRetry }: { message: string; onRetry(): void }) {
  const s = useServicesOptional();
  const t = (key: string, fallback: string) => s?.t(key, fallback) ?? fallback;
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="load-failed"
      style={{ margin: 24 }}
      title={message}
      description={
        <Space orientation="vertical">
          <span>{t('hzero.common.message.loadFailed', 'Check the network connection, then try again.')}</span>
          <Space>
            <Button type="primary" onClick={onRetry} data-testid="load-retry">
              {t('hzero.common.button.retry', 'Retry')}
            </Button>
            {/* Browsers keep a failed code chunk failed until the page reloads; open tabs come back from session storage. */}
            <Button onClick={() => window.location.reload()} data-testid="load-reload">
              {t('hzero.common.button.reloadPage', 'Reload page')}
            </Button>
          </Space>
        </Space>
      }
    />
  );
}
