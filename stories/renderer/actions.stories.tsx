import type { Meta, StoryObj } from '@storybook/react-vite';
import { Card, Space, Table, Tag, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { action as sbAction } from 'storybook/actions';
import { ActionButton } from '../../renderer/actions/ActionButton.tsx';
import { entityBase } from '../../renderer/data/endpoints.ts';
import { fillUrl } from '../../renderer/data/url-template.ts';
import { useServices } from '../../renderer/runtime/services.ts';
import type { RendererServices } from '../../renderer/contracts/services.ts';
import type { CallLogEntry } from '../data-source/index.ts';
import { buildRegistryStories } from '../support/registry-stories.tsx';
import { StoryHost } from '../support/StoryHost.tsx';
import { REGISTRY_STORY_TITLES } from '../support/story-specs.ts';
import { storyRegistries } from '../support/registries.ts';
import { ACTION_FIXTURES, DEMO_ENTITY, fixtureDataSource } from './fixtures.ts';

const { actionTypes } = storyRegistries;

/** The record form `form` actions open here, as a list with editable columns would give it. */
const FORM_SECTIONS = [{ columns: 2, fields: ['demoCode', 'demoName', 'quantity', 'unitPrice', 'categoryCode', 'enabledFlag'] }];

type Row = Record<string, unknown>;

interface ActionStoryProps {
  /** An action type of the registry (`actionTypes.types()`). */
  type: string;
  language?: string;
  siteMode?: boolean;
}

/** The action's button on a fixture row, the rows it may change, and what it did. */
function ActionPanel({ type, log }: { type: string; log: (line: string) => void }) {
  const s = useServices();
  const [rows, setRows] = useState<Row[]>([]);
  const [version, setVersion] = useState(0);
  const a = ACTION_FIXTURES[type] ?? { type, label: type };
  const base = fillUrl(entityBase(DEMO_ENTITY, s.siteMode), { ...s.user }, { siteMode: s.siteMode });
  useEffect(() => {
    let live = true;
    void s.request<{ content: Row[] }>(base, { query: { page: 0, size: 5, sort: 'demoId,asc' } }).then((p) => live && setRows(p.content));
    return () => {
      live = false;
    };
  }, [s, base, version]);
  const from = a.type === 'transition' ? DEMO_ENTITY.status?.transitions[String(a.action)]?.from : undefined;
  const record = rows.find((r) => !from || from.includes(String(r.statusCode))) ?? rows[0];
  const refresh = useCallback(async () => {
    log('refresh()');
    setVersion((v) => v + 1);
  }, [log]);
  if (!record) return <Typography.Text type="secondary">Loading fixture rows…</Typography.Text>;
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%', maxWidth: 880 }}>
      <Space>
        <Typography.Text>
          On row <code>{String(record.demoCode)}</code>:
        </Typography.Text>
        <ActionButton
          action={a}
          scope={{ user: s.user, route: {}, record, selected: [record] }}
          context={() => ({
            entity: DEMO_ENTITY,
            record,
            selected: [record],
            params: {},
            query: { demoName: '' },
            refresh,
            save: async () => {
              log('save() called: a detail page validates and PUTs its form here');
              return true;
            },
            form: { entityName: DEMO_ENTITY.name, sections: FORM_SECTIONS, vars: { ...s.user } },
          })}
        />
        <Typography.Text type="secondary" code>
          {JSON.stringify(a)}
        </Typography.Text>
      </Space>
      <Table
        size="small"
        pagination={false}
        rowKey="demoId"
        dataSource={rows}
        rowClassName={(r) => (r === record ? 'ant-table-row-selected' : '')}
        columns={[
          { title: 'demoId', dataIndex: 'demoId', width: 80 },
          { title: 'demoCode', dataIndex: 'demoCode' },
          { title: 'demoName', dataIndex: 'demoName' },
          { title: 'statusCode', dataIndex: 'statusCode', render: (v, r) => <Tag>{String(r.statusMeaning ?? v)}</Tag> },
          { title: 'objectVersionNumber', dataIndex: 'objectVersionNumber' },
        ]}
      />
    </Space>
  );
}

const navigateAction = sbAction('navigate');

function ActionStory({ type, language, siteMode }: ActionStoryProps) {
  const [lines, setLines] = useState<string[]>([]);
  const log = useCallback((line: string) => setLines((l) => [...l.slice(-30), `${new Date().toLocaleTimeString()}  ${line}`]), []);
  const navigate = useCallback(
    (path: string) => {
      navigateAction(path);
      log(`navigate ${path}`);
    },
    [log],
  );
  const onCall = useCallback((e: CallLogEntry) => log(`${e.method} ${e.url}${e.query ? ` ${JSON.stringify(e.query)}` : ''} → ${e.status}${e.error ? ` ${e.error}` : ''}`), [log]);
  const notify = useMemo<RendererServices['notify']>(() => ({ success: (t) => log(`notify.success "${t}"`), error: (t) => log(`notify.error "${t}"`) }), [log]);
  return (
    <StoryHost dataSource={fixtureDataSource()} language={language} siteMode={siteMode} navigate={navigate} onCall={onCall} notify={notify}>
      <ActionPanel type={type} log={log} />
      <Card size="small" title="What happened" style={{ marginTop: 12, maxWidth: 880 }}>
        <pre data-testid="action-log" style={{ margin: 0, whiteSpace: 'pre-wrap', fontSize: 12 }}>
          {lines.join('\n') || 'Click the button.'}
        </pre>
      </Card>
    </StoryHost>
  );
}

const meta: Meta<typeof ActionStory> = {
  component: ActionStory,
  tags: ['autodocs'],
  excludeStories: ['generatedStories'],
  argTypes: { type: { control: 'select', options: actionTypes.types() }, language: { table: { disable: true } }, siteMode: { table: { disable: true } } },
  parameters: {
    docs: {
      description: {
        component:
          'Every action type of `renderer/registry/builtin-impls.ts` (`actionTypes.types()`) as `ActionButton` renders it, with a fixture action on a row of the fixture entity `storyDemo`. Clicking runs the registered handler against the in-browser data source; the calls it makes, navigations, notifications and refreshes are logged below it (navigations also in the Actions panel).',
      },
    },
  },
};
export default meta;

type Story = StoryObj<typeof ActionStory>;

// One story per registered type. Storybook reaches them through the indexer and the module
// `virtual:generated-stories/stories/renderer/<name>` of .storybook/generated-stories.ts.
export const generatedStories = buildRegistryStories<Story>(REGISTRY_STORY_TITLES.actionTypes, actionTypes.types(), (type) => ({
  args: { type },
  parameters: { docs: { description: { story: `\`${JSON.stringify(ACTION_FIXTURES[type] ?? { type })}\`` } } },
  render: (args, { globals }) => <ActionStory {...args} language={globals.locale as string | undefined} siteMode={globals.siteMode === 'site'} />,
})).stories;
