import { Alert, Button, Col, Empty, Result, Row, Space, Spin, Table, Tabs, Tag, Typography } from 'antd';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useDialogs } from '../../../renderer/dialogs/dialog-api.ts';
import { confirmLeave } from '../../../renderer/form/confirm-leave.ts';
import { useServices } from '../../../renderer/runtime/services.ts';
import type { Screen } from '../../../renderer/schema/screen.ts';
import { BpmnDiagram, type BpmnDiagramHandle } from './diagram/BpmnDiagram.tsx';
import { type BpmnProblem, defaultDiagram, DeployRefused, exportFileName, modelerApi, type ProcessModel, type ProcessVersion } from './modeler-api.ts';

interface Props {
  params: Record<string, string>;
  screen: Screen;
  /** Where "back" goes: the process definitions. */
  listRoute?: string;
}

const DIAGRAM_HEIGHT = 'max(420px, calc(100vh - 360px))';
const VERSION_HEIGHT = 460;

/**
 * The BPMN modeler of a process model (/hwfl/setting/process-define/deploy/:id): draw the process
 * in bpmn-js (its own chunk, loaded by BpmnDiagram), save the XML, deploy it (a refusal marks the
 * elements the checks named), import and export .bpmn files from other modelers, and look at the
 * deployed versions read-only.
 */
export default function WorkflowModeler(props: Record<string, unknown>) {
  const { params, screen, listRoute = '/hwfl/setting/process-define/list' } = props as unknown as Props;
  const s = useServices();
  const t = (key: string, fallback: string, vars?: Record<string, unknown>) => s.t(key, fallback, vars);
  const dialogs = useDialogs();
  const modelId = params.id ?? '';
  const tenantId = s.user.tenantId;
  // Calls go through the host's services: the shell's request layer, or Storybook's data source.
  // Built per render (a small object) so handlers use the current services; the model loads
  // again only for another model or tenant, not when the services follow a language change.
  const api = modelerApi(tenantId, (url, opts) => s.request(url, opts as never));

  const [model, setModel] = useState<ProcessModel | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  /** The XML the modeler shows after a load; edits stay in the modeler until saved. */
  const [diagramXml, setDiagramXml] = useState('');
  /** Remounts the modeler on a reload, so the loaded XML replaces the edits even when it is the same text. */
  const [loadCount, setLoadCount] = useState(0);
  const [handle, setHandle] = useState<BpmnDiagramHandle | null>(null);
  const [dirty, setDirty] = useState(false);
  const edits = useRef(0);
  const [saving, setSaving] = useState(false);
  const [deploying, setDeploying] = useState(false);
  const [saveFailed, setSaveFailed] = useState(false);
  const [problems, setProblems] = useState<BpmnProblem[]>([]);
  const [tab, setTab] = useState<'diagram' | 'versions'>('diagram');
  const [versions, setVersions] = useState<{ rows: ProcessVersion[]; total: number } | null>(null);
  const [versionsLoading, setVersionsLoading] = useState(false);
  const [selected, setSelected] = useState<number | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const showModel = (m: ProcessModel) => {
    const fresh = !m.xml?.trim();
    setModel(m);
    setDiagramXml(fresh ? defaultDiagram(m.modelKey, m.name, t('hwfl.modeler.defaultTask', 'Approve')) : m.xml!);
    setLoadCount((n) => n + 1);
    setHandle(null);
    // A model nobody has drawn starts from the minimal diagram, which is not stored yet.
    setDirty(fresh);
    setSaveFailed(false);
    setProblems([]);
    setLoadError(null);
  };
  const load = () => api.get(modelId).then(showModel, (e: unknown) => setLoadError(e instanceof Error ? e.message : String(e)));
  const loadOnOpen = useEffectEvent(() => void load());
  useEffect(() => loadOnOpen(), [modelId, tenantId]);

  useEffect(
    () =>
      handle?.onChange(() => {
        edits.current++;
        setDirty(true);
      }),
    [handle],
  );
  const dirtyRef = useRef(dirty);
  useEffect(() => {
    dirtyRef.current = dirty;
  });
  useEffect(() => s.onBeforeClose?.(() => !dirtyRef.current || confirmLeave(s, dialogs), () => dirtyRef.current), [s, dialogs]);

  const loadVersions = async () => {
    setVersionsLoading(true);
    try {
      const page = await api.versions(modelId);
      const rows = page.content ?? [];
      setVersions({ rows, total: page.totalElements ?? rows.length });
      setSelected((cur) => (cur !== null && rows.some((r) => r.versionNumber === cur) ? cur : (rows[0]?.versionNumber ?? null)));
    } catch {
      setVersions({ rows: [], total: 0 });
    } finally {
      setVersionsLoading(false);
    }
  };

  /** Saves the modeler's XML; the saved row, or null (the request layer has shown why). */
  const save = async (): Promise<ProcessModel | null> => {
    if (!model || !handle) return null;
    setSaving(true);
    const editsBefore = edits.current;
    try {
      const xml = await handle.getXml();
      const updated = { ...model, ...(await api.save(model, xml)), xml };
      setModel(updated);
      setDirty(edits.current !== editsBefore);
      setSaveFailed(false);
      return updated;
    } catch {
      setSaveFailed(true);
      return null;
    } finally {
      setSaving(false);
    }
  };

  const deploy = async () => {
    if (!model) return;
    setDeploying(true);
    try {
      if (dirty || !model.xml?.trim()) {
        if (!(await save())) return;
      }
      const v = await api.deploy(model.modelId);
      setProblems([]);
      s.notify.success(t('hwfl.modeler.message.deployed', 'Deployed as version {{version}}', { version: v.versionNumber }));
      setModel((m) => (m ? { ...m, deployedVersion: v.versionNumber } : m));
      // The row's version may have moved with the deploy; the diagram stays as it is.
      void api.get(modelId).then(
        (m) => setModel((cur) => (cur ? { ...cur, deployedVersion: m.deployedVersion ?? cur.deployedVersion, objectVersionNumber: m.objectVersionNumber } : cur)),
        () => undefined,
      );
      setSelected(v.versionNumber);
      void loadVersions();
    } catch (e) {
      if (e instanceof DeployRefused) {
        setProblems(e.problems.length ? e.problems : [{ element: 'definitions', message: e.message }]);
        setTab('diagram');
      }
    } finally {
      setDeploying(false);
    }
  };

  const reload = async () => {
    if (dirty && !(await confirmLeave(s, dialogs, t('hwfl.modeler.confirm.reload', 'Reloading discards your changes to the diagram. Reload anyway?')))) return;
    void load();
  };

  const importFile = async (file: File) => {
    if (!handle) return;
    if (dirty && !(await confirmLeave(s, dialogs, t('hwfl.modeler.confirm.import', 'Importing replaces the diagram and your unsaved changes. Import anyway?')))) return;
    try {
      await handle.importXml(await file.text());
      edits.current++;
      setDirty(true);
      setProblems([]);
      setTab('diagram');
      s.notify.success(t('hwfl.modeler.message.imported', 'Imported {{file}}; save or deploy to keep it', { file: file.name }));
    } catch (e) {
      s.notify.error(`${t('hwfl.modeler.message.importFailed', 'The file could not be imported')}: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`);
    }
  };

  const exportFile = async () => {
    if (!handle || !model) return;
    try {
      const xml = await handle.getXml();
      const url = URL.createObjectURL(new Blob([xml], { type: 'application/xml' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = exportFileName(model.modelKey);
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 0);
    } catch (e) {
      s.notify.error(e instanceof Error ? e.message : String(e));
    }
  };

  const back = (
    <a
      href={listRoute}
      data-testid="hwfl-modeler-back"
      onClick={(e) => {
        e.preventDefault();
        s.navigate(listRoute);
      }}
    >
      ← {t('hwfl.modeler.back', 'Back to process definitions')}
    </a>
  );

  let body;
  if (loadError) body = <Result status="warning" title={t('hwfl.modeler.loadFailed', 'The process model could not be loaded')} subTitle={loadError} extra={<Button onClick={() => void load()}>{t('hzero.common.button.reload', 'Reload')}</Button>} />;
  else if (!model) body = <Spin style={{ display: 'block', margin: 48 }} />;
  else {
    const version = versions?.rows.find((r) => r.versionNumber === selected) ?? null;
    body = (
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
          <Space wrap>
            <b data-testid="hwfl-modeler-name">{model.name}</b>
            <Tag data-testid="hwfl-modeler-key">{model.modelKey}</Tag>
            {model.deployedVersion ? (
              <Tag color="green" data-testid="hwfl-modeler-deployed">
                {t('hwfl.modeler.deployedVersion', 'Deployed v{{version}}', { version: model.deployedVersion })}
              </Tag>
            ) : (
              <Tag data-testid="hwfl-modeler-deployed">{t('hwfl.modeler.notDeployed', 'Not deployed')}</Tag>
            )}
            {dirty && (
              <Tag color="gold" data-testid="hwfl-modeler-dirty">
                {t('hwfl.modeler.unsaved', 'Unsaved changes')}
              </Tag>
            )}
          </Space>
          <Space wrap>
            <input
              ref={fileInput}
              type="file"
              accept=".bpmn,.bpmn20.xml,.xml,application/xml,text/xml"
              hidden
              data-testid="hwfl-modeler-file"
              onChange={(e) => {
                const f = e.target.files?.[0];
                e.target.value = '';
                if (f) void importFile(f);
              }}
            />
            <Button onClick={() => fileInput.current?.click()} disabled={!handle} data-testid="hwfl-modeler-import">
              {t('hwfl.modeler.button.import', 'Import .bpmn')}
            </Button>
            <Button onClick={() => void exportFile()} disabled={!handle} data-testid="hwfl-modeler-export">
              {t('hwfl.modeler.button.export', 'Export .bpmn')}
            </Button>
            <Button
              onClick={() => void save().then((ok) => ok && s.notify.success(t('hwfl.modeler.message.saved', 'Saved')))}
              loading={saving && !deploying}
              disabled={!dirty || !handle || deploying}
              data-testid="hwfl-modeler-save"
            >
              {t('hzero.common.button.save', 'Save')}
            </Button>
            <Button type="primary" onClick={() => void deploy()} loading={deploying} disabled={!handle || saving} data-testid="hwfl-modeler-deploy">
              {t('hwfl.modeler.button.deploy', 'Deploy')}
            </Button>
          </Space>
        </Space>
        {saveFailed && (
          <Alert
            type="warning"
            showIcon
            data-testid="hwfl-modeler-save-failed"
            title={t('hwfl.modeler.saveFailed', 'The model was not saved')}
            description={t('hwfl.modeler.saveFailedHint', 'If someone else changed it meanwhile, reload it to get their version (export your diagram first to keep your changes).')}
            action={
              <Button size="small" onClick={() => void reload()} data-testid="hwfl-modeler-reload">
                {t('hzero.common.button.reload', 'Reload')}
              </Button>
            }
          />
        )}
        <Tabs
          size="small"
          activeKey={tab}
          onChange={(k) => {
            setTab(k as 'diagram' | 'versions');
            if (k === 'versions' && !versions) void loadVersions();
          }}
          items={[
            {
              key: 'diagram',
              label: <span data-testid="hwfl-modeler-tab-diagram">{t('hwfl.modeler.tab.diagram', 'Diagram')}</span>,
              children: (
                <Space orientation="vertical" size={8} style={{ width: '100%' }}>
                  {problems.length > 0 && (
                    <Alert
                      type="error"
                      showIcon
                      data-testid="hwfl-modeler-refused"
                      title={t('hwfl.modeler.problems.title', 'The deploy was refused: {{count}} problem(s)', { count: problems.length })}
                      description={t('hwfl.modeler.problems.hint', 'They are marked in the diagram and listed under it; select one to show its element.')}
                    />
                  )}
                  <div style={{ height: DIAGRAM_HEIGHT }}>
                    <BpmnDiagram key={loadCount} xml={diagramXml} mode="edit" problems={problems} onReady={setHandle} />
                  </div>
                </Space>
              ),
            },
            {
              key: 'versions',
              label: <span data-testid="hwfl-modeler-tab-versions">{t('hwfl.modeler.tab.versions', 'Versions')}</span>,
              children: (
                <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="hwfl-modeler-versions">
                  <Table<ProcessVersion>
                    size="small"
                    rowKey="versionNumber"
                    loading={versionsLoading}
                    dataSource={versions?.rows ?? []}
                    pagination={false}
                    scroll={{ y: 200 }}
                    locale={{ emptyText: <Empty description={t('hwfl.modeler.versions.empty', 'No version deployed yet')} /> }}
                    rowSelection={{ type: 'radio', selectedRowKeys: selected === null ? [] : [selected], onChange: (keys) => setSelected(Number(keys[0])) }}
                    onRow={(r) => ({ onClick: () => setSelected(r.versionNumber), style: { cursor: 'pointer' } })}
                    columns={[
                      { title: t('hwfl.modeler.model.versionNumber', 'Version'), dataIndex: 'versionNumber', width: 90 },
                      { title: t('hwfl.modeler.model.processKey', 'Process key'), dataIndex: 'processKey' },
                      { title: t('hwfl.modeler.model.processName', 'Process name'), dataIndex: 'processName' },
                      { title: t('hwfl.modeler.model.deployTime', 'Deployed at'), dataIndex: 'deployTime', width: 180 },
                      { title: t('hwfl.modeler.model.deployedByName', 'Deployed by'), dataIndex: 'deployedByName', width: 160 },
                    ]}
                  />
                  {versions && versions.total > versions.rows.length && (
                    <Typography.Text type="secondary">{t('hwfl.modeler.versions.more', 'The newest {{shown}} of {{total}} versions', { shown: versions.rows.length, total: versions.total })}</Typography.Text>
                  )}
                  {version ? (
                    <Row gutter={12} data-testid="hwfl-modeler-version" data-version={version.versionNumber}>
                      <Col xs={24} xl={14}>
                        <div style={{ height: VERSION_HEIGHT }}>
                          {version.xml ? <BpmnDiagram xml={version.xml} mode="view" /> : <Empty description={t('hwfl.modeler.versions.noXml', 'No XML stored for this version')} />}
                        </div>
                      </Col>
                      <Col xs={24} xl={10}>
                        <pre
                          tabIndex={0}
                          aria-label={t('hwfl.modeler.versions.xml', 'BPMN XML of version {{version}}', { version: version.versionNumber })}
                          data-testid="hwfl-modeler-version-xml"
                          style={{ height: VERSION_HEIGHT, overflow: 'auto', margin: 0, padding: 8, fontSize: 12, background: 'var(--app-bg-alt)', border: '1px solid var(--app-border)', borderRadius: 6 }}
                        >
                          {version.xml ?? ''}
                        </pre>
                      </Col>
                    </Row>
                  ) : (
                    versions?.rows.length ? <Typography.Text type="secondary">{t('hwfl.modeler.versions.select', 'Select a version to see its diagram and XML')}</Typography.Text> : null
                  )}
                </Space>
              ),
            },
          ]}
        />
      </Space>
    );
  }
  return (
    <div data-screen={screen.route} data-testid="hwfl-modeler">
      <div style={{ marginBottom: 8 }}>{back}</div>
      {body}
    </div>
  );
}
