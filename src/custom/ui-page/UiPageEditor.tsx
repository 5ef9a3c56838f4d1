import { Alert, Button, Card, Col, Modal, Result, Row, Space, Spin, Tabs, Tag } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useState } from 'react';
import { entityNames, loadEntity } from '../../../renderer/data/entities.ts';
import { registries } from '../../registries.ts';
import { useDialogs } from '../../../renderer/dialogs/dialog-api.ts';
import { confirmLeave } from '../../../renderer/form/confirm-leave.ts';
import { useServices } from '../../../renderer/runtime/services.ts';
import type { Screen } from '../../../renderer/schema/screen.ts';
import { screenRouteData } from '../../routes/screen-routes.ts';
import { storedRoutes } from '../../routes/stored-routes.ts';
import type { EditorHandle } from './codemirror-setup.ts';
import { CodeEditor } from './CodeEditor.tsx';
import { DiffView } from './DiffView.tsx';
import { EditorStore } from './editor-store.ts';
import { findings, marksOf } from './findings.ts';
import { HistoryDrawer } from './HistoryDrawer.tsx';
import { pageApi } from './page-api.ts';
import { PreviewPane } from './PreviewPane.tsx';
import { ProblemsPanel } from './ProblemsPanel.tsx';
import { schemaCompletion } from './schema-completion.ts';
import { StructuredView } from './StructuredView.tsx';

interface Props {
  params: Record<string, string>;
  screen: Screen;
  /** `tenant`: always the tenant's pages (page-org); `auto`: site pages in site mode, else the tenant's. */
  scope: 'auto' | 'tenant';
  listRoute?: string;
}

const EDITOR_HEIGHT = 'calc(100vh - 370px)';

/**
 * The page designer: the JSON in CodeMirror (its own chunk, loaded here) with completion from
 * the meta-schema and the entities, inline errors from the server's checks, a live preview of
 * the text as you type, a diff against the published version before publishing, and history
 * with one-click rollback. An overlay page edits only its delta; the preview shows it merged.
 */
export default function UiPageEditor(props: Record<string, unknown>) {
  const { params, screen, scope } = props as unknown as Props;
  const s = useServices();
  const pageCode = params.pageCode ?? '';
  const site = scope === 'auto' && s.siteMode;
  // Calls go through the host's services: the shell's request layer, or Storybook's data source.
  const store = useMemo(() => new EditorStore(pageApi({ site, tenantId: s.user.tenantId }, (url, opts) => s.request(url, opts as never)), pageCode, loadEntity), [site, pageCode, s]);
  useEffect(() => {
    void store.load();
    return () => store.dispose();
  }, [store]);
  const dialogs = useDialogs();
  useEffect(() => s.onBeforeClose?.(() => !store.dirty || confirmLeave(s, dialogs), () => store.dirty), [s, store, dialogs]);
  return (
    <div data-screen={screen.route} data-testid="ui-page-designer">
      <EditorView store={store} />
    </div>
  );
}

const EditorView = observer(function EditorView({ store }: { store: EditorStore }) {
  const s = useServices();
  const [handle, setHandle] = useState<EditorHandle | null>(null);
  const [diffOpen, setDiffOpen] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [view, setView] = useState<'json' | 'form'>('json');
  const page = store.page;
  const completion = useMemo(() => {
    if (!page) return undefined;
    const fields = new Map<string, Promise<string[]>>();
    return schemaCompletion({
      overlay: !!page.overlayFlag,
      baseDoc: store.baseDoc,
      entities: entityNames(),
      entityFields: (name) => {
        if (!fields.has(name)) fields.set(name, loadEntity(name).then((e) => e.fields.filter((f) => !f.private).map((f) => f.name)));
        return fields.get(name)!;
      },
      actionTypes: registries.actionTypes.types(),
      widgets: registries.fieldWidgets.types(),
      cells: registries.cellRenderers.types(),
      components: registries.customComponents.types(),
      routes: screenRouteData().map((r) => r.path),
    });
  }, [page, store]);
  if (store.loadError) return <Result status="warning" title={store.pageCode} subTitle={store.loadError} />;
  if (!page) return <Spin style={{ display: 'block', margin: 48 }} />;
  const list = findings({ text: store.text, parseError: store.parseError, problems: store.problems, conflicts: store.conflicts, refused: store.refused, overlay: store.isOverlay });
  const live = page.publishedVersion !== null && page.publishedVersion !== undefined;
  // What users get changed: this tab's routes now, other tabs of the browser at once (the server pushes to other sessions).
  const afterPublish = () => {
    const p = store.page;
    if (p) void storedRoutes.published({ tenantId: p.tenantId ?? (p.pageLevel === 'SITE' ? 0 : s.user.tenantId), pageCode: p.pageCode, route: p.publishedRoute ?? null, versionNumber: p.publishedVersion ?? null });
  };
  const publish = async () => {
    if (store.dirty && !(await store.save())) return;
    setDiffOpen(true);
  };
  const confirmPublish = async () => {
    setDiffOpen(false);
    if (await store.publish()) {
      s.notify.success(s.t('hpfm.uiPage.message.published', 'Published'));
      afterPublish();
    }
  };
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
        <Space wrap>
          <b data-testid="ui-page-code">{page.pageCode}</b>
          <Tag>{page.pageLevel}</Tag>
          {page.overlayFlag ? <Tag color="purple">overlay</Tag> : null}
          <Tag color={page.statusCode === 'PUBLISHED' ? 'green' : 'orange'} data-testid="ui-page-status">
            {page.statusCode}
          </Tag>
          <span data-testid="ui-page-version">
            v{page.versionNumber}
            {live ? ` · published v${page.publishedVersion}` : ''}
          </span>
          {store.dirty && <Tag color="gold">{s.t('hpfm.uiPage.editor.unsaved', 'Unsaved changes')}</Tag>}
        </Space>
        <Space wrap>
          <Button onClick={() => setHistoryOpen(true)} disabled={!page.pageId} data-testid="ui-page-history">
            {s.t('hpfm.uiPage.button.history', 'History')}
          </Button>
          {live && (
            <Button onClick={() => void store.unpublish().then(afterPublish)} data-testid="ui-page-unpublish">
              {s.t('hpfm.uiPage.button.unpublish', 'Unpublish')}
            </Button>
          )}
          <Button onClick={() => void store.save().then((ok) => ok && s.notify.success(s.t('hpfm.uiPage.message.saved', 'Saved')))} loading={store.saving} disabled={!store.dirty} data-testid="ui-page-save">
            {s.t('hzero.common.button.save', 'Save')}
          </Button>
          <Button type="primary" onClick={() => void publish()} loading={store.publishing} data-testid="ui-page-publish">
            {s.t('hpfm.uiPage.button.publish', 'Publish')}
          </Button>
        </Space>
      </Space>
      {store.isOverlay && <Alert type="info" showIcon title={s.t('hpfm.uiPage.editor.overlayHint', 'Only the changes are stored')} description={page.base ? `${page.base.source}: ${page.base.ref}${page.base.version ? ` v${page.base.version}` : ''}` : undefined} />}
      {store.refused && <Alert type="error" showIcon data-testid="ui-page-refused" title={s.t('hpfm.uiPage.editor.publishRefused', 'Cannot publish')} />}
      <Row gutter={12}>
        <Col span={12}>
          <Tabs
            size="small"
            activeKey={view}
            onChange={(k) => setView(k as 'json' | 'form')}
            items={[
              {
                key: 'json',
                label: <span data-testid="ui-page-tab-json">JSON</span>,
                children: <CodeEditor label={s.t('hpfm.uiPage.editor.json', 'Page schema (JSON)')} text={store.text} revision={store.revision} height={EDITOR_HEIGHT} marks={marksOf(list)} completion={completion} onChange={store.setText} onSave={() => void store.save()} onReady={setHandle} testId="ui-page-editor" />,
              },
              {
                key: 'form',
                label: <span data-testid="ui-page-tab-form">{s.t('hpfm.uiPage.editor.formView', 'Form view')}</span>,
                children: (
                  <div style={{ height: EDITOR_HEIGHT, overflow: 'auto' }}>
                    <StructuredView text={store.text} overlay={store.isOverlay} onEdit={store.replaceText} />
                  </div>
                ),
              },
            ]}
          />
          <ProblemsPanel findings={list} onReveal={(f) => {
              setView('json');
              if (f.from !== undefined) handle?.reveal(f.from, f.to!);
            }} />
        </Col>
        <Col span={12}>
          <Card size="small" title={s.t('hpfm.uiPage.editor.preview', 'Live preview')} extra={store.parseError ? <Tag color="red">{s.t('hpfm.uiPage.editor.invalidJson', 'JSON does not parse')}</Tag> : null}>
            <PreviewPane screen={store.previewScreen} generation={store.previewGeneration} pageCode={page.pageCode} />
          </Card>
        </Col>
      </Row>
      <Modal
        open={diffOpen}
        width={900}
        title={s.t('hpfm.uiPage.editor.diffTitle', 'Changes against the published version')}
        onCancel={() => setDiffOpen(false)}
        onOk={() => void confirmPublish()}
        okText={s.t('hpfm.uiPage.button.publish', 'Publish')}
        okButtonProps={{ 'data-testid': 'ui-page-publish-confirm' } as never}
      >
        {!live && <p>{s.t('hpfm.uiPage.editor.notPublished', 'Never published')}</p>}
        {live && page.publishedContent === store.text ? <p>{s.t('hpfm.uiPage.editor.noDiff', 'Same as the published version')}</p> : <DiffView before={page.publishedContent ?? ''} after={store.text} />}
      </Modal>
      <HistoryDrawer open={historyOpen} api={store.api} pageCode={store.pageCode} current={store.text} onClose={() => setHistoryOpen(false)} onRollback={(n) => store.rollback(n).then((ok) => (ok && afterPublish(), ok))} />
    </Space>
  );
});
