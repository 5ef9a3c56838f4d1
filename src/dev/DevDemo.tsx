import { Card, Col, Form, Row, Select, Space, Table, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { screens } from 'virtual:screen-manifest';
import { ActionButton } from '../../renderer/actions/ActionButton.tsx';
import { RendererContext, useServices } from '../../renderer/runtime/services.ts';
import type { RendererServices } from '../../renderer/contracts/services.ts';
import { ScreenHost } from '../../renderer/ScreenHost.tsx';
import type { EntityDecl } from '../../renderer/schema/entity.ts';
import type { ActionBase, Screen } from '../../renderer/schema/screen.ts';
import { ACTION_TYPES } from '../../renderer/schema/types/actions.ts';
import { CELL_TYPES } from '../../renderer/schema/types/cells.ts';
import { PAGE_KINDS } from '../../renderer/schema/types/page-kinds.ts';
import { WIDGET_TYPES } from '../../renderer/schema/types/widgets.ts';
import { LiveCell, LiveWidget, SampleBoundary } from './LiveWidget.tsx';
import { SiteOnly } from './SiteOnly.tsx';

/** One field per kind of widget and cell, the way an entity declares them; value sets and LOVs are the server's. */
const GALLERY: EntityDecl = {
  version: 1,
  name: 'devGallery',
  table: 'dev_gallery',
  primaryKey: 'id',
  tenantScoped: false,
  paths: { site: '/dev/gallery' },
  status: { field: 'statusCode', initial: 'NEW', transitions: { release: { from: ['NEW'], to: 'RELEASED' } } },
  fields: [
    { name: 'id', type: 'integer', readOnly: true },
    { name: 'name', type: 'string', label: 'dev.demo.field.name', maxLength: 60 },
    { name: 'notes', type: 'text', label: 'dev.demo.field.notes' },
    { name: 'quantity', type: 'number', label: 'dev.demo.field.quantity', precision: 2 },
    { name: 'amount', type: 'money', label: 'dev.demo.field.amount' },
    { name: 'rate', type: 'percent', label: 'dev.demo.field.rate' },
    { name: 'day', type: 'date', label: 'dev.demo.field.day' },
    { name: 'moment', type: 'datetime', label: 'dev.demo.field.moment' },
    { name: 'clock', type: 'time', label: 'dev.demo.field.clock' },
    { name: 'enabled', type: 'flag', label: 'dev.demo.field.enabled' },
    { name: 'active', type: 'yn', label: 'dev.demo.field.active' },
    { name: 'bankType', type: 'string', label: 'dev.bank.field.bankType', lov: 'HPFM.BANK.TYPE' },
    { name: 'bankId', type: 'integer', label: 'dev.bank.field.bank', lovView: 'HPFM.BANK' },
    { name: 'config', type: 'json', label: 'dev.demo.field.config' },
    { name: 'body', type: 'richtext', label: 'dev.demo.field.body' },
    { name: 'files', type: 'attachment', label: 'dev.demo.field.files' },
    { name: 'secret', type: 'string', label: 'dev.demo.field.secret' },
    { name: 'region', type: 'string', label: 'dev.bank.field.region' },
    { name: 'statusCode', type: 'string', label: 'dev.demo.field.status' },
  ],
};
const WIDGET_FIELD: Record<string, string> = { input: 'name', textarea: 'notes', number: 'quantity', money: 'amount', percent: 'rate', date: 'day', datetime: 'moment', time: 'clock', switch: 'enabled', yn: 'active', select: 'bankType', lov: 'bankId', json: 'config', richtext: 'body', attachment: 'files', dateRange: 'day', password: 'secret', region: 'region' };
const CELL_FIELD: Record<string, string> = { text: 'name', number: 'quantity', money: 'amount', percent: 'rate', lov: 'bankType', flag: 'enabled', status: 'statusCode', link: 'name', richtext: 'body', json: 'config', password: 'secret' };
const SAMPLE_ROW = { id: 1, name: 'Demo record', notes: 'Two lines\nof notes', quantity: 1234.5, amount: 61286.7, rate: 13, enabled: 1, active: 'Y', statusCode: 'NEW', body: '<p>Rich <b>text</b></p>', config: { currency: 'CNY' }, secret: 'not shown' };
/** What each action type needs to run at all (its required properties), for the dry run. */
const ACTION_SAMPLES: Record<string, Partial<ActionBase>> = { navigate: { to: '/hpfm/bank' }, request: { url: '/dev/gallery/{id}/ping', method: 'POST' }, transition: { action: 'release' }, download: { url: '/dev/gallery/{id}/file' }, custom: { handler: 'copyField', field: 'name' }, modal: { screen: 'hpfm/bank.list.json' } };

const describe = (table: Record<string, { description?: string }>, type: string) => table[type]?.description ?? '';

/**
 * The live gallery of the renderer's registry (§2.1 /test/demo): every page kind, field widget, cell
 * and action registered, as the stories show them but inside the app, with its real server, texts,
 * theme and permissions. Built from the registry, so a new type shows here without a line written.
 */
export default function DevDemo(props: Record<string, unknown>) {
  const { screen } = props as { screen: Screen };
  const s = useServices();
  const r = s.registries;
  const [record, setRecord] = useState<Record<string, unknown>>({ ...SAMPLE_ROW });
  const set = (name: string, value: unknown) => setRecord((x) => ({ ...x, [name]: value }));
  const examples = useMemo(() => {
    const byKind = new Map<string, (typeof screens)[number]>();
    // Platform screens first (their demo data serves the site administrator who opens this page),
    // so a business module added later does not become the example by sorting before them.
    const ordered = [...screens].sort((a, b) => Number(!a.file.startsWith('hpfm/')) - Number(!b.file.startsWith('hpfm/')));
    for (const e of ordered) if (!byKind.has(e.kind) && e.routes.some((x) => !x.includes(':') && !x.startsWith('/pub/') && !x.startsWith('/test/'))) byKind.set(e.kind, e);
    return byKind;
  }, []);
  const [kind, setKind] = useState('list');
  const example = examples.get(kind);
  const exampleRoute = example?.routes.find((x) => !x.includes(':'));
  // The dry run: actions run for real, but their server calls and navigation are recorded, not made.
  const [calls, setCalls] = useState<string[]>([]);
  const dry = useMemo<RendererServices>(
    () => ({
      ...s,
      request: async (url, opts) => {
        setCalls((c) => [...c.slice(-9), `${opts?.method ?? 'GET'} ${url}`]);
        return {} as never;
      },
      navigate: (path) => setCalls((c) => [...c.slice(-9), `navigate ${path}`]),
    }),
    [s],
  );
  const h2 = { fontSize: 18, marginTop: 16 };
  return (
    <SiteOnly route={screen.route!}>
      <div data-screen={screen.route} data-testid="dev-demo">
        <Typography.Paragraph>{s.t('dev.demo.intro', 'Every page kind, field widget, cell and action of the renderer registry, live, with the server’s data.')}</Typography.Paragraph>

        <Typography.Title level={2} style={h2}>
          {s.t('dev.demo.pageKinds', 'Page kinds')} ({r.pageKinds.types().length})
        </Typography.Title>
        <Table
          size="small"
          pagination={false}
          rowKey="kind"
          data-testid="dev-page-kinds"
          dataSource={r.pageKinds.types().map((k) => ({ kind: k, description: describe(PAGE_KINDS, k), example: examples.get(k)?.routes.find((x) => !x.includes(':')) }))}
          columns={[
            { title: s.t('dev.demo.type', 'Type'), dataIndex: 'kind', render: (k: string) => <Typography.Text code>{k}</Typography.Text> },
            { title: s.t('dev.demo.description', 'Description'), dataIndex: 'description' },
            { title: s.t('dev.demo.example', 'Example'), dataIndex: 'example', render: (x?: string) => x ?? '—' },
          ]}
        />
        <Form layout="inline" style={{ margin: '12px 0' }}>
          <Form.Item label={s.t('dev.demo.showKind', 'Show a live example of')} htmlFor="dev-kind">
            <Select id="dev-kind" value={kind} onChange={setKind} style={{ width: 200 }} options={[...examples.keys()].map((k) => ({ value: k, label: k }))} />
          </Form.Item>
        </Form>
        {example && exampleRoute && (
          <Card size="small" title={exampleRoute} data-testid="dev-kind-example">
            <SampleBoundary>
              <ScreenHost key={example.file} file={example.file} load={example.load} params={{}} route={exampleRoute} />
            </SampleBoundary>
          </Card>
        )}

        <Typography.Title level={2} style={h2}>
          {s.t('dev.demo.widgets', 'Field widgets')} ({r.fieldWidgets.types().length})
        </Typography.Title>
        <Form layout="vertical">
          <Row gutter={16} data-testid="dev-widgets">
            {r.fieldWidgets.types().map((w) => (
              <Col span={8} key={w} data-widget={w}>
                <Typography.Text code>{w}</Typography.Text> <Typography.Text type="secondary">{describe(WIDGET_TYPES, w)}</Typography.Text>
                <SampleBoundary>
                  <LiveWidget entity={GALLERY} field={WIDGET_FIELD[w] ?? 'name'} widget={w} record={record} set={set} />
                </SampleBoundary>
              </Col>
            ))}
          </Row>
        </Form>

        <Typography.Title level={2} style={h2}>
          {s.t('dev.demo.cells', 'Cells')} ({r.cellRenderers.types().length})
        </Typography.Title>
        <Table
          size="small"
          pagination={false}
          rowKey="cell"
          data-testid="dev-cells"
          dataSource={r.cellRenderers.types().map((c) => ({ cell: c, description: describe(CELL_TYPES, c) }))}
          columns={[
            { title: s.t('dev.demo.type', 'Type'), dataIndex: 'cell', render: (c: string) => <Typography.Text code>{c}</Typography.Text> },
            { title: s.t('dev.demo.description', 'Description'), dataIndex: 'description' },
            {
              title: s.t('dev.demo.rendered', 'Rendered'),
              render: (_v, { cell }: { cell: string }) => (
                <SampleBoundary>
                  <LiveCell entity={GALLERY} field={CELL_FIELD[cell] ?? 'name'} cell={cell} row={record} />
                </SampleBoundary>
              ),
            },
          ]}
        />

        <Typography.Title level={2} style={h2}>
          {s.t('dev.demo.actions', 'Actions')} ({r.actionTypes.types().length})
        </Typography.Title>
        <Typography.Paragraph>{s.t('dev.demo.dryRun', 'Each button runs its action on the sample record; server calls and navigation are listed instead of made.')}</Typography.Paragraph>
        <RendererContext.Provider value={dry}>
          <Space wrap data-testid="dev-actions">
            {r.actionTypes.types().map((type) => (
              <span key={type} title={describe(ACTION_TYPES, type)}>
                <ActionButton action={{ type, label: type, ...ACTION_SAMPLES[type] } as ActionBase} scope={{ record, user: s.user, route: {} }} context={() => ({ entity: GALLERY, record, selected: [record], params: {}, refresh: async () => undefined, save: async () => true })} />
              </span>
            ))}
          </Space>
        </RendererContext.Provider>
        <pre data-testid="dev-calls" role="log" aria-label={s.t('dev.demo.calls', 'Calls the actions made')} style={{ minHeight: 40, marginTop: 8, padding: 8, background: 'var(--app-bg-alt)' }}>
          {calls.join('\n')}
        </pre>

        <Typography.Title level={2} style={h2}>
          {s.t('dev.demo.custom', 'Custom components and handlers')}
        </Typography.Title>
        <Space wrap>
          {[...r.customComponents.types(), ...r.customHandlers.types()].map((n) => (
            <Tag key={n}>{n}</Tag>
          ))}
        </Space>
      </div>
    </SiteOnly>
  );
}
