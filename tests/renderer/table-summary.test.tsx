import { cleanup, render, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { EntityDecl } from '../../renderer/schema/entity.ts';
import { resolveColumn } from '../../renderer/schema/resolve-field.ts';
import { preload } from '../../renderer/runtime/preload.ts';
import { DataTable } from '../../renderer/table/DataTable.tsx';
import { summarize, summarySpec, summaryValues } from '../../renderer/table/summary.ts';
import { WithServices, testRegistries, testServices } from './test-services.tsx';

afterEach(cleanup);

const ROWS = [
  { lineId: 1, lineNum: 1, quantity: 2, unitPrice: 0.1, lineAmount: 1234.5 },
  { lineId: 2, lineNum: 2, quantity: '3', unitPrice: 0.2, lineAmount: 1000000 },
  { lineId: 3, lineNum: 3, quantity: null, unitPrice: '', lineAmount: 0.25 },
  { lineId: 4, lineNum: null, quantity: 5, unitPrice: 'n/a', lineAmount: undefined },
];

describe('summarize', () => {
  it('sums, averages and finds extremes over the numeric values, skipping blanks, as decimal text', () => {
    expect(summarize(ROWS, 'quantity', 'sum')).toBe('10');
    expect(Number(summarize(ROWS, 'quantity', 'avg'))).toBeCloseTo(10 / 3);
    expect(summarize(ROWS, 'quantity', 'min')).toBe('2');
    expect(summarize(ROWS, 'quantity', 'max')).toBe('5');
    expect(summarize(ROWS, 'lineAmount', 'max')).toBe('1000000');
  });

  it('adds money without floating-point drift', () => {
    expect(summarize(ROWS, 'unitPrice', 'sum')).toBe('0.3');
    expect(summarize(ROWS, 'lineAmount', 'sum')).toBe('1001234.75');
  });

  it('adds, averages and compares the decimal text decimal columns answer, exactly', () => {
    const rows = [{ a: '0.10' }, { a: '0.20' }, { a: '0.30' }, { a: '100.00' }, { a: '99.50' }];
    expect(summarize(rows.slice(0, 3), 'a', 'sum')).toBe('0.6');
    expect(summarize(rows.slice(0, 3), 'a', 'avg')).toBe('0.2');
    // As text "99.50" sorts after "100.00"; as decimals it is below.
    expect(summarize(rows, 'a', 'max')).toBe('100');
    expect(summarize(rows, 'a', 'min')).toBe('0.1');
    expect(summarize([{ a: '99999999999999999.99' }, { a: '0.01' }], 'a', 'sum')).toBe('100000000000000000');
  });

  it('counts the rows holding a value', () => {
    expect(summarize(ROWS, 'lineNum', 'count')).toBe(3);
    expect(summarize([], 'lineNum', 'count')).toBe(0);
  });

  it('has no sum of nothing (an empty cell, not a zero)', () => {
    expect(summarize([], 'quantity', 'sum')).toBeUndefined();
    expect(summarize([{ x: null }, { x: 'abc' }], 'x', 'avg')).toBeUndefined();
  });
});

const entity: EntityDecl = {
  version: 1,
  name: 'line',
  table: 'x_line',
  primaryKey: 'lineId',
  tenantScoped: false,
  paths: { site: '/x/v1/lines' },
  fields: [
    { name: 'lineId', type: 'integer' },
    { name: 'lineNum', type: 'integer', label: 'Line' },
    { name: 'quantity', type: 'number', precision: 2, label: 'Qty' },
    { name: 'unitPrice', type: 'money', label: 'Price' },
    { name: 'lineAmount', type: 'money', label: 'Amount' },
  ],
};

describe('summarySpec', () => {
  const columns = [resolveColumn(entity, 'lineNum', '/0'), resolveColumn(entity, { field: 'quantity', summary: 'avg' }, '/1'), resolveColumn(entity, 'lineAmount', '/2')];

  it("merges the table's map with columns' own summaries, the map winning, only for the table's columns", () => {
    expect(summarySpec(columns, { lineAmount: 'sum', quantity: 'sum', unitPrice: 'sum' })).toEqual({ quantity: 'sum', lineAmount: 'sum' });
    expect(summarySpec(columns)).toEqual({ quantity: 'avg' });
    const values = summaryValues(ROWS, { quantity: 'avg', lineNum: 'count' });
    expect(values).toEqual({ quantity: expect.stringMatching(/^3\.3{30,}$/), lineNum: 3 });
  });

  it('counts only the rows `summaryWhere` holds for (a cancelled line is not summed)', () => {
    const rows = [...ROWS.slice(0, 2), { ...ROWS[2]!, cancelledFlag: 1 }, { lineId: 5, lineNum: 5, lineAmount: 10, cancelledFlag: 0 }];
    expect(summaryValues(rows, { lineAmount: 'sum', lineNum: 'count' }, 'record.cancelledFlag != 1')).toEqual({ lineAmount: '1001244.5', lineNum: 3 });
    expect(summaryValues(rows, { lineAmount: 'sum' })).toEqual({ lineAmount: '1001244.75' });
  });
});

describe('DataTable summary row', () => {
  const columns = ['lineNum', 'quantity', 'unitPrice', 'lineAmount'].map((f, i) => resolveColumn(entity, f, `/${i}`));
  beforeAll(async () => {
    // Cells load lazily in the app (ListPage preloads them); here the number cell is loaded first.
    await preload(testRegistries, [], columns.map((c, i) => [c, `/${i}`]), []);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ x: 0, y: 0, top: 0, left: 0, right: 800, bottom: 600, width: 800, height: 600, toJSON: () => ({}) } as DOMRect);
  });
  afterAll(() => vi.restoreAllMocks());
  const mount = (props: Partial<Parameters<typeof DataTable>[0]> = {}) =>
    render(
      <WithServices services={testServices([entity])}>
        <DataTable columns={columns} rows={ROWS} rowKey="lineId" height={600} {...props} />
      </WithServices>,
    );
  const cell = (field: string) => screen.getByTestId('table-summary').querySelector(`[data-column="${field}"]`)!.textContent;

  it('shows each summary in its column, in the column format (money precision, thousands separators)', () => {
    mount({ summary: { lineNum: 'count', quantity: 'sum', unitPrice: 'avg', lineAmount: 'sum' }, summaryLabel: 'Page total' });
    expect(cell('lineNum')).toBe('Page total3');
    expect(cell('quantity')).toBe('10.00');
    expect(cell('unitPrice')).toBe('0.15');
    expect(cell('lineAmount')).toBe('1,001,234.75');
    // It is not a data row: lists and tests counting rows by key do not see it.
    expect(screen.getByTestId('table-summary').dataset.rowKey).toBeUndefined();
    expect(screen.getAllByRole('row').filter((r) => r.dataset.rowKey)).toHaveLength(4);
  });

  it('totals the decimal text of decimal columns exactly: 0.10 + 0.20 + 0.30, averaged 0.20', () => {
    mount({ summary: { unitPrice: 'avg', lineAmount: 'sum' }, rows: [{ lineId: 1, unitPrice: '0.10', lineAmount: '0.10' }, { lineId: 2, unitPrice: '0.20', lineAmount: '0.20' }, { lineId: 3, unitPrice: '0.30', lineAmount: '99999999999999999.70' }] });
    expect(cell('unitPrice')).toBe('0.20');
    expect(cell('lineAmount')).toBe('100,000,000,000,000,000.00');
  });

  it('says "Total" unless told otherwise, and is absent without summaries or rows', () => {
    mount({ summary: { lineAmount: 'max' } });
    expect(cell('lineNum')).toBe('Total');
    expect(cell('lineAmount')).toBe('1,000,000.00');
    cleanup();
    mount();
    expect(screen.queryByTestId('table-summary')).toBeNull();
    cleanup();
    mount({ summary: { lineAmount: 'sum' }, rows: [] });
    expect(screen.queryByTestId('table-summary')).toBeNull();
  });

  it("lines up with the user's column order and leaves hidden columns out", () => {
    mount({ summary: { lineAmount: 'sum' }, settings: { hidden: ['quantity'], order: ['lineAmount', 'lineNum', 'quantity', 'unitPrice'], pinned: { left: [], right: [] }, widths: {} } });
    const fields = [...screen.getByTestId('table-summary').querySelectorAll('[data-column]')].map((c) => c.getAttribute('data-column'));
    expect(fields).toEqual(['lineAmount', 'lineNum', 'unitPrice']);
    expect(cell('lineAmount')).toBe('Total1,001,234.75');
  });
});
