import { columnOrderingFeature, columnPinningFeature, columnSizingFeature, columnVisibilityFeature, tableFeatures, useTable, type ColumnDef } from '@tanstack/react-table';
import { observeElementRect, type Rect, useVirtualizer } from '@tanstack/react-virtual';
import { Checkbox, Empty, Spin } from 'antd';
import { observer } from 'mobx-react-lite';
import { type FocusEvent, type KeyboardEvent, type ReactNode, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useServices } from '../runtime/services.ts';
import { evaluateFlag } from '../schema/expressions/evaluate.ts';
import type { ResolvedColumn } from '../schema/resolve-field.ts';
import type { SummaryFn } from '../schema/screen.ts';
import { schemaSettings, type TableSettings, toTableState } from './column-settings.ts';
import { shownColumns } from './column-window.ts';
import { DataRow } from './DataRow.tsx';
import { type GridPos, moveInGrid, rowTarget } from './grid-keys.ts';
import { cellClass, cellStyle, placeColumns } from './placed-columns.ts';
import { summarySpec, summaryValues } from './summary.ts';
import { SummaryRow } from './SummaryRow.tsx';
import { flattenTree } from './tree-rows.ts';
import { useColumnWindow } from './use-column-window.ts';
import './data-table.css';

type Row = Record<string, unknown>;
const features = tableFeatures({ columnVisibilityFeature, columnOrderingFeature, columnPinningFeature, columnSizingFeature });

export interface DataTableProps {
  columns: ResolvedColumn[];
  rows: Row[];
  rowKey: string;
  loading?: boolean;
  /** Shown in the grid when there are no rows (the list's empty or problem state); antd's plain "No data" otherwise. */
  empty?: ReactNode;
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
  /** Rows to draw the eye to: an expression over `record` (the values `summaryValuesOf` gives, where set). */
  highlight?: string;
  /** What the grid lists, for screen readers (the screen's or tab's title). */
  label?: string;
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
  const height = p.height ?? Math.min(Math.max(rowModel.length, 3) * rowHeight + 2, 560);
  // The scroll box's height (rows, head and summary) is set below; with it the first render
  // already holds a full screen of rows, instead of a few before the box is measured and the
  // rest in a second render and commit.
  const boxHeight = height + rowHeight * (hasSummary ? 2 : 1);
  const virtual = useVirtualizer({
    count: rowModel.length,
    getScrollElement: () => scrollRef.current,
    initialRect: { width: 0, height: boxHeight },
    estimateSize: () => rowHeight,
    // Rows re-render in place as they scroll (see `recycle`), so a few spare rows suffice; each costs every scroll jump.
    overscan: 3,
    observeElementRect: (instance, cb) => {
      reportRect.current = cb;
      return observeElementRect(instance, cb);
    },
  });
  const items = virtual.getVirtualItems();
  // Wide tables draw only the columns in view, as the rows draw only the rows in view.
  const columnWindow = useColumnWindow(scrollRef, visible, selectWidth);
  const win = columnWindow.window;
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
  // Keyboard (WAI-ARIA grid): one cell is the grid's tab stop; arrows, Home/End and PageUp/Down
  // move it, scrolling the virtual list so the row exists before it is focused.
  const colCount = (p.selection ? 1 : 0) + visible.length + (p.rowActions ? 1 : 0);
  const [active, setActive] = useState<GridPos>({ row: 0, col: 0 });
  const at = { row: Math.min(active.row, Math.max(rowModel.length - 1, 0)), col: Math.min(active.col, Math.max(colCount - 1, 0)) };
  const focusWanted = useRef(false);
  useEffect(() => {
    if (!focusWanted.current) return;
    let tries = 0;
    const focus = () => {
      const cell = scrollRef.current?.querySelector<HTMLElement>(`[data-row-index="${at.row}"] [data-col="${at.col}"]`);
      if (cell) {
        focusWanted.current = false;
        cell.focus();
      } else if (tries++ < 10) requestAnimationFrame(focus);
    };
    focus();
  }, [at.row, at.col]);
  // Scrolled away from (by the wheel), the focused cell's row is no longer rendered: the grid itself
  // is then the tab stop, and its keys move on from the cell it had.
  const activeShown = items.some((vi) => vi.index === at.row);
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const cell = e.target as HTMLElement;
    // Keys typed into a cell's own widget (an inline editor, a link's menu) are that widget's.
    const onGrid = cell === scrollRef.current;
    if (!onGrid && (cell.getAttribute('role') !== 'gridcell' || !cell.closest('[data-row-index]'))) return;
    const next = moveInGrid(at, e.key, e.ctrlKey || e.metaKey, rowModel.length, colCount, Math.max(1, Math.floor(height / rowHeight) - 1));
    if (next) {
      e.preventDefault();
      focusWanted.current = true;
      virtual.scrollToIndex(next.row);
      columnWindow.reveal(next.col - (p.selection ? 1 : 0));
      setActive(next);
    } else if (e.key === 'Enter' && !onGrid) {
      const target = rowTarget(cell);
      if (target) {
        e.preventDefault();
        target.click();
      }
    } else if (e.key === ' ' && p.selection) {
      e.preventDefault();
      const key = rowModel[at.row]?.id;
      if (key !== undefined) toggle(key, !selected.has(key));
    }
  };
  // A click or Tab into a cell (or into a link inside it) makes that cell the tab stop.
  const onFocus = (e: FocusEvent<HTMLDivElement>) => {
    const cell = (e.target as HTMLElement).closest<HTMLElement>('[data-col]');
    const row = cell?.closest<HTMLElement>('[data-row-index]');
    if (!cell || !row) return;
    const pos = { row: Number(row.dataset.rowIndex), col: Number(cell.dataset.col) };
    if (pos.row !== at.row || pos.col !== at.col) setActive(pos);
  };
  // The viewport grows when the first rows arrive. react-virtual learns that from its
  // ResizeObserver and would render the rows below the old height one frame later; reporting the
  // new size here, before paint, puts a full screen of rows in the first painted frame.
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (el) reportRect.current?.({ width: el.clientWidth, height: el.clientHeight });
  }, [height]);

  return (
    <div className="dt">
      {/* Only the rows on screen exist: the counts and each row's index let a screen reader say "row 5,003 of 10,001". */}
      <div
        className="dt-scroll"
        ref={scrollRef}
        role={p.tree ? 'treegrid' : 'grid'}
        aria-label={p.label}
        aria-rowcount={rowModel.length + 1 + (hasSummary && rowModel.length > 0 ? 1 : 0)}
        aria-colcount={colCount}
        aria-multiselectable={p.selection === 'multiple' || undefined}
        aria-busy={p.loading || undefined}
        tabIndex={activeShown || rowModel.length === 0 ? undefined : 0}
        onKeyDown={onKeyDown}
        onFocus={onFocus}
        style={{ height: boxHeight }}
      >
        <div style={{ width, minWidth: '100%' }}>
          <div className="dt-head" role="row" aria-rowindex={1} style={{ height: rowHeight }}>
            {p.selection && (
              <div role="columnheader" aria-colindex={win ? 1 : undefined} className={`dt-cell dt-check${stickySelect ? ' dt-pin' : ''}`} style={{ width: selectWidth, left: stickySelect ? 0 : undefined }}>
                {p.selection === 'multiple' && (
                  <Checkbox aria-label="select all" checked={allChecked} indeterminate={!allChecked && allKeys.some((k) => selected.has(k))} onChange={(e) => p.onSelect?.(e.target.checked ? allKeys : [])} />
                )}
              </div>
            )}
            {shownColumns(visible, win).map(({ pc, index, margin }) => {
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
                  aria-colindex={win ? index + (p.selection ? 2 : 1) : undefined}
                  className={cellClass(pc, `dt-cell dt-th${sortable ? ' dt-sortable' : ''}`)}
                  style={{ ...cellStyle(pc, c.align === 'right'), ...margin }}
                >
                  {sortable ? (
                    // A button, so sorting is reachable by Tab and Enter as by the mouse.
                    <button type="button" className="dt-sort-button" onClick={() => p.onSort?.(c.field)}>
                      {s.label(c.label)}
                      <span className="dt-sort" aria-hidden>
                        {dir === 'asc' ? '▲' : dir === 'desc' ? '▼' : '↕'}
                      </span>
                    </button>
                  ) : (
                    s.label(c.label)
                  )}
                </div>
              );
            })}
            {p.rowActions && (
              <div role="columnheader" aria-colindex={win ? colCount : undefined} className="dt-cell dt-th" style={{ width: actionsWidth }}>
                {s.t('hzero.common.model.action', 'Action')}
              </div>
            )}
          </div>
          {rowModel.length === 0 && !p.loading ? (
            <div role="row" aria-rowindex={2}>
              <div role="gridcell" aria-colspan={colCount} className="dt-empty">
                {p.empty ?? <Empty description={s.t('hzero.common.message.empty', 'No data')} image={Empty.PRESENTED_IMAGE_SIMPLE} />}
              </div>
            </div>
          ) : (
            <div style={{ height: virtual.getTotalSize(), position: 'relative' }}>
              {items.map((vi) => {
                const row = rowModel[vi.index]!;
                const highlighted = p.highlight ? evaluateFlag(p.highlight, { record: p.summaryValuesOf ? p.summaryValuesOf(row.original) : row.original }, false) : false;
                return (
                  <DataRow
                    key={recycle ? vi.index % slots.current : row.id}
                    id={row.id}
                    index={vi.index}
                    activeCol={vi.index === at.row ? at.col : undefined}
                    data={row.original}
                    start={vi.start}
                    height={rowHeight}
                    columns={visible}
                    columnWindow={win}
                    selection={p.selection}
                    selectWidth={selectWidth}
                    stickySelect={stickySelect}
                    selected={selected.has(row.id)}
                    highlighted={highlighted}
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
              columnWindow={win}
              spec={summary}
              values={totals}
              live={p.summaryValuesOf ? { rows: p.rows, valuesOf: p.summaryValuesOf, where: p.summaryWhere } : undefined}
              label={p.summaryLabel ?? s.t('hzero.common.table.total', 'Total')}
              rowIndex={rowModel.length + 2}
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
