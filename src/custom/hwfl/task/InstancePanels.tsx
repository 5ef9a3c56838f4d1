import { Alert, Descriptions, Spin, Tabs, Tag, Timeline } from 'antd';
import { lazy, Suspense, useMemo } from 'react';
import { useServices } from '../../../../renderer/runtime/services.ts';
import { ScreenHost } from '../../../../renderer/ScreenHost.tsx';
import { parseScreenText } from '../../../../renderer/schema/parse-screen.ts';
import type { Screen } from '../../../../renderer/schema/screen.ts';
import { screenFor } from '../../../routes/screen-routes.ts';
import { Attachments } from './Attachments.tsx';
import type { HistoryEntry, InstanceView } from './workflow-api.ts';

// bpmn-js is heavy: it loads with the diagram tab only.
const BpmnDiagram = lazy(() => import('../diagram/BpmnDiagram.tsx').then((m) => ({ default: m.BpmnDiagram })));

/** History tags as the original colours them: results green or red, the other moves gold. */
const COLOUR: Record<string, string> = { Approved: 'green', Rejected: 'red', START: 'blue', END: 'default', EXCEPTION: 'red' };

/**
 * The document of an instance rendered by its own detail schema, read-only: no save, no status
 * actions, the same sections, tabs and formatting its owners see. A process with no document
 * page shows the data it was started with.
 */
export function DocumentPane({ view }: { view: InstanceView }) {
  const s = useServices();
  const route = view.instance.detailRoute;
  const hit = useMemo(() => (route ? screenFor(route) : undefined), [route]);
  const load = useMemo(
    () =>
      hit &&
      (async () => {
        const parsed = parseScreenText(await hit.entry.load());
        if (!parsed.screen) return hit.entry.load();
        // For reading: no form, no actions, and its line tabs as plain tables (no toolbar, no cell to type in).
        const shown = parsed.screen as Screen & { tabs?: Array<Record<string, unknown>> };
        const screen = { ...shown, editable: false, actions: [], history: false, ...(shown.tabs ? { tabs: shown.tabs.map(({ editable: _editable, ...tab }) => tab) } : {}) } as Screen;
        return JSON.stringify(screen);
      }),
    [hit],
  );
  if (!hit || !load) {
    return (
      <>
        <Alert type="info" showIcon title={s.t('hwfl.detail.noDocumentPage', 'This process has no document page; its variables:')} />
        <pre style={{ marginTop: 8 }}>{JSON.stringify(view.record ?? {}, null, 2)}</pre>
      </>
    );
  }
  return (
    <div data-testid="wfl-document">
      <ScreenHost file={hit.entry.file} load={load} params={hit.params} route={hit.route} />
    </div>
  );
}

export function HistoryTimeline({ history }: { history: HistoryEntry[] }) {
  const s = useServices();
  return (
    <Timeline
      data-testid="wfl-history"
      items={history.map((h) => ({
        key: h.historyId,
        color: h.action === 'Rejected' || h.action === 'EXCEPTION' ? 'red' : h.action === 'Approved' ? 'green' : 'blue',
        content: (
          <div data-action={h.action}>
            <Tag color={COLOUR[h.action] ?? 'gold'}>{s.t(`hwfl.action.${h.action}`, h.action)}</Tag>
            <b>{h.userName}</b>
            {h.nodeName && <span> · {h.nodeName}</span>}
            {h.targetName && <span> → {h.targetName}</span>}
            <span style={{ color: 'var(--app-text-secondary)' }}> · {h.actionTime}</span>
            {h.comment && <div style={{ whiteSpace: 'pre-wrap' }}>{h.comment}</div>}
            {h.attachmentUuid && <Attachments value={h.attachmentUuid} readOnly id={`wfl-files-${h.historyId}`} />}
          </div>
        ),
      }))}
    />
  );
}

/** Document, history and diagram (current nodes highlighted) of an instance. */
export function InstancePanels({ view }: { view: InstanceView }) {
  const s = useServices();
  const i = view.instance;
  return (
    <>
      <Descriptions size="small" column={3} bordered data-testid="wfl-summary">
        <Descriptions.Item label={s.t('hwfl.common.model.processName', 'Process')}>{i.processName}</Descriptions.Item>
        <Descriptions.Item label={s.t('hwfl.common.model.description', 'Description')}>{i.description}</Descriptions.Item>
        <Descriptions.Item label={s.t('hwfl.common.model.startUserName', 'Initiator')}>{i.startUserName}</Descriptions.Item>
        <Descriptions.Item label={s.t('hwfl.common.model.statusCode', 'Status')}>
          <Tag data-testid="wfl-status">{i.statusCode}</Tag>
          {i.resultCode && <Tag data-testid="wfl-result" color={i.resultCode === 'APPROVED' ? 'green' : 'red'}>{i.resultCode}</Tag>}
        </Descriptions.Item>
        <Descriptions.Item label={s.t('hwfl.common.model.currentNodeName', 'Current node')}>{i.currentNodeName}</Descriptions.Item>
        <Descriptions.Item label={s.t('hwfl.common.model.currentApprover', 'Current approver')}>{i.currentApprover}</Descriptions.Item>
      </Descriptions>
      <Tabs
        style={{ marginTop: 12 }}
        items={[
          { key: 'document', label: s.t('hwfl.detail.document', 'Document'), children: <DocumentPane view={view} /> },
          { key: 'history', label: s.t('hwfl.detail.history', 'Approval history'), children: <HistoryTimeline history={view.history} /> },
          {
            key: 'diagram',
            label: s.t('hwfl.detail.diagram', 'Process diagram'),
            children: (
              <Suspense fallback={<Spin />}>
                <BpmnDiagram xml={view.xml} mode="view" highlight={view.current} done={view.done} />
              </Suspense>
            ),
          },
        ]}
      />
    </>
  );
}
