import { columnOrderingFeature, columnPinningFeature, columnSizingFeature, columnVisibilityFeature, tableFeatures, useTable, type ColumnDef } from '@tanstack/react-table';
import { observeElementRect, type Rect, useVirtualizer } from '@tanstack/react-virtual';
import { Checkbox, Empty, Spin } from 'antd';
import { observer } from 'mobx-react-lite';
import { type ReactNode, useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useServices } from '../runtime/services.ts';
import type { ResolvedColumn } from '../schema/resolve-field.ts';
import type { SummaryFn } from '../schema/screen.ts';
import { schemaSettings, type TableSettings, toTableState } from './column-settings.ts';
import { DataRow } from './DataRow.tsx';
import { cellClass, cellStyle, placeColumns } from './placed-columns.ts';
import { summarySpec, summaryValues } from './summary.ts';
import { SummaryRow } from './SummaryRow.tsx';
import { flattenTree } from './tree-rows.ts';
import './data-table.css';

type Row = Record<string, unknown>;
const features = tableFeatures({ columnVisibilityFeature, columnOrderingFeature, columnPinningFeature, columnSizingFeature });

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
  /** Replaces a cell's content (inline editing puts field widgets there); keep it stable so memoised rows skip re-rendering. */
  renderCell?(row: Row, column: ResolvedColumn): ReactNode;
  /** The user's column arrangement (hidden, order, pins, widths); the schema's own without it. */
  settings?: TableSettings;
  /** Footer row: field → sum/avg/min/max/count over `rows` (columns' own `summary` are added). */
  summary?: Record<string, SummaryFn>;
  /** Which rows the footer counts (an expression over `record`); all without it. */
  summaryWhere?: string;
  /** The footer's label; "Total" unless the host says what the rows are ("Page total"). */
  summaryLabel?: string;
  /**
   * The values a row's summary reads, when the rows only point at them (inline lines keep each
   * line's values in its own observable form): the footer then follows every edit by itself.
   */
  summaryValuesOf?: (row: Row) => Row;
}

/**
 * The list table: TanStack Table for the column model (visibility, order, pinning, sizes), our own
 * rows with a fixed height so react-virtual renders only what is on screen (10,000 rows cost as
 * much as 20). Pinned columns and the summary footer stay in view with `position: sticky`.
 */
export const DataTable = observer(function DataTable(p: DataTableProps) {
  const s = useServices();
  const rowHeight = p.rowHeight ?? 40;
  const defs = useMemo<ColumnDef<typeof features, Row>[]>(
    () => p.columns.map((c) => ({ id: c.field, accessorFn: (r: Row) => r[c.field], header: c.field, size: c.width ?? 160 }) as ColumnDef<typeof features, Row>),
    [p.columns],
  );
  const settings = useMemo(() => p.settings ?? schemaSettings(p.columns), [p.settings, p.columns]);
  const state = useMemo(() => toTableState(settings, p.hiddenColumns), [settings, p.hiddenColumns]);
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
  const table = useTable({ features, columns: defs, data, state, getRowId: (r: Row) => String(r[p.rowKey]) });
  const selectWidth = p.selection ? 48 : 0;
  const stickySelect = !!p.selection && settings.pinned.left.length > 0;
  // Stable between renders so memoised rows (DataRow) can skip re-rendering; the model changes
  // only with the columns or the state slices.
  const cells = s.registries.cellRenderers;
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `table` is a new wrapper each render over the same model
  const visible = useMemo(() => placeColumns(table, p.columns, selectWidth).map((pc) => ({ ...pc, Cell: cells.peek(pc.column.cell) })), [defs, state, p.columns, selectWidth, cells]);
  const summary = useMemo(() => summarySpec(p.columns, p.summary), [p.columns, p.summary]);
  const hasSummary = Object.keys(summary).length > 0;
  const totals = useMemo(() => (hasSummary && !p.summaryValuesOf ? summaryValues(p.rows, summary, p.summaryWhere) : {}), [hasSummary, p.rows, summary, p.summaryWhere, p.summaryValuesOf]);
  const rowModel = table.getRowModel().rows;
  const scrollRef = useRef<HTMLDivElement>(null);
  const reportRect = useRef<((rect: Rect) => void) | undefined>(undefined);
  const virtual = useVirtualizer({
    count: rowModel.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    // Rows re-render in place as they scroll (see `recycle`), so a few spare rows suffice; each costs every scroll jump.
    overscan: 3,
    observeElementRect: (instance, cb) => {
      reportRect.current = cb;
      return observeElementRect(instance, cb);
    },
  });
  const items = virtual.getVirtualItems();
  // A scroll jump replaces every row on screen. Keyed by their slot on screen instead of by record,
  // the row elements stay and only their cells' text changes, which costs a fraction of building
  // new rows. Tables whose cells hold editors (renderCell) keep one element per record, so no
  // editor state moves to another record.
  const recycle = !p.renderCell;
  // Slots only grow (the viewport settling after the first rows must not re-key rows already shown);
  // any run of at most `slots` consecutive indices has distinct keys modulo `slots`.
  const slots = useRef(0);
  slots.current = Math.max(slots.current, items.length);
  const actionsWidth = p.rowActions ? (p.rowActionsWidth ?? 180) : 0;
  const width = selectWidth + visible.reduce((n, c) => n + c.width, 0) + actionsWidth;
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
      <div className="dt-scroll" ref={scrollRef} style={{ height: height + rowHeight * (hasSummary ? 2 : 1) }}>
        <div style={{ width, minWidth: '100%' }}>
          <div className="dt-head" role="row" style={{ height: rowHeight }}>
            {p.selection && (
              <div className={`dt-cell dt-check${stickySelect ? ' dt-pin' : ''}`} style={{ width: selectWidth, left: stickySelect ? 0 : undefined }}>
                {p.selection === 'multiple' && (
                  <Checkbox aria-label="select all" checked={allChecked} indeterminate={!allChecked && allKeys.some((k) => selected.has(k))} onChange={(e) => p.onSelect?.(e.target.checked ? allKeys : [])} />
                )}
              </div>
            )}
            {visible.map((pc) => {
              const c = pc.column;
              const sortable = c.sortable ?? c.decl.sortable;
              const dir = p.sort?.field === c.field ? p.sort.order : undefined;
              return (
                <div
                  key={c.field}
                  role="columnheader"
                  aria-sort={dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : 'none'}
                  data-column={c.field}
                  data-pinned={pc.pin}
                  className={cellClass(pc, `dt-cell dt-th${sortable ? ' dt-sortable' : ''}`)}
                  style={cellStyle(pc, c.align === 'right')}
                  onClick={sortable ? () => p.onSort?.(c.field) : undefined}
                >
                  {s.label(c.label)}
                  {sortable && <span className="dt-sort">{dir === 'asc' ? '▲' : dir === 'desc' ? '▼' : '↕'}</span>}
                </div>
              );
            })}
            {p.rowActions && (
              <div className="dt-cell dt-th" style={{ width: actionsWidth }}>
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
              {items.map((vi) => {
                const row = rowModel[vi.index]!;
                return (
                  <DataRow
                    key={recycle ? vi.index % slots.current : row.id}
                    id={row.id}
                    data={row.original}
                    start={vi.start}
                    height={rowHeight}
                    columns={visible}
                    selection={p.selection}
                    selectWidth={selectWidth}
                    stickySelect={stickySelect}
                    selected={selected.has(row.id)}
                    onToggle={toggle}
                    actions={p.rowActions}
                    actionsWidth={actionsWidth}
                    tree={treeRows?.[vi.index]}
                    onExpand={onExpand}
                    renderCell={p.renderCell}
                  />
                );
              })}
            </div>
          )}
          {hasSummary && rowModel.length > 0 && (
            <SummaryRow
              columns={visible}
              spec={summary}
              values={totals}
              live={p.summaryValuesOf ? { rows: p.rows, valuesOf: p.summaryValuesOf, where: p.summaryWhere } : undefined}
              label={p.summaryLabel ?? s.t('hzero.common.table.total', 'Total')}
              height={rowHeight}
              selectWidth={selectWidth}
              stickySelect={stickySelect}
              actionsWidth={actionsWidth}
            />
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
