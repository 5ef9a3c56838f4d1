import { columnVisibilityFeature, tableFeatures, useTable, type ColumnDef } from '@tanstack/react-table';
import { observeElementRect, type Rect, useVirtualizer } from '@tanstack/react-virtual';
import { Checkbox, Empty, Spin } from 'antd';
import { observer } from 'mobx-react-lite';
import { type ReactNode, useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useServices } from '../runtime/services.ts';
import type { ResolvedColumn } from '../schema/resolve-field.ts';
import { DataRow } from './DataRow.tsx';
import { flattenTree } from './tree-rows.ts';
import './data-table.css';

type Row = Record<string, unknown>;
const features = tableFeatures({ columnVisibilityFeature });

export interface DataTableProps {
  columns: ResolvedColumn[];
  rows: Row[];
  rowKey: string;
  loading?: boolean;
  sort?: { field: string; order: 'asc' | 'desc' };
  onSort?(field: string): void;
  selection?: 'single' | 'multiple';
  selected?: Set<string>;
  onSelect?(keys: string[]): void;
  rowActions?: (row: Row) => ReactNode;
  rowActionsWidth?: number;
  rowHeight?: number;
  /** Viewport height in px; rows beyond it are virtualised. */
  height?: number;
  hiddenColumns?: string[];
  /** Hierarchical rows: each row names its parent's key in `parentField`; rows at depth >= `expandLevel` start closed (all open without it). */
  tree?: { parentField: string; expandLevel?: number };
}

/**
 * The list table: TanStack Table for the column model (visibility, order), our own rows with
 * a fixed height so react-virtual renders only what is on screen (10,000 rows cost as much as 20).
 */
export const DataTable = observer(function DataTable(p: DataTableProps) {
  const s = useServices();
  const rowHeight = p.rowHeight ?? 40;
  const defs = useMemo<ColumnDef<typeof features, Row>[]>(
    () => p.columns.map((c) => ({ id: c.field, accessorFn: (r: Row) => r[c.field], header: c.field, size: c.width ?? 160 }) as ColumnDef<typeof features, Row>),
    [p.columns],
  );
  const columnVisibility = useMemo(() => Object.fromEntries((p.hiddenColumns ?? []).concat(p.columns.filter((c) => c.hidden).map((c) => c.field)).map((f) => [f, false])), [p.hiddenColumns, p.columns]);
  // Tree tables show the visible part of the hierarchy as flat rows with a depth, so rows keep
  // one fixed height and stay virtualised. `toggled` holds the rows opened or closed by hand.
  const [toggled, setToggled] = useState<ReadonlySet<string>>(() => new Set());
  const treeRows = useMemo(() => {
    if (!p.tree) return undefined;
    const level = p.tree.expandLevel;
    return flattenTree(p.rows, p.rowKey, p.tree.parentField, (key, depth) => (level === undefined || depth < level) !== toggled.has(key));
  }, [p.rows, p.rowKey, p.tree, toggled]);
  const onExpand = useCallback((key: string) => setToggled((t) => (t.has(key) ? new Set([...t].filter((k) => k !== key)) : new Set([...t, key]))), []);
  const data = useMemo(() => treeRows?.map((t) => t.row) ?? p.rows, [treeRows, p.rows]);
  const table = useTable({ features, columns: defs, data, state: { columnVisibility }, getRowId: (r: Row) => String(r[p.rowKey]) });
  const leafColumns = table.getVisibleLeafColumns();
  // Stable between renders so memoised rows (DataRow) can skip re-rendering.
  const visible = useMemo(() => leafColumns.map((c) => p.columns.find((x) => x.field === c.id)!), [leafColumns, p.columns]);
  const rowModel = table.getRowModel().rows;
  const scrollRef = useRef<HTMLDivElement>(null);
  const reportRect = useRef<((rect: Rect) => void) | undefined>(undefined);
  const virtual = useVirtualizer({
    count: rowModel.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 8,
    observeElementRect: (instance, cb) => {
      reportRect.current = cb;
      return observeElementRect(instance, cb);
    },
  });
  const selectWidth = p.selection ? 48 : 0;
  const width = selectWidth + visible.reduce((n, c) => n + (c.width ?? 160), 0) + (p.rowActions ? (p.rowActionsWidth ?? 180) : 0);
  const allKeys = rowModel.map((r) => r.id);
  const selected = p.selected ?? new Set<string>();
  const allChecked = allKeys.length > 0 && allKeys.every((k) => selected.has(k));
  // Rows get one stable toggle that reads the selection at click time, so selecting a row
  // re-renders the rows whose checkbox changed, not every row on screen.
  const latest = useRef({ selected, onSelect: p.onSelect, selection: p.selection });
  useLayoutEffect(() => {
    latest.current = { selected, onSelect: p.onSelect, selection: p.selection };
  });
  const toggle = useCallback((key: string, on: boolean) => {
    const { selected: now, onSelect, selection } = latest.current;
    if (selection === 'single') onSelect?.(on ? [key] : []);
    else onSelect?.(on ? [...now, key] : [...now].filter((k) => k !== key));
  }, []);
  const height = p.height ?? Math.min(Math.max(rowModel.length, 3) * rowHeight + 2, 560);
  // The viewport grows when the first rows arrive. react-virtual learns that from its
  // ResizeObserver and would render the rows below the old height one frame later; reporting the
  // new size here, before paint, puts a full screen of rows in the first painted frame.
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (el) reportRect.current?.({ width: el.clientWidth, height: el.clientHeight });
  }, [height]);

  return (
    <div className="dt" role={p.tree ? 'treegrid' : 'table'} aria-rowcount={rowModel.length}>
      <div className="dt-scroll" ref={scrollRef} style={{ height: height + rowHeight }}>
        <div style={{ width, minWidth: '100%' }}>
          <div className="dt-head" role="row" style={{ height: rowHeight }}>
            {p.selection && (
              <div className="dt-cell dt-check" style={{ width: selectWidth }}>
                {p.selection === 'multiple' && (
                  <Checkbox aria-label="select all" checked={allChecked} indeterminate={!allChecked && allKeys.some((k) => selected.has(k))} onChange={(e) => p.onSelect?.(e.target.checked ? allKeys : [])} />
                )}
              </div>
            )}
            {visible.map((c) => {
              const sortable = c.sortable ?? c.decl.sortable;
              const dir = p.sort?.field === c.field ? p.sort.order : undefined;
              return (
                <div
                  key={c.field}
                  role="columnheader"
                  aria-sort={dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : 'none'}
                  data-column={c.field}
                  className={`dt-cell dt-th${sortable ? ' dt-sortable' : ''}`}
                  style={{ width: c.width ?? 160, justifyContent: c.align === 'right' ? 'flex-end' : undefined }}
                  onClick={sortable ? () => p.onSort?.(c.field) : undefined}
                >
                  {s.label(c.label)}
                  {sortable && <span className="dt-sort">{dir === 'asc' ? '▲' : dir === 'desc' ? '▼' : '↕'}</span>}
                </div>
              );
            })}
            {p.rowActions && (
              <div className="dt-cell dt-th" style={{ width: p.rowActionsWidth ?? 180 }}>
                {s.t('hzero.common.model.action', 'Action')}
              </div>
            )}
          </div>
          {rowModel.length === 0 && !p.loading ? (
            <div className="dt-empty">
              <Empty description={s.t('hzero.common.message.empty', 'No data')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
            </div>
          ) : (
            <div style={{ height: virtual.getTotalSize(), position: 'relative' }}>
              {virtual.getVirtualItems().map((vi) => {
                const row = rowModel[vi.index]!;
                return (
                  <DataRow
                    key={row.id}
                    id={row.id}
                    data={row.original}
                    start={vi.start}
                    height={rowHeight}
                    columns={visible}
                    selection={p.selection}
                    selectWidth={selectWidth}
                    selected={selected.has(row.id)}
                    onToggle={toggle}
                    actions={p.rowActions}
                    actionsWidth={p.rowActionsWidth ?? 180}
                    tree={treeRows?.[vi.index]}
                    onExpand={onExpand}
                  />
                );
              })}
            </div>
          )}
        </div>
      </div>
      {p.loading && (
        <div className="dt-loading">
          <Spin />
        </div>
      )}
    </div>
  );
});
