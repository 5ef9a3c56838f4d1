import type { Meta, StoryObj } from '@storybook/react-vite';
import { Alert, Spin, Table } from 'antd';
import { useMemo } from 'react';
import { storyRegistries } from '../support/registries.ts';

const { cellRenderers } = storyRegistries;
import { usePrepared } from '../../renderer/runtime/usePrepared.ts';
import { useServices } from '../../renderer/runtime/services.ts';
import { resolveColumn } from '../../renderer/schema/resolve-field.ts';
import { buildRegistryStories } from '../support/registry-stories.tsx';
import { StoryHost } from '../support/StoryHost.tsx';
import { REGISTRY_STORY_TITLES } from '../support/story-specs.ts';
import { CELL_COLUMNS, DEMO_ENTITY, fixtureDataSource } from './fixtures.ts';

interface CellStoryProps {
  /** A cell type of the registry (`cellRenderers.types()`). */
  cell: string;
  /** Fixture rows shown. */
  rows?: number;
  language?: string;
  siteMode?: boolean;
}

/** A cell over the first fixture rows: the raw value beside what the cell renders. */
function CellTable({ cell, rows = 6 }: { cell: string; rows?: number }) {
  const s = useServices();
  const prepared = usePrepared(() => cellRenderers.resolve(cell), [cell]);
  const column = useMemo(() => resolveColumn(DEMO_ENTITY, { ...(CELL_COLUMNS[cell] ?? { field: 'demoName' }), cell }, '/'), [cell]);
  const data = useMemo(() => fixtureDataSource().store.list(DEMO_ENTITY, { page: 0, size: rows, sort: 'demoId,asc' }, s.language).content, [rows, s.language]);
  if (prepared.status === 'loading') return <Spin />;
  if (prepared.status === 'error') return <Alert type="error" title={prepared.message} />;
  const Cell = prepared.value;
  return (
    <Table
      size="small"
      pagination={false}
      rowKey="demoId"
      dataSource={data}
      style={{ maxWidth: 720 }}
      columns={[
        { title: 'demoCode', dataIndex: 'demoCode', width: 120 },
        { title: `raw ${column.field}`, render: (_v, row) => <code>{JSON.stringify(row[column.field] ?? null)}</code> },
        { title: `cell "${cell}": ${s.label(column.label)}`, render: (_v, row) => <Cell column={column} row={row} value={row[column.field]} /> },
      ]}
    />
  );
}

function CellStory({ cell, rows, language, siteMode }: CellStoryProps) {
  return (
    <StoryHost dataSource={fixtureDataSource()} language={language} siteMode={siteMode}>
      <CellTable cell={cell} rows={rows} />
    </StoryHost>
  );
}

const meta: Meta<typeof CellStory> = {
  component: CellStory,
  tags: ['autodocs'],
  excludeStories: ['generatedStories'],
  argTypes: { cell: { control: 'select', options: cellRenderers.types() }, rows: { control: { type: 'number', min: 1, max: 23 } }, language: { table: { disable: true } }, siteMode: { table: { disable: true } } },
  parameters: {
    docs: {
      description: {
        component:
          'Every table cell of `renderer/registry/builtin-impls.ts` (`cellRenderers.types()`), rendering a column of the fixture entity `storyDemo` over generated rows. A column gets its cell from its field type, or names one with `"cell"`; `status` cells take a `statusMap`, `link` cells a route template.',
      },
    },
  },
};
export default meta;

type Story = StoryObj<typeof CellStory>;

// One story per registered type. Storybook reaches them through the indexer and the module
// `virtual:generated-stories/stories/renderer/<name>` of .storybook/generated-stories.ts.
export const generatedStories = buildRegistryStories<Story>(REGISTRY_STORY_TITLES.cellRenderers, cellRenderers.types(), (cell) => ({
  args: { cell, rows: 6 },
  parameters: { docs: { description: { story: `Cell \`${cell}\` on column \`${JSON.stringify(CELL_COLUMNS[cell] ?? { field: 'demoName' })}\`.` } } },
  render: (args, { globals }) => <CellStory {...args} language={globals.locale as string | undefined} siteMode={globals.siteMode === 'site'} />,
})).stories;
