import type { Meta, StoryObj } from '@storybook/react-vite';
import { Alert, Col, Form, Row, Spin, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { storyRegistries } from '../support/registries.ts';

const { fieldWidgets } = storyRegistries;
import { usePrepared } from '../../renderer/runtime/usePrepared.ts';
import { useServices } from '../../renderer/runtime/services.ts';
import { resolveField } from '../../renderer/schema/resolve-field.ts';
import { buildRegistryStories } from '../support/registry-stories.tsx';
import { StoryHost } from '../support/StoryHost.tsx';
import { REGISTRY_STORY_TITLES } from '../support/story-specs.ts';
import { DEMO_ENTITY, fixtureDataSource, WIDGET_FIELDS } from './fixtures.ts';

type Mode = 'edit' | 'search' | 'view';
const MODES: Mode[] = ['edit', 'search', 'view'];

interface FieldWidgetStoryProps {
  /** A field widget of the registry (`fieldWidgets.types()`). */
  widget: string;
  /** Disables the edit and search widgets too. */
  disabled?: boolean;
  language?: string;
  siteMode?: boolean;
}

/** One widget in its three modes (a form, a search bar, a read-only detail), bound to a fixture row. */
function WidgetModes({ widget, disabled }: { widget: string; disabled?: boolean }) {
  const s = useServices();
  const prepared = usePrepared(() => fieldWidgets.resolve(widget), [widget]);
  const field = useMemo(() => resolveField(DEMO_ENTITY, { field: WIDGET_FIELDS[widget] ?? 'demoName', widget }, '/'), [widget]);
  const [records, setRecords] = useState<Record<Mode, Record<string, unknown>>>(() => {
    const row = fixtureDataSource().store.get(DEMO_ENTITY, 1, s.language);
    return { edit: { ...row }, search: {}, view: { ...row } };
  });
  if (prepared.status === 'loading') return <Spin />;
  if (prepared.status === 'error') return <Alert type="error" title={prepared.message} />;
  const Widget = prepared.value;
  const set = (mode: Mode, name: string, value: unknown) => setRecords((r) => ({ ...r, [mode]: { ...r[mode], [name]: value } }));
  return (
    <Form layout="vertical" style={{ maxWidth: 960 }}>
      <Row gutter={24}>
        {MODES.map((mode) => (
          <Col span={8} key={mode}>
            <Form.Item label={`${mode}: ${s.label(field.label)}`} htmlFor={`${mode}-${field.name}`} data-mode={mode}>
              <Widget
                field={field}
                id={`${mode}-${field.name}`}
                mode={mode}
                value={records[mode][field.name]}
                record={records[mode]}
                disabled={mode === 'view' || disabled}
                onChange={(v) => set(mode, field.name, v)}
                setValue={(n, v) => set(mode, n, v)}
              />
            </Form.Item>
            <Typography.Text type="secondary" code data-value={mode}>
              {JSON.stringify(records[mode][field.name] ?? null)}
            </Typography.Text>
          </Col>
        ))}
      </Row>
    </Form>
  );
}

function FieldWidgetStory({ widget, disabled, language, siteMode }: FieldWidgetStoryProps) {
  return (
    <StoryHost dataSource={fixtureDataSource()} language={language} siteMode={siteMode}>
      <WidgetModes key={widget} widget={widget} disabled={disabled} />
    </StoryHost>
  );
}

const meta: Meta<typeof FieldWidgetStory> = {
  component: FieldWidgetStory,
  tags: ['autodocs'],
  excludeStories: ['generatedStories'],
  argTypes: { widget: { control: 'select', options: fieldWidgets.types() }, language: { table: { disable: true } }, siteMode: { table: { disable: true } } },
  parameters: {
    docs: {
      description: {
        component:
          'Every field widget of `renderer/registry/builtin-impls.ts` (`fieldWidgets.types()`), bound to a field of the fixture entity `storyDemo` and shown in its three modes: `edit` (forms), `search` (search bars), `view` (read-only). Widgets are controlled (`value` in, `onChange` out; `setValue` for LOV mappings); the code under each shows the current value.',
      },
    },
  },
};
export default meta;

type Story = StoryObj<typeof FieldWidgetStory>;

// One story per registered type. Storybook reaches them through the indexer and the module
// `virtual:generated-stories/stories/renderer/<name>` of .storybook/generated-stories.ts.
export const generatedStories = buildRegistryStories<Story>(REGISTRY_STORY_TITLES.fieldWidgets, fieldWidgets.types(), (widget) => ({
  args: { widget, disabled: false },
  parameters: { docs: { description: { story: `Widget \`${widget}\` on fixture field \`${WIDGET_FIELDS[widget] ?? 'demoName'}\`.` } } },
  render: (args, { globals }) => <FieldWidgetStory {...args} language={globals.locale as string | undefined} siteMode={globals.siteMode === 'site'} />,
})).stories;
