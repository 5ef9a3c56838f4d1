import { Alert, Button, Form, Input, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useServices } from '../../../renderer/runtime/services.ts';

type Row = Record<string, unknown>;
interface Result {
  columns: Array<{ name: string; dataType: string }>;
  rows: Row[];
  truncated: boolean;
}

/** The declared parameters of a data set's `paramDefs` text; an unreadable text shows none (the save names the mistake). */
function declared(text: unknown): Array<{ name: string; dataType: string }> {
  try {
    const v = JSON.parse(String(text ?? '[]')) as unknown;
    return Array.isArray(v) ? v.filter((x): x is { name: string; dataType: string } => !!x && typeof x === 'object' && typeof (x as Row).name === 'string') : [];
  } catch {
    return [];
  }
}

/** A data set's preview: parameter values, then the server's answer (first 100 rows) or its refusal. */
export function DataSetPreview({ record }: { record: Row }) {
  const s = useServices();
  const params = declared(record.paramDefs);
  const [values, setValues] = useState<Record<string, string>>({});
  const [result, setResult] = useState<Result | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const url = s.siteMode ? '/hrpt/v1/datasets/preview-sql' : `/hrpt/v1/${s.user.tenantId}/datasets/preview-sql`;
      setResult(await s.request<Result>(url, { method: 'POST', body: { sqlText: record.sqlText, paramDefs: record.paramDefs ?? null, params: values, tenantId: record.tenantId ?? null }, silent: true }));
    } catch (e) {
      setResult(null);
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Form layout="inline" onFinish={() => void run()}>
        {params.map((p) => (
          <Form.Item key={p.name} label={`${p.name} (${p.dataType})`}>
            <Input aria-label={p.name} value={values[p.name] ?? ''} onChange={(e) => setValues({ ...values, [p.name]: e.target.value })} />
          </Form.Item>
        ))}
        <Form.Item>
          <Button type="primary" htmlType="submit" data-testid="hrpt-preview-run">
            {s.t('hrpt.dataset.action.run', 'Run')}
          </Button>
        </Form.Item>
      </Form>
      {error && <Alert type="error" showIcon title={error} data-testid="hrpt-preview-error" />}
      {result && (
        <>
          <Typography.Text>{s.t('hrpt.dataset.columnsFound', 'Columns found')}: {result.columns.map((c) => `${c.name} (${c.dataType})`).join(', ')}</Typography.Text>
          <Table<Row>
            size="small"
            rowKey={(r) => result.rows.indexOf(r)}
            dataSource={result.rows}
            columns={result.columns.map((c) => ({ key: c.name, dataIndex: c.name, title: c.name, align: c.dataType === 'number' ? 'right' : 'left', render: (v: unknown) => (v === null || v === undefined ? '' : String(v)) }))}
            pagination={{ pageSize: 10, hideOnSinglePage: true }}
            scroll={{ x: true }}
          />
        </>
      )}
    </Space>
  );
}
