import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { EntityDecl } from '../../renderer/schema/entity.ts';
import { resolveColumn } from '../../renderer/schema/resolve-field.ts';
import { DataTable } from '../../renderer/table/DataTable.tsx';
import { flattenTree } from '../../renderer/table/tree-rows.ts';
import { fakeLayout, testServices, WithServices } from './test-services.tsx';

afterEach(cleanup);

type Row = Record<string, unknown>;
const region = (regionId: number, regionName: string, parentRegionId: number | null = null): Row => ({ regionId, regionName, parentRegionId });

// Rows in the order a server might send them: children before their parent, an orphan, a cycle.
const ROWS = [
  region(3, 'Nanjing', 2),
  region(1, 'Beijing'),
  region(2, 'Jiangsu'),
  region(4, 'Suzhou', 2),
  region(5, 'Gusu', 4),
  region(6, 'Haidian', 1),
  region(7, 'Orphan', 99),
];
const all = () => true;
const shape = (rows: ReturnType<typeof flattenTree>) => rows.map((r) => `${'  '.repeat(r.depth)}${String(r.row.regionName)}${r.hasChildren ? (r.expanded ? ' -' : ' +') : ''}`);

describe('flattenTree', () => {
  it('puts children under their parent, depth first, keeping the order rows came in', () => {
    expect(shape(flattenTree(ROWS, 'regionId', 'parentRegionId', all))).toEqual(['Beijing -', '  Haidian', 'Jiangsu -', '  Nanjing', '  Suzhou -', '    Gusu', 'Orphan']);
  });

  it('leaves out the rows under a closed row and starts closed from a depth', () => {
    expect(shape(flattenTree(ROWS, 'regionId', 'parentRegionId', (key) => key !== '2'))).toEqual(['Beijing -', '  Haidian', 'Jiangsu +', 'Orphan']);
    expect(shape(flattenTree(ROWS, 'regionId', 'parentRegionId', (_key, depth) => depth < 1))).toEqual(['Beijing -', '  Haidian', 'Jiangsu -', '  Nanjing', '  Suzhou +', 'Orphan']);
  });

  it('never loses a row: a parent on another page or a cycle shows at the top level', () => {
    const cycle = [region(10, 'A', 11), region(11, 'B', 10), region(12, 'Self', 12)];
    const out = flattenTree(cycle, 'regionId', 'parentRegionId', all);
    expect(out.map((r) => r.row.regionName).sort()).toEqual(['A', 'B', 'Self']);
    expect(out.find((r) => r.row.regionName === 'Self')).toMatchObject({ depth: 0, hasChildren: false });
    // Closed, a cycle's other member stays hidden under the one shown.
    expect(flattenTree(cycle, 'regionId', 'parentRegionId', () => false).map((r) => r.row.regionName)).toEqual(['Self', 'A']);
  });

  it('flattens a deep hierarchy without recursion', () => {
    const deep = Array.from({ length: 20000 }, (_, i) => region(i + 1, `L${i + 1}`, i === 0 ? null : i));
    const out = flattenTree(deep, 'regionId', 'parentRegionId', all);
    expect(out).toHaveLength(20000);
    expect(out[19999]).toMatchObject({ depth: 19999 });
  });
});

const entity: EntityDecl = {
  version: 1,
  name: 'region',
  table: 'hpfm_region',
  primaryKey: 'regionId',
  tenantScoped: false,
  paths: { site: '/hpfm/v1/regions/records' },
  fields: [
    { name: 'regionId', type: 'integer' },
    { name: 'regionName', type: 'string' },
    { name: 'parentRegionId', type: 'integer' },
  ],
};

describe('DataTable with "tree"', () => {
  fakeLayout(800, 600);
  const mount = (expandLevel?: number) =>
    render(
      <WithServices services={testServices([entity])}>
        <DataTable columns={[resolveColumn(entity, 'regionName', '/0')]} rows={ROWS} rowKey="regionId" height={600} tree={{ parentField: 'parentRegionId', expandLevel }} />
      </WithServices>,
    );
  const visible = () => screen.getAllByRole('row').filter((r) => r.dataset.rowKey).map((r) => `${r.getAttribute('aria-level')}:${r.textContent!.replace(/[▸▾]/g, '')}`);

  it('indents rows under their parent and opens and closes them', () => {
    mount();
    expect(screen.getByRole('treegrid')).toBeTruthy();
    expect(visible()).toEqual(['1:Beijing', '2:Haidian', '1:Jiangsu', '2:Nanjing', '2:Suzhou', '3:Gusu', '1:Orphan']);
    const jiangsu = screen.getAllByRole('row').find((r) => r.dataset.rowKey === '2')!;
    expect(jiangsu.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(jiangsu.querySelector('button[aria-label="collapse"]')!);
    expect(visible()).toEqual(['1:Beijing', '2:Haidian', '1:Jiangsu', '1:Orphan']);
    fireEvent.click(screen.getAllByRole('row').find((r) => r.dataset.rowKey === '2')!.querySelector('button[aria-label="expand"]')!);
    expect(visible()).toContain('3:Gusu');
  });

  it('starts closed below expandLevel', () => {
    mount(1);
    expect(visible()).toEqual(['1:Beijing', '2:Haidian', '1:Jiangsu', '2:Nanjing', '2:Suzhou', '1:Orphan']);
  });
});
