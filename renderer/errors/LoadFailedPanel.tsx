import { Button, Result } from 'antd';
import { useServicesOptional } from '../runtime/services.ts';

/**
 * A screen whose code or schema could not be fetched (network, deploy in progress, 120 s timeout).
 * Unlike a schema error this is usually transient, so the person gets a retry, not a bug report.
 */
export function LoadFailedPanel({ message, onRetry }: { message: string; onRetry(): void }) {
  const s = useServicesOptional();
  const t = (key: string, fallback: string) => s?.t(key, fallback) ?? fallback;
  return (
    <Result
      status="warning"
      data-testid="load-failed"
      title={message}
      subTitle={t('hzero.common.message.loadFailed', 'Check the network connection, then try again.')}
      extra={[
        <Button key="retry" type="primary" onClick={onRetry} data-testid="load-retry">
          {t('hzero.common.button.retry', 'Retry')}
        </Button>,
        // Browsers keep a failed code chunk failed until the page reloads; open tabs come back from session storage.
        <Button key="reload" onClick={() => window.location.reload()} data-testid="load-reload">
          {t('hzero.common.button.reloadPage', 'Reload page')}
        </Button>,
      ]}
    />
  );
}
