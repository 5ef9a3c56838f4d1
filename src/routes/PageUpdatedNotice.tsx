import { Alert, Button } from 'antd';
import { useServices } from '../../renderer/runtime/services.ts';

/** Shown over an open page whose stored version changed while it holds unsaved changes. */
export default function PageUpdatedNotice({ onReload }: { onReload(): void }) {
  const s = useServices();
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="page-updated"
      style={{ margin: '0 0 12px' }}
      title={s.t('hpfm.uiPage.updated.title', 'This page was updated')}
      description={s.t('hpfm.uiPage.updated.description', 'A new version was published. Your unsaved changes are kept until you reload.')}
      action={
        <Button size="small" data-testid="page-updated-reload" onClick={onReload}>
          {s.t('hpfm.uiPage.updated.reload', 'Reload')}
        </Button>
      }
    />
  );
}
