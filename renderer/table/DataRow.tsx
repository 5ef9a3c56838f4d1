import { memo, type ReactNode } from 'react';
import { isNumericCell } from '../schema/types/cells.ts';
import type { ResolvedColumn } from '../schema/resolve-field.ts';
import { type ColumnWindow, shownColumns } from './column-window.ts';
import { cellClass, cellStyle, type PlacedColumn } from './placed-columns.ts';

type Row = Record<string, unknown>;

export interface DataRowProps {
  id: string;
  /** The row's place among all rows (0 = first record), announced as its position in the grid. */
  index: number;
  /** The focusable cell's column when this row holds the grid's one tab stop (roving tabindex). */
  activeCol?: number;
  data: Row;
  /** Offset of the row in the virtual list (px). */
  start: number;
  height: number;
  /** The visible columns in display order, with their width and pinning (stable across renders). */
  columns: PlacedColumn[];
  /** Wide tables: the unpinned columns in view (every column without it). */
  columnWindow?: ColumnWindow;
  selection?: 'single' | 'multiple';
  selectWidth: number;
  /** The selection cell sticks to the left edge when columns are pinned left. */
  stickySelect?: boolean;
  selected: boolean;
  /** The table's `highlight` holds for this row: a warning tint and a bar at its start. */
  highlighted?: boolean;
  /** Stable across renders, so a row re-renders only when its own props change. */
  onToggle(id: string, on: boolean): void;
  actions?: (row: Row) => ReactNode;
  actionsWidth: number;
  /** Tree tables: the row's depth, and whether it has children and shows them. */
  tree?: { depth: number; hasChildren: boolean; expanded: boolean };
  /** Tree tables: opens or closes the row (stable across renders). */
  onExpand?(id: string): void;
  /** Replaces the cell content (see DataTable's `renderCell`). */
  renderCell?(row: Row, column: ResolvedColumn): ReactNode;
}

/**
 * One row of the DataTable. Memoised: when the table re-renders (a scroll step, the viewport
 * settling, a sort arrow) rows already on screen are kept as they are and only new rows render.
 */
export const DataRow = memo(function DataRow(p: DataRowProps) {
  const { data } = p;
  const first = p.selection ? 1 : 0;
  return (
    <div
      role="row"
      data-row-key={p.id}
      data-row-index={p.index}
      // The header is row 1 of the grid (aria-rowindex counts from 1).
      aria-rowindex={p.index + 2}
      aria-selected={p.selection ? p.selected : undefined}
      aria-level={p.tree ? p.tree.depth + 1 : undefined}
      aria-expanded={p.tree?.hasChildren ? p.tree.expanded : undefined}
      data-highlight={p.highlighted || undefined}
      className={`dt-row${p.highlighted ? ' dt-highlight' : ''}${p.selected ? ' dt-selected' : ''}`}
      style={{ height: p.height, transform: `translateY(${p.start}px)` }}
    >
      {p.selection && (
        <div role="gridcell" data-col={0} aria-colindex={p.columnWindow ? 1 : undefined} tabIndex={p.activeCol === 0 ? 0 : -1} className={`dt-cell dt-check${p.stickySelect ? ' dt-pin' : ''}`} style={{ width: p.selectWidth, left: p.stickySelect ? 0 : undefined }}>
          {/* A native checkbox: one per visible row, re-created on every scroll step (antd's costs its style hooks each time).
              Not a tab stop of its own: the cell is, and Space on any cell of the row toggles it. */}
          <input type="checkbox" tabIndex={-1} className="dt-checkbox" aria-label={`select ${p.id}`} checked={p.selected} onChange={(e) => p.onToggle(p.id, e.target.checked)} />
        </div>
      )}
      {shownColumns(p.columns, p.columnWindow).map(({ pc, index: i, margin }) => {
        const c = pc.column;
        const Cell = pc.Cell;
        const col = i + first;
        return (
          <div
            key={c.field}
            role="gridcell"
            data-col={col}
            aria-colindex={p.columnWindow ? col + 1 : undefined}
            tabIndex={p.activeCol === col ? 0 : -1}
            data-column={c.field}
            className={cellClass(pc)}
            style={{ ...cellStyle(pc, c.align === 'right' || isNumericCell(c.cell)), ...margin }}
          >
            {i === 0 && p.tree && <TreeToggle id={p.id} depth={p.tree.depth} hasChildren={p.tree.hasChildren} expanded={p.tree.expanded} onExpand={p.onExpand} />}
            {p.renderCell ? p.renderCell(data, c) : Cell ? <Cell column={c} row={data} value={data[c.field]} /> : String(data[c.field] ?? '')}
          </div>
        );
      })}
      {p.actions && (
        // Keyed by record: a recycled row (see DataTable) must not hand an action's state (a pending request, an open confirm) to the next record.
        <div key={`actions:${p.id}`} role="gridcell" data-col={first + p.columns.length} aria-colindex={p.columnWindow ? first + p.columns.length + 1 : undefined} tabIndex={p.activeCol === first + p.columns.length ? 0 : -1} className="dt-cell" style={{ width: p.actionsWidth }}>
          {p.actions(data)}
        </div>
      )}
    </div>
  );
});

/** The indent and open/close button a tree table puts before the first cell of a row. */
function TreeToggle({ id, depth, hasChildren, expanded, onExpand }: { id: string; depth: number; hasChildren: boolean; expanded: boolean; onExpand?(id: string): void }) {
  return (
    <span className="dt-tree" style={{ paddingLeft: depth * 20 }}>
      {hasChildren ? (
        <button type="button" className="dt-tree-toggle" aria-label={expanded ? 'collapse' : 'expand'} aria-expanded={expanded} onClick={() => onExpand?.(id)}>
          {expanded ? '▾' : '▸'}
        </button>
      ) : (
        <span className="dt-tree-leaf" />
      )}
    </span>
  );
}
