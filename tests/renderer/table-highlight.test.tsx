import { cleanup, render } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { StatusCell } from '../../renderer/cells/basic-cells.tsx';
import { preload } from '../../renderer/runtime/preload.ts';
import { checkScreen } from '../../renderer/schema/check/check-screen.ts';
import type { EntityDecl } from '../../renderer/schema/entity.ts';
import { resolveColumn } from '../../renderer/schema/resolve-field.ts';
import { validateScreenMeta } from '../../renderer/schema/check/meta-validate.ts';
import { DataTable } from '../../renderer/table/DataTable.tsx';
import { WithServices, testRegistries, testServices } from './test-services.tsx';
import { checkContextOf } from './schema/check/empty-check-context.ts';

/** A table's `highlight`: the rows its expression holds for are marked, in every table; the `attention` status map says it in words. */
afterEach(cleanup);

const entity: EntityDecl = {
  version: 1,
  name: 'score',
  table: 'x_score',
  primaryKey: 'scoreId',
  tenantScoped: false,
  paths: { site: '/x/v1/scores' },
  fields: [
    { name: 'scoreId', type: 'integer' },
    { name: 'expertName', type: 'string', label: 'Expert' },
    { name: 'score', type: 'number', precision: 2, label: 'Score' },
    { name: 'outlierFlag', type: 'flag', label: 'Outlier' },
  ],
};
const ROWS = [
  { scoreId: 1, expertName: 'A', score: 80, outlierFlag: 0 },
  { scoreId: 2, expertName: 'B', score: 59.99, outlierFlag: 1 },
  { scoreId: 3, expertName: 'C', score: 80, outlierFlag: null },
];

describe('DataTable highlight', () => {
  const columns = ['expertName', 'score', { field: 'outlierFlag', cell: 'status', statusMap: 'attention' as const }].map((f, i) => resolveColumn(entity, f, `/${i}`));
  beforeAll(async () => {
    await preload(testRegistries, [], columns.map((c, i) => [c, `/${i}`]), []);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ x: 0, y: 0, top: 0, left: 0, right: 800, bottom: 600, width: 800, height: 600, toJSON: () => ({}) } as DOMRect);
  });
  afterAll(() => vi.restoreAllMocks());
  const mount = (highlight?: string) =>
    render(
      <WithServices services={testServices([entity])}>
        <DataTable columns={columns} rows={ROWS} rowKey="scoreId" height={600} highlight={highlight} />
      </WithServices>,
    ).container;
  const marked = (c: HTMLElement) => [...c.querySelectorAll('[role="row"][data-row-key]')].filter((r) => r.classList.contains('dt-highlight')).map((r) => r.getAttribute('data-row-key'));

  it('marks exactly the rows its expression holds for, and says so in the row', () => {
    const c = mount('record.outlierFlag == 1');
    expect(marked(c)).toEqual(['2']);
    expect(c.querySelector('[data-row-key="2"]')!.getAttribute('data-highlight')).toBe('true');
    expect(c.querySelector('[data-row-key="1"]')!.hasAttribute('data-highlight')).toBe(false);
    // The flag's cell says it in words, in red: a colour alone is not read out.
    const flag = c.querySelector('[data-row-key="2"] [data-column="outlierFlag"] .cell-tag')!;
    expect([flag.textContent, flag.classList.contains('cell-tag-red')]).toEqual(['Yes', true]);
    expect(c.querySelector('[data-row-key="3"] [data-column="outlierFlag"]')!.textContent).toBe('No');
  });

  it('marks nothing without it, or when the expression holds for no row', () => {
    expect(marked(mount())).toEqual([]);
    cleanup();
    expect(marked(mount('record.score > 100'))).toEqual([]);
  });
});

describe('the attention status map', () => {
  it('shows 1 or Y as a red Yes and anything else as a plain No', () => {
    const column = resolveColumn(entity, { field: 'outlierFlag', cell: 'status', statusMap: 'attention' }, '/0');
    const text = (value: unknown) => {
      const { container } = render(
        <WithServices services={testServices([entity])}>
          <StatusCell column={column} row={{ outlierFlag: value }} value={value} />
        </WithServices>,
      );
      const tag = container.querySelector('.cell-tag')!;
      const out = `${tag.textContent} ${tag.className}`;
      cleanup();
      return out;
    };
    expect([1, 'Y', 0, null].map(text)).toEqual(['Yes cell-tag cell-tag-red', 'Yes cell-tag cell-tag-red', 'No cell-tag cell-tag-default', 'No cell-tag cell-tag-default']);
  });
});

describe('schemas:check of a highlight', () => {
  const ctx = checkContextOf([entity], { cells: new Set(['status']) });
  const list = (highlight: unknown) => ({ version: 1, kind: 'list', title: 't', entity: 'score', table: { highlight, columns: ['expertName'] } });

  it('takes an expression over record, and names a wrong one at its path', () => {
    expect(validateScreenMeta(list('record.outlierFlag == 1'), 'f.json')).toEqual([]);
    expect(checkScreen(list('record.outlierFlag == 1'), 'f.json', ctx)).toEqual([]);
    expect(checkScreen(list('row.outlierFlag == 1'), 'f.json', ctx).map((p) => `${p.path}: ${p.message}`)).toEqual([expect.stringMatching(/^\/table\/highlight: expression uses unknown name "row"/)]);
    expect(validateScreenMeta(list(1), 'f.json').length).toBeGreaterThan(0);
  });
});
