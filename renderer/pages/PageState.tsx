import { Alert, Button, Empty, Space, Spin } from 'antd';
import type { ReactNode } from 'react';
import type { LoadProblem } from '../data/request-errors.ts';
import { useServices } from '../runtime/services.ts';

export type PageStateProps =
  | { state: 'loading' }
  | { state: 'empty'; hint?: ReactNode }
  | { state: 'problem'; problem: LoadProblem; onRetry?(): void };

/**
 * What a list, a detail page or a tab shows instead of its data, the same everywhere: loading, empty
 * (with what to do next), failed (network or server: retry), forbidden (403: retrying cannot help,
 * the person needs a grant) and not found. One place, so every page kind, present and future, says
 * it the same way; the page kinds pick the state, never the wording.
 */
export function PageState(p: PageStateProps) {
  const s = useServices();
  if (p.state === 'loading') {
    return (
      <div role="status" data-testid="state-loading" style={{ display: 'flex', justifyContent: 'center', alignItems: 'center', gap: 8, padding: 24 }}>
        <Spin />
        <span>{s.t('hzero.common.message.loading', 'Loading…')}</span>
      </div>
    );
  }
  if (p.state === 'empty') {
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        data-testid="state-empty"
        description={
          <Space orientation="vertical" size={2}>
            <span>{s.t('hzero.common.message.empty', 'No data')}</span>
            {p.hint && <span>{p.hint}</span>}
          </Space>
        }
      />
    );
  }
  const { problem, onRetry } = p;
  if (problem.kind === 'forbidden') {
    return (
      <Alert
        type="warning"
        showIcon
        role="alert"
        data-testid="state-forbidden"
        title={s.t('hzero.common.state.forbidden', 'You do not have permission to see this')}
        description={s.t('hzero.common.state.forbiddenHint', 'Ask your administrator to grant your role access to this page.')}
      />
    );
  }
  if (problem.kind === 'notFound') {
    return (
      <Alert
        type="info"
        showIcon
        role="alert"
        data-testid="state-not-found"
        title={s.t('hzero.common.state.notFound', 'This record does not exist')}
        description={s.t('hzero.common.state.notFoundHint', 'It may have been deleted. Go back to the list and open it again.')}
      />
    );
  }
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      data-testid="state-failed"
      title={s.t('hzero.common.state.failed', 'The data could not be loaded')}
      description={
        <Space orientation="vertical" size={4}>
          <span>{s.t('hzero.common.message.loadFailed', 'Check the network connection, then try again.')}</span>
          <span data-testid="state-failed-detail">{problem.message}</span>
        </Space>
      }
      action={
        onRetry && (
          <Button size="small" onClick={onRetry} data-testid="state-retry">
            {s.t('hzero.common.button.retry', 'Retry')}
          </Button>
        )
      }
    />
  );
}
