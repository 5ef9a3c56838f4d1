import { Alert, Card, DatePicker, Space, Table, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import type { EChartsCoreOption } from 'echarts/core';
import { useEffect, useMemo, useState } from 'react';
import { useServices } from '../../../renderer/runtime/services.ts';
import type { Screen } from '../../../renderer/schema/screen.ts';
import { EChart } from '../ops-charts/EChart.tsx';

interface Row {
  interfaceCode: string;
  total: number;
  succeeded: number;
  failed: number;
  running: number;
}

/**
 * Batch statistics (`/sitf/batch-statistic`): batches per interface in a period, succeeded,
 * failed and still running, as a stacked bar chart (ECharts, loaded with this screen) and the
 * same numbers in a table.
 */
export default function SitfBatchStatistics(props: Record<string, unknown>) {
  const { screen } = props as { screen: Screen };
  const s = useServices();
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [rows, setRows] = useState<Row[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const query: Record<string, string> = {};
    if (range?.[0]) query.from = range[0].format('YYYY-MM-DD');
    if (range?.[1]) query.to = range[1].format('YYYY-MM-DD');
    s.request<Row[]>(`/sitf/v1/${s.user.tenantId}/batch-statistics`, { query }).then(setRows, (e: Error) => setError(e.message));
  }, [s, range]);
  const names = {
    succeeded: s.t('sitf.batchStatistic.succeeded', 'Succeeded'),
    failed: s.t('sitf.batchStatistic.failed', 'Failed'),
    running: s.t('sitf.batchStatistic.running', 'Running'),
  };
  const option = useMemo<EChartsCoreOption | null>(
    () =>
      rows && {
        tooltip: { trigger: 'axis' },
        legend: { bottom: 0 },
        grid: { left: 48, right: 24, top: 24, bottom: 64 },
        xAxis: { type: 'category', data: rows.map((r) => r.interfaceCode), axisLabel: { interval: 0, rotate: rows.length > 6 ? 30 : 0 } },
        yAxis: { type: 'value', minInterval: 1 },
        series: (['succeeded', 'failed', 'running'] as const).map((k, i) => ({ name: names[k], type: 'bar', stack: 'all', data: rows.map((r) => r[k]), itemStyle: { color: ['#52c41a', '#f5222d', '#1677ff'][i] } })),
      },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [rows, s],
  );
  return (
    <Card data-screen={screen.route}>
      <Space direction="vertical" style={{ width: '100%' }} size="middle">
        <label>
          <Typography.Text strong>{s.t('sitf.batchStatistic.period', 'Period')} </Typography.Text>
          <DatePicker.RangePicker aria-label={s.t('sitf.batchStatistic.period', 'Period')} value={range} onChange={(v) => setRange(v)} allowEmpty={[true, true]} />
        </label>
        {error && <Alert type="error" showIcon message={error} />}
        <EChart option={option} label={s.t('sitf.batchStatistic.chartLabel', 'Batches per interface by outcome')} testId="sitf-batch-chart" height={360} />
        <Table<Row>
          size="small"
          rowKey="interfaceCode"
          loading={!rows && !error}
          pagination={false}
          dataSource={rows ?? []}
          columns={[
            { title: s.t('sitf.batch.model.interfaceCode', 'Interface code'), dataIndex: 'interfaceCode' },
            { title: s.t('sitf.batchStatistic.total', 'Batches'), dataIndex: 'total', align: 'right' },
            { title: names.succeeded, dataIndex: 'succeeded', align: 'right' },
            { title: names.failed, dataIndex: 'failed', align: 'right' },
            { title: names.running, dataIndex: 'running', align: 'right' },
          ]}
        />
      </Space>
    </Card>
  );
}
