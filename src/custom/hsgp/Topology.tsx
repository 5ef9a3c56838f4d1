import { Alert, Card, Space, Table, Tag, Typography } from 'antd';
import type { EChartsCoreOption } from 'echarts/core';
import { useEffect, useMemo, useState } from 'react';
import { useServices } from '../../../renderer/runtime/services.ts';
import type { Screen } from '../../../renderer/schema/screen.ts';
import { STATUS_MAPS } from '../../../renderer/schema/types/status-maps.ts';
import { EChart } from '../ops-charts/EChart.tsx';

interface Node {
  serviceCode: string;
  serviceName: string | null;
  serviceVersionNumber: string | null;
  external: boolean;
  health: 1 | -1 | 0;
}
interface Topology {
  nodes: Node[];
  links: Array<{ source: string; target: string; relyType: string | null }>;
}

const COLOURS: Record<string, string> = { green: '#52c41a', red: '#f5222d', default: '#8c8c8c' };

/**
 * The dependency graph of a product version's services (`/hsgp/product-service/topology/...`):
 * one node per service coloured by §4's health mapping, an arrow per dependency (dashed when weak),
 * services outside the version drawn hollow. The table below lists the same facts for keyboard
 * and screen-reader users.
 */
export default function HsgpTopology(props: Record<string, unknown>) {
  const { params, screen } = props as { params: Record<string, string>; screen: Screen };
  const s = useServices();
  const [data, setData] = useState<Topology | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    s.request<Topology>(`/hsgp/v1/product-services/${params.productId}/${params.productVersionId}/topology`).then(setData, (e: Error) => setError(e.message));
  }, [s, params.productId, params.productVersionId]);

  const health = (v: number) => STATUS_MAPS.health(v);
  const categories = [1, -1, 0].map((v) => ({ name: s.t(health(v).key, health(v).text), itemStyle: { color: COLOURS[health(v).color] } }));
  const option = useMemo<EChartsCoreOption | null>(() => {
    if (!data) return null;
    return {
      tooltip: {},
      legend: [{ data: categories.map((c) => c.name), bottom: 0 }],
      series: [
        {
          type: 'graph',
          layout: 'force',
          roam: true,
          draggable: true,
          force: { repulsion: 320, edgeLength: 140 },
          edgeSymbol: ['none', 'arrow'],
          edgeSymbolSize: 9,
          label: { show: true, position: 'bottom' },
          categories,
          data: data.nodes.map((n) => ({
            id: n.serviceCode,
            name: n.serviceCode,
            category: [1, -1, 0].indexOf(n.health === 1 || n.health === -1 ? n.health : 0),
            symbolSize: n.external ? 26 : 40,
            itemStyle: n.external ? { color: '#fff', borderWidth: 2, borderColor: COLOURS[health(n.health).color] } : undefined,
            value: n.serviceName ?? n.serviceCode,
          })),
          links: data.links.map((l) => ({ source: l.source, target: l.target, lineStyle: { type: l.relyType === 'WEAK' ? 'dashed' : 'solid', width: 1.5, curveness: 0.1 } })),
        },
      ],
    };
    // categories derive from the language only
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data, s]);

  return (
    <Card data-screen={screen.route} title={`${params.productName ?? ''} ${params.versionName ?? ''} · ${s.t('hsgp.topology.title', 'Service topology')}`}>
      <Space direction="vertical" style={{ width: '100%' }} size="middle">
        {error && <Alert type="error" showIcon message={error} />}
        <EChart option={option} label={s.t('hsgp.topology.chartLabel', 'Dependency graph of the services')} testId="hsgp-topology" height={460} />
        <Typography.Text type="secondary">{s.t('hsgp.topology.healthHelp', 'Health is checked for real only for services whose health path is on this server itself; the others are not monitored.')}</Typography.Text>
        <Table<Node>
          size="small"
          rowKey="serviceCode"
          loading={!data && !error}
          pagination={false}
          dataSource={data?.nodes ?? []}
          columns={[
            { title: s.t('hsgp.service.model.serviceCode', 'Service code'), dataIndex: 'serviceCode' },
            { title: s.t('hsgp.service.model.serviceName', 'Service name'), dataIndex: 'serviceName' },
            { title: s.t('hsgp.productService.model.serviceVersionNumber', 'Service version'), dataIndex: 'serviceVersionNumber', render: (v: string | null, n) => v ?? (n.external ? s.t('hsgp.topology.external', 'Outside this version') : '') },
            { title: s.t('hsgp.topology.health', 'Health'), dataIndex: 'health', render: (v: number) => <Tag color={health(v).color}>{s.t(health(v).key, health(v).text)}</Tag> },
            {
              title: s.t('hsgp.topology.dependsOn', 'Depends on'),
              key: 'links',
              render: (_: unknown, n) =>
                data!.links
                  .filter((l) => l.source === n.serviceCode)
                  .map((l) => `${l.target}${l.relyType === 'WEAK' ? ` (${s.t('hsgp.topology.weak', 'weak')})` : ''}`)
                  .join(', '),
            },
          ]}
        />
      </Space>
    </Card>
  );
}
