import { Alert, Button, Card, DatePicker, Dropdown, Empty, Form, Input, InputNumber, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { hiddenDownload } from '../../../renderer/actions/hidden-download.ts';
import { useDateSettings } from '../../../renderer/format/use-date-settings.ts';
import { useServices } from '../../../renderer/runtime/services.ts';
import type { Screen } from '../../../renderer/schema/screen.ts';
import { EChart } from '../ops-charts/EChart.tsx';
import { ParamSelect } from './ParamSelect.tsx';
import { PrintPreview } from './PrintPreview.tsx';
import { printView, type PrintView } from './print-view.ts';
import { chartOption, defaultParams, loadReport, type ParamDef, type PrintTemplate, type ReportData, type ReportDef } from './report-api.ts';
import { compareCells, formatCell, type ViewerColumn } from './report-format.ts';

type Row = Record<string, unknown>;

/**
 * Every report screen: `/hrpt/report-query/detail/:id/:name` (the id from the route) and the
 * report-manage screens (`props.reportCode`). The parameter form, the chart (ECharts, loaded with
 * this screen only) and the table with sorting and a totals line, export to .xlsx and a run in
 * the background. The server decides who may run the report and what rows it sees.
 */
export default function ReportViewer(props: Record<string, unknown>) {
  const { screen, params, reportCode } = props as { screen: Screen; params: Record<string, string>; reportCode?: string };
  const s = useServices();
  const dates = useDateSettings();
  const base = s.siteMode ? "/hrpt/v1" : `/hrpt/v1/${s.user.tenantId}`;
  const [def, setDef] = useState<ReportDef | null>(null);
  const [data, setData] = useState<ReportData | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [form] = Form.useForm<Row>();
  const [templates, setTemplates] = useState<PrintTemplate[]>([]);
  const [printing, setPrinting] = useState<{ url: string; view: PrintView } | null>(null);

  useEffect(() => {
    let live = true;
    (async () => {
      const d = await loadReport(s, base, reportCode ?? Number(params?.id));
      if (!live) return;
      setDef(d);
      // Print layouts of this report (none: no Print button); a failure here costs only printing.
      void s.request<PrintTemplate[]>(`${base}/reports/${d.reportId}/print-templates`).then((t) => live && setTemplates(t), () => undefined);
      // The first run, with the parameters' defaults (the form shows the same values).
      const defaults = defaultParams(d);
      setLoading(true);
      const first = await s.request<ReportData>(`${base}/reports/${d.reportId}/data`, { method: 'POST', body: { params: defaults } }).finally(() => live && setLoading(false));
      if (live) setData(first);
    })().catch((e: Error) => live && setError(e.message));
    return () => {
      live = false;
    };
  }, [s, base, params?.id, reportCode]);

  const values = useCallback((): Row => {
    const v = form.getFieldsValue();
    const out: Row = {};
    for (const p of def?.params ?? []) {
      const x = v[p.name];
      if (x === undefined || x === null || x === '') continue;
      out[p.name] = dayjs.isDayjs(x) ? (x as Dayjs).format('YYYY-MM-DD') : String(x);
    }
    return out;
  }, [form, def]);

  // The button keeps its colours while a query runs (a disabled or loading primary button fails the
  // contrast check); a second press during a run is ignored here, the table shows the progress.
  const run = useCallback(async () => {
    if (!def || loading) return;
    try {
      await form.validateFields();
    } catch {
      return;
    }
    setLoading(true);
    setError(null);
    try {
      setData(await s.request<ReportData>(`${base}/reports/${def.reportId}/data`, { method: 'POST', body: { params: values() } }));
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setLoading(false);
    }
  }, [def, loading, form, s, base, values]);

  const caption = useCallback((c: ViewerColumn) => (c.text ? s.t(c.text, c.text) : c.name), [s]);
  const shown = useMemo(() => (data?.columns ?? []).filter((c) => !c.hidden), [data]);

  const option = useMemo(() => (data && def ? chartOption(def, data, shown, caption) : null), [data, def, shown, caption]);

  const columns: ColumnsType<Row> = shown.map((c) => ({
    key: c.name,
    dataIndex: c.name,
    title: caption(c),
    align: c.dataType === 'number' ? 'right' : 'left',
    sorter: (a: Row, b: Row) => compareCells(a[c.name], b[c.name], c.dataType === 'number'),
    render: (v: unknown) => formatCell(v, c, dates),
  }));

  const exportFile = () => {
    if (!def) return;
    hiddenDownload(`${base}/reports/${def.reportId}/export`, { params: JSON.stringify(values()), access_token: s.accessToken() ?? '' });
  };
  const background = async () => {
    if (!def) return;
    try {
      await s.request(`${base}/reports/${def.reportId}/concurrent-request`, { method: 'POST', body: { params: values() } });
      s.notify.success(s.t('hrpt.viewer.queued', 'The report runs in the background: see Report requests'));
    } catch (e) {
      setError((e as Error).message);
    }
  };

  const title = def ? s.t(def.reportName, def.reportName) : '';
  const print = (t: PrintTemplate) => {
    if (!def || !data) return;
    const given = values();
    const view = printView({
      report: { code: def.reportCode, name: title },
      columns: shown,
      rows: data.rows,
      totals: data.totals,
      caption,
      format: (v, c) => formatCell(v, c, dates),
      params: def.params.filter((p) => given[p.name] !== undefined).map((p) => ({ name: s.t(p.text ?? p.name, p.name), value: String(given[p.name]) })),
      printedBy: s.user.loginName,
      printedAt: dayjs().format('YYYY-MM-DD HH:mm'),
      totalLabel: s.t('hrpt.viewer.total', 'Total'),
    });
    setPrinting({ url: `${base}/reports/${def.reportId}/print-templates/${t.templateId}`, view });
  };
  return (
    <Card data-screen={screen.route} title={title || undefined}>
      <Space orientation="vertical" style={{ width: '100%' }} size="middle">
        {error && <Alert type="error" showIcon title={error} data-testid="hrpt-error" />}
        {def && (
          <Form form={form} layout="inline" initialValues={Object.fromEntries(def.params.map((p) => [p.name, initial(p)]))} onFinish={() => void run()}>
            {def.params.map((p) => (
              <Form.Item key={p.name} name={p.name} label={s.t(p.text ?? p.name, p.name)} rules={[{ required: p.isRequired === true || Number(p.isRequired) === 1 }]}>
                {p.lovCode ? <ParamSelect name={p.name} lovCode={p.lovCode} label={s.t(p.text ?? p.name, p.name)} /> : p.dataType === 'date' ? <DatePicker aria-label={s.t(p.text ?? p.name, p.name)} /> : p.dataType === 'string' ? <Input aria-label={s.t(p.text ?? p.name, p.name)} allowClear /> : <InputNumber aria-label={s.t(p.text ?? p.name, p.name)} precision={p.dataType === 'integer' ? 0 : undefined} stringMode />}
              </Form.Item>
            ))}
            <Form.Item>
              <Space>
                <Button type="primary" htmlType="submit" data-testid="hrpt-run">
                  {s.t('hrpt.viewer.run', 'Query')}
                </Button>
                <Button onClick={exportFile} data-testid="hrpt-export">
                  {s.t('hrpt.viewer.export', 'Export .xlsx')}
                </Button>
                <Button onClick={() => void background()} data-testid="hrpt-background">
                  {s.t('hrpt.viewer.background', 'Run in background')}
                </Button>
                {templates.length === 1 && (
                  <Button onClick={() => print(templates[0]!)} disabled={!data} data-testid="hrpt-print">
                    {s.t('hrpt.viewer.print', 'Print')}
                  </Button>
                )}
                {templates.length > 1 && (
                  <Dropdown disabled={!data} menu={{ items: templates.map((t) => ({ key: String(t.templateId), label: t.templateName })), onClick: ({ key }) => print(templates.find((t) => String(t.templateId) === key)!) }}>
                    <Button data-testid="hrpt-print">{s.t('hrpt.viewer.print', 'Print')}</Button>
                  </Dropdown>
                )}
              </Space>
            </Form.Item>
          </Form>
        )}
        {data && option && def?.chartType && <EChart option={option} label={s.t('hrpt.viewer.chart', 'Chart of {{name}}', { name: title })} testId="hrpt-chart" height={340} />}
        {data && data.truncated && <Alert type="warning" showIcon title={s.t('hrpt.viewer.truncated', 'Only the first rows are shown; export or run in the background for all')} />}
        <Table<Row>
          size="small"
          data-testid="hrpt-table"
          rowKey={(r) => data?.rows.indexOf(r) ?? 0}
          loading={loading || (!data && !error)}
          columns={columns}
          dataSource={data?.rows ?? []}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          scroll={{ x: true }}
          locale={{ emptyText: <Empty description={s.t('hrpt.viewer.noRows', 'No rows')} /> }}
          summary={() =>
            data && Object.keys(data.totals).length ? (
              <Table.Summary.Row data-testid="hrpt-totals">
                {shown.map((c, i) => (
                  <Table.Summary.Cell key={c.name} index={i} align={c.dataType === 'number' ? 'right' : 'left'}>
                    <Typography.Text strong>{c.name in data.totals ? formatCell(data.totals[c.name], c, dates) : i === 0 ? s.t('hrpt.viewer.total', 'Total') : ''}</Typography.Text>
                  </Table.Summary.Cell>
                ))}
              </Table.Summary.Row>
            ) : null
          }
        />
      </Space>
      {printing && <PrintPreview url={printing.url} view={printing.view} title={title} onClose={() => setPrinting(null)} />}
    </Card>
  );
}

function initial(p: ParamDef): unknown {
  if (p.defaultValue === undefined || p.defaultValue === null || p.defaultValue === '') return undefined;
  return p.dataType === 'date' ? dayjs(p.defaultValue) : p.defaultValue;
}
