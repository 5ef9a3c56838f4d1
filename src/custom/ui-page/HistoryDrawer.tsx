import { Button, Drawer, Modal, Space, Table, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useServices } from '../../../renderer/runtime/services.ts';
import { DiffView } from './DiffView.tsx';
import type { PageApi, VersionEntry } from './page-api.ts';

interface Props {
  open: boolean;
  api: PageApi;
  pageCode: string;
  /** The text in the editor, to compare a version against. */
  current: string;
  onClose(): void;
  onRollback(versionNumber: number): Promise<boolean>;
}

/** Every saved version, newest first: view one against the editor's text, or roll back to it in one click. */
export function HistoryDrawer({ open, api, pageCode, current, onClose, onRollback }: Props) {
  const s = useServices();
  const [rows, setRows] = useState<VersionEntry[]>([]);
  const [viewing, setViewing] = useState<{ n: number; content: string } | null>(null);
  useEffect(() => {
    if (open) void api.history(pageCode).then(setRows, () => setRows([]));
  }, [open, api, pageCode]);
  const rollback = (n: number) =>
    Modal.confirm({
      title: s.t('hpfm.uiPage.button.rollback', 'Roll back'),
      content: s.t('hpfm.uiPage.confirm.rollback', 'Roll back to this version?'),
      okButtonProps: { 'data-testid': 'ui-page-rollback-ok' } as never,
      onOk: async () => {
        if (await onRollback(n)) onClose();
      },
    });
  // One row per version number: its latest entry (a published version shows as published).
  const versions = [...new Map(rows.map((r) => [r.versionNumber, r])).values()];
  return (
    <Drawer open={open} onClose={onClose} size={640} title={s.t('hpfm.uiPage.button.history', 'History')} data-testid="ui-page-history-drawer">
      <Table
        size="small"
        rowKey={(r) => `${r.versionNumber}-${r.actionCode}-${r.creationDate}`}
        dataSource={rows}
        pagination={false}
        columns={[
          { title: s.t('hpfm.uiPage.model.versionNumber', 'Version'), dataIndex: 'versionNumber', width: 70 },
          { title: s.t('hpfm.uiPageVersion.model.actionCode', 'Action'), dataIndex: 'actionCode', render: (v: string, r) => <Tag color={r.publishedFlag ? 'green' : undefined}>{v}</Tag> },
          { title: s.t('hpfm.uiPageVersion.model.createdByName', 'By'), dataIndex: 'createdByName' },
          { title: s.t('hzero.common.model.creationDate', 'Date'), dataIndex: 'creationDate', width: 160 },
          {
            title: '',
            width: 190,
            render: (_: unknown, r) =>
              versions.includes(r) && (
                <Space size={0}>
                  <Button type="link" size="small" onClick={() => void api.version(pageCode, r.versionNumber).then((v) => setViewing({ n: r.versionNumber, content: v.content }))}>
                    {s.t('hpfm.uiPage.button.view', 'View')}
                  </Button>
                  <Button type="link" size="small" data-testid={`ui-page-rollback-${r.versionNumber}`} onClick={() => rollback(r.versionNumber)}>
                    {s.t('hpfm.uiPage.button.rollback', 'Roll back')}
                  </Button>
                </Space>
              ),
          },
        ]}
      />
      <Modal open={!!viewing} width={900} footer={null} onCancel={() => setViewing(null)} title={`v${viewing?.n ?? ''} → ${s.t('hpfm.uiPage.editor.current', 'the editor')}`}>
        {viewing && <DiffView before={viewing.content} after={current} />}
      </Modal>
    </Drawer>
  );
}
