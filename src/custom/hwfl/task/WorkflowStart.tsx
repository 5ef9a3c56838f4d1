import { Button, Card, Form, Input, Select } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useServices } from '../../../../renderer/runtime/services.ts';
import type { Screen } from '../../../../renderer/schema/screen.ts';
import { workflowApi } from './workflow-api.ts';

/**
 * Starts a deployed process by hand, without a document: its data (JSON) is the `record` the
 * conditions and approver expressions read. Then opens the new instance.
 */
export default function WorkflowStart(props: Record<string, unknown>) {
  const { detailRoute, screen } = props as { detailRoute: string; screen: Screen };
  const s = useServices();
  const api = useMemo(() => workflowApi(s), [s]);
  const [keys, setKeys] = useState<Array<{ value: string; label: string }>>([]);
  const [processKey, setProcessKey] = useState<string | undefined>();
  const [description, setDescription] = useState('');
  const [data, setData] = useState('{\n  "amount": 1000\n}');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    void api.definitions().then((r) => {
      const latest = new Map<string, string>();
      for (const d of r.content) if (!latest.has(d.processKey)) latest.set(d.processKey, `${d.processName} (${d.processKey} v${d.versionNumber})`);
      setKeys([...latest].map(([value, label]) => ({ value, label })));
    });
  }, [api]);
  const start = async () => {
    let variables: Record<string, unknown>;
    try {
      variables = JSON.parse(data) as Record<string, unknown>;
    } catch {
      return s.notify.error(s.t('hwfl.start.badJson', 'The data is not valid JSON'));
    }
    setBusy(true);
    try {
      const r = await api.start({ processKey: processKey!, description, variables });
      s.navigate(detailRoute.replace('{instanceId}', String(r.instanceId)));
    } catch {
      /* told by the request layer */
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card size="small" data-testid="wfl-start" data-screen={screen.route}>
      <Form layout="vertical" style={{ maxWidth: 640 }}>
        <Form.Item label={s.t('hwfl.start.process', 'Process')} required htmlFor="wfl-start-process">
          <Select id="wfl-start-process" value={processKey} onChange={setProcessKey} options={keys} />
        </Form.Item>
        <Form.Item label={s.t('hwfl.start.description', 'Subject')} required htmlFor="wfl-start-description">
          <Input id="wfl-start-description" value={description} maxLength={480} onChange={(e) => setDescription(e.target.value)} />
        </Form.Item>
        <Form.Item label={s.t('hwfl.start.variables', 'Data the conditions read')} htmlFor="wfl-start-data">
          <Input.TextArea id="wfl-start-data" rows={6} value={data} onChange={(e) => setData(e.target.value)} style={{ fontFamily: 'monospace' }} />
        </Form.Item>
        <Button type="primary" disabled={!processKey || !description.trim()} loading={busy} onClick={() => void start()} data-testid="wfl-start-submit">
          {s.t('hwfl.start.submit', 'Start')}
        </Button>
      </Form>
    </Card>
  );
}
