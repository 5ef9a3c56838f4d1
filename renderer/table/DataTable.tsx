import { columnVisibilityFeature, tableFeatures, useTable, type ColumnDef } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Checkbox, Empty, Spin } from 'antd';
import { observer } from 'mobx-react-lite';
import { type ReactNode, useMemo, useRef } from 'react';
import { cellRenderers } from '../registry/builtins.ts';
import { useServices } from '../runtime/services.ts';
import type { ResolvedColumn } from '../schema/resolve-field.ts';
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
  const table = useTable({ features, columns: defs, data: p.rows, state: { columnVisibility }, getRowId: (r: Row) => String(r[p.rowKey]) });
  const visible = table.getVisibleLeafColumns().map((c) => p.columns.find((x) => x.field === c.id)!);
  const rowModel = table.getRowModel().rows;
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtual = useVirtualizer({ count: rowModel.length, getScrollElement: () => scrollRef.current, estimateSize: () => rowHeight, overscan: 8 });
  const selectWidth = p.selection ? 48 : 0;
  const width = selectWidth + visible.reduce((n, c) => n + (c.width ?? 160), 0) + (p.rowActions ? (p.rowActionsWidth ?? 180) : 0);
  const allKeys = rowModel.map((r) => r.id);
  const selected = p.selected ?? new Set<string>();
  const allChecked = allKeys.length > 0 && allKeys.every((k) => selected.has(k));
  const toggle = (key: string, on: boolean) => {
    if (p.selection === 'single') p.onSelect?.(on ? [key] : []);
    else p.onSelect?.(on ? [...selected, key] : [...selected].filter((k) => k !== key));
  };
  const height = p.height ?? Math.min(Math.max(rowModel.length, 3) * rowHeight + 2, 560);

  return (
    <div className="dt" role="table" aria-rowcount={rowModel.length}>
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
                const data = row.original;
                const isSel = selected.has(row.id);
                return (
                  <div key={row.id} role="row" data-row-key={row.id} className={`dt-row${isSel ? ' dt-selected' : ''}`} style={{ height: rowHeight, transform: `translateY(${vi.start}px)` }}>
                    {p.selection && (
                      <div className="dt-cell dt-check" style={{ width: selectWidth }}>
                        <Checkbox aria-label={`select ${row.id}`} checked={isSel} onChange={(e) => toggle(row.id, e.target.checked)} />
                      </div>
                    )}
                    {visible.map((c) => {
                      const Cell = cellRenderers.peek(c.cell);
                      return (
                        <div key={c.field} role="cell" data-column={c.field} className="dt-cell" style={{ width: c.width ?? 160, justifyContent: c.align === 'right' || c.cell === 'money' || c.cell === 'number' ? 'flex-end' : undefined }}>
                          {Cell ? <Cell column={c} row={data} value={data[c.field]} /> : String(data[c.field] ?? '')}
                        </div>
                      );
                    })}
                    {p.rowActions && (
                      <div className="dt-cell" style={{ width: p.rowActionsWidth ?? 180 }}>
                        {p.rowActions(data)}
                      </div>
                    )}
                  </div>
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
