import { observer } from 'mobx-react-lite';
import { type ComponentType, createElement, type ReactNode } from 'react';
import type { CellProps } from '../contracts/cells.ts';
import Decimal from 'decimal.js';
import { formatNumber, toDecimal } from '../format/number.ts';
import { isNumericCell } from '../schema/types/cells.ts';
import type { ResolvedColumn } from '../schema/resolve-field.ts';
import type { SummaryFn } from '../schema/screen.ts';
import { type ColumnWindow, shownColumns } from './column-window.ts';
import { cellClass, cellStyle, type PlacedColumn } from './placed-columns.ts';
import { type SummaryResult, summaryValues } from './summary.ts';


/**
 * A summary in its column's format: sums, averages and extremes go through the column's own cell
 * (money precision, thousands separators, `%`); a count is a whole number whatever the column
 * holds. An average of whole numbers gets two decimals rather than fifteen.
 */
export function SummaryValue({ column, fn, value, Cell: given }: { column: ResolvedColumn; fn: SummaryFn; value: SummaryResult; Cell?: ComponentType<CellProps> }): ReactNode {
  if (value === undefined) return '';
  if (fn === 'count') return formatNumber(value, 0);
  const shown = fn === 'avg' && column.decl.precision === undefined && column.decl.type !== 'money' ? (toDecimal(value)?.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed() ?? value) : value;
  const Cell = isNumericCell(column.cell) ? given : undefined;
  // A registered cell (looked up, not created here): the same one the column's rows use. A total
  // of a document's lines takes the document's currency (ParentRecordContext); a list's total
  // over rows of several currencies has none, and shows the field's default decimals.
  if (Cell) return createElement(Cell, { column, row: { [column.field]: shown }, value: shown });
  // Not a numeric cell (or not loaded yet): the number cell's rule, money with two decimals.
  return formatNumber(shown, column.decl.precision ?? (column.decl.type === 'money' ? 2 : undefined));
}

/**
 * The footer row: sticks to the bottom of the table's scroll area, so it stays in view while the
 * rows scroll, and lines up with the columns (pinned ones included). The label sits in the first
 * column, before its own summary if it has one.
 */
export const SummaryRow = observer(function SummaryRow(p: {
  columns: PlacedColumn[];
  /** Wide tables: the unpinned columns in view (see DataRow). */
  columnWindow?: ColumnWindow;
  spec: Record<string, SummaryFn>;
  values: Record<string, SummaryResult>;
  /** Totals over observable values, recomputed here (only this row re-renders on an edit). */
  live?: { rows: readonly Record<string, unknown>[]; valuesOf: (row: Record<string, unknown>) => Record<string, unknown>; where?: string };
  label: string;
  /** Its place in the grid (after the header and every record). */
  rowIndex: number;
  height: number;
  selectWidth: number;
  stickySelect: boolean;
  actionsWidth: number;
}) {
  const values = p.live ? summaryValues(p.live.rows.map(p.live.valuesOf), p.spec, p.live.where) : p.values;
  return (
    <div className="dt-summary" role="row" aria-rowindex={p.rowIndex} data-testid="table-summary" style={{ height: p.height }}>
      {p.selectWidth > 0 && <div role="gridcell" className={`dt-cell dt-check${p.stickySelect ? ' dt-pin' : ''}`} style={{ width: p.selectWidth, left: p.stickySelect ? 0 : undefined }} />}
      {shownColumns(p.columns, p.columnWindow).map(({ pc, index: i, margin }) => {
        const fn = p.spec[pc.column.field];
        return (
          <div key={pc.column.field} role="gridcell" data-column={pc.column.field} data-summary={fn} className={cellClass(pc)} style={{ ...cellStyle(pc, !!fn && i > 0), ...margin }}>
            {i === 0 && <span className="dt-summary-label">{p.label}</span>}
            {fn && <SummaryValue column={pc.column} fn={fn} value={values[pc.column.field]} Cell={pc.Cell} />}
          </div>
        );
      })}
       {p.actionsWidth > 0 && <div role="gridcell" className="dt-cell" style={{ width: p.actionsWidth }} />}
    </div>
  );
});
