import { Alert, Button, Card, Col, Input, Row, Select, Space, Tag, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useServices } from '../../../renderer/runtime/services.ts';
import type { Screen } from '../../../renderer/schema/screen.ts';
import { HttpStatusError } from '../../request/errors.ts';
import { CodeEditor } from '../ui-page/CodeEditor.tsx';
import type { EditorMark } from '../ui-page/codemirror-setup.ts';
import { DiffView } from '../ui-page/DiffView.tsx';

interface Config {
  serviceConfigId: number;
  serviceCode: string;
  configVersion: string;
  defaultFlag: number;
  configYaml: string;
  objectVersionNumber: number;
}

const BASE = '/hsgp/v1/service-configs';

/** The editor mark of the server's "at line N, column C" (the YAML check names where it failed). */
function markOf(text: string, msg: string): EditorMark[] {
  const m = /at line (\d+), column (\d+)/.exec(msg);
  if (!m) return [];
  const lines = text.split('\n');
  const line = Math.min(Number(m[1]), lines.length);
  const from = lines.slice(0, line - 1).reduce((n, l) => n + l.length + 1, 0);
  return [{ from, to: from + (lines[line - 1]?.length ?? 0), severity: 'error', message: msg }];
}

/**
 * Service configuration (`/hsgp/service-config`): a service's configuration versions as YAML in a
 * code editor. Saving goes to the server, which refuses YAML that does not parse and names the
 * line (marked in the editor); a version can be compared with another (line diff), saved as a new
 * version, or made the service's default. Records only: no running service is reconfigured.
 */
export default function HsgpServiceConfig(props: Record<string, unknown>) {
  const { screen } = props as { screen: Screen };
  const s = useServices();
  const [all, setAll] = useState<Config[]>([]);
  const [service, setService] = useState<string>();
  const [currentId, setCurrentId] = useState<number>();
  const [compareId, setCompareId] = useState<number>();
  const [text, setText] = useState('');
  const [revision, setRevision] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const [newVersion, setNewVersion] = useState('');
  const [busy, setBusy] = useState(false);
  const mayEdit = s.can(['hsgp.service-config.button.edit']) !== false;

  const load = useCallback(
    (select?: number) =>
      s.request<{ content: Config[] }>(BASE, { query: { size: 500, sort: 'serviceCode,asc' } }).then((page) => {
      setAll(page.content);
      const pick = page.content.find((c) => c.serviceConfigId === select) ?? page.content.find((c) => c.defaultFlag === 1) ?? page.content[0];
      if (pick) {
        setService(pick.serviceCode);
        setCurrentId(pick.serviceConfigId);
        setText(pick.configYaml);
        setRevision((r) => r + 1);
      }
    }),
    [s],
  );
  useEffect(() => {
    void load();
  }, [load]);

  const services = useMemo(() => [...new Set(all.map((c) => c.serviceCode))], [all]);
  const versions = all.filter((c) => c.serviceCode === service);
  const current = all.find((c) => c.serviceConfigId === currentId);
  const other = all.find((c) => c.serviceConfigId === compareId);
  const open = (c: Config | undefined) => {
    if (!c) return;
    setCurrentId(c.serviceConfigId);
    setCompareId(undefined);
    setText(c.configYaml);
    setRevision((r) => r + 1);
    setProblem(null);
  };

  const call = async (fn: () => Promise<Config>, done: string) => {
    setBusy(true);
    setProblem(null);
    try {
      const saved = await fn();
      s.notify.success(done);
      await load(saved.serviceConfigId);
    } catch (e) {
      setProblem(e instanceof HttpStatusError ? e.message : String((e as Error).message));
    } finally {
      setBusy(false);
    }
  };
  const save = () => current && call(() => s.request<Config>(BASE, { method: 'PUT', body: { ...current, configYaml: text }, silent: true }), s.t('hzero.common.notification.success.save', 'Saved'));
  const saveAs = () =>
    service &&
    call(() => s.request<Config>(BASE, { method: 'POST', body: { serviceCode: service, configVersion: newVersion.trim(), configYaml: text, defaultFlag: 0 }, silent: true }), s.t('hzero.common.notification.success.save', 'Saved'));
  const makeDefault = () => current && call(() => s.request<Config>(`${BASE}/${current.serviceConfigId}/set-default`, { method: 'POST', silent: true }), s.t('hsgp.serviceConfig.defaultSet', 'This version is now the default'));

  return (
    <Card data-screen={screen.route} data-testid="hsgp-service-config">
      <Space direction="vertical" style={{ width: '100%' }} size="middle">
        <Space wrap>
          <label>
            <Typography.Text strong>{s.t('hsgp.serviceConfig.model.serviceCode', 'Service')} </Typography.Text>
            <Select aria-label={s.t('hsgp.serviceConfig.model.serviceCode', 'Service')} style={{ width: 220 }} value={service} options={services.map((v) => ({ value: v, label: v }))} onChange={(v: string) => { setService(v); open(all.find((c) => c.serviceCode === v && c.defaultFlag === 1) ?? all.find((c) => c.serviceCode === v)); }} />
          </label>
          <label>
            <Typography.Text strong>{s.t('hsgp.serviceConfig.model.configVersion', 'Configuration version')} </Typography.Text>
            <Select
              aria-label={s.t('hsgp.serviceConfig.model.configVersion', 'Configuration version')}
              data-testid="hsgp-config-version"
              style={{ width: 200 }}
              value={currentId}
              options={versions.map((c) => ({ value: c.serviceConfigId, label: `${c.configVersion}${c.defaultFlag === 1 ? ` (${s.t('hsgp.serviceConfig.model.defaultFlag', 'Default')})` : ''}` }))}
              onChange={(id: number) => open(all.find((c) => c.serviceConfigId === id))}
            />
          </label>
          {current?.defaultFlag === 1 && <Tag color="green">{s.t('hsgp.serviceConfig.model.defaultFlag', 'Default')}</Tag>}
          <label>
            <Typography.Text strong>{s.t('hsgp.serviceConfig.compare', 'Compare with')} </Typography.Text>
            <Select
              aria-label={s.t('hsgp.serviceConfig.compare', 'Compare with')}
              allowClear
              style={{ width: 200 }}
              value={compareId}
              options={versions.filter((c) => c.serviceConfigId !== currentId).map((c) => ({ value: c.serviceConfigId, label: c.configVersion }))}
              onChange={(id?: number) => setCompareId(id)}
            />
          </label>
        </Space>
        {problem && <Alert type="error" showIcon data-testid="hsgp-config-problem" message={problem} />}
        <Row gutter={16}>
          <Col span={other ? 12 : 24}>
            <CodeEditor text={text} revision={revision} language="text" readOnly={!mayEdit} label={s.t('hsgp.serviceConfig.model.configYaml', 'Configuration (YAML)')} marks={problem ? markOf(text, problem) : []} onChange={setText} onSave={() => void save()} height={420} testId="hsgp-config-editor" />
          </Col>
          {other && (
            <Col span={12}>
              <Typography.Text type="secondary">{s.t('hsgp.serviceConfig.diffHelp', '- lines of {{version}}, + lines of the text in the editor', { version: other.configVersion })}</Typography.Text>
              <DiffView before={other.configYaml} after={text} />
            </Col>
          )}
        </Row>
        {mayEdit && (
          <Space wrap>
            <Button type="primary" loading={busy} disabled={!current} onClick={() => void save()} data-testid="hsgp-config-save">
              {s.t('hzero.common.button.save', 'Save')}
            </Button>
            <Button disabled={!current || current.defaultFlag === 1} onClick={() => void makeDefault()}>
              {s.t('hcnf.config.action.setDefault', 'Make default')}
            </Button>
            <Input aria-label={s.t('hsgp.serviceConfig.newVersion', 'New version number')} placeholder={s.t('hsgp.serviceConfig.newVersion', 'New version number')} style={{ width: 180 }} value={newVersion} onChange={(e) => setNewVersion(e.target.value)} />
            <Button disabled={!newVersion.trim() || !service} onClick={() => void saveAs()}>
              {s.t('hsgp.serviceConfig.saveAs', 'Save as new version')}
            </Button>
          </Space>
        )}
      </Space>
    </Card>
  );
}
