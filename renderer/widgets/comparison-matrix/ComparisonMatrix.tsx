import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, type ReactNode, useRef } from 'react';

export interface MatrixRow {
  key: string | number;
  /** What heads the row (a line: number, item, quantity). */
  head: ReactNode;
}

export interface MatrixColumn {
  key: string | number;
  title: ReactNode;
}

export interface ComparisonMatrixProps {
  rows: MatrixRow[];
  columns: MatrixColumn[];
  /** The first column's title. */
  corner?: ReactNode;
  /** A cell's content; undefined shows an empty cell (nothing offered there). */
  cell(row: MatrixRow, column: MatrixColumn): ReactNode;
  /** A cell to set apart (the suggested one of its row). */
  highlight?(row: MatrixRow, column: MatrixColumn): boolean;
  /** What closes each row (a row's total or saving). */
  tail?(row: MatrixRow): ReactNode;
  tailTitle?: ReactNode;
  testId?: string;
  /** A row's height before it is measured (px); rows are measured once shown. */
  rowHeight?: number;
}

/** Above this many rows only the rows in view (and a few more) are in the page: 500 lines × 30 suppliers would be 15,000 cells. */
const VIRTUAL_FROM = 60;

/**
 * A comparison matrix: rows against columns with a cell at each crossing, the row heads and
 * column titles sticky while it scrolls (lines × suppliers in a price check, items × periods,
 * anything compared side by side). Plain table markup, so a screen reader reads it as a grid
 * with its headers. A long matrix renders the rows in view only (spacer rows keep the scroll
 * height), so its first paint and each edit cost what is on screen, not every row.
 */
export function ComparisonMatrix({ rows, columns, corner, cell, highlight, tail, tailTitle, testId, rowHeight = 56 }: ComparisonMatrixProps) {
  const th = { position: 'sticky' as const, top: 0, background: 'var(--app-bg-alt, #fafafa)', borderBottom: '1px solid var(--app-border-split, #f0f0f0)', padding: '6px 8px', textAlign: 'left' as const, zIndex: 1 };
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualize = rows.length > VIRTUAL_FROM;
  // The virtualizer's functions change with scrolling; nothing here memoises them.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtual = useVirtualizer({
    count: virtualize ? rows.length : 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 4,
    // Until the container is measured, assume a screenful, so the first frame already shows rows.
    initialRect: { width: 1200, height: 700 },
  });
  const items = virtualize ? virtual.getVirtualItems() : [];
  const shown = virtualize ? items.map((i) => ({ row: rows[i.index]!, index: i.index })) : rows.map((row, index) => ({ row, index }));
  const before = virtualize && items.length ? items[0]!.start : 0;
  const after = virtualize && items.length ? virtual.getTotalSize() - items[items.length - 1]!.end : 0;
  const span = columns.length + 1 + (tail ? 1 : 0);
  return (
    <div ref={scrollRef} style={{ overflow: 'auto', maxHeight: '70vh' }} data-testid={testId}>
      <table style={{ borderCollapse: 'separate', borderSpacing: 0, minWidth: '100%' }} aria-rowcount={rows.length + 1}>
        <thead>
          <tr>
            <th scope="col" style={{ ...th, left: 0, zIndex: 2 }}>
              {corner}
            </th>
            {columns.map((c) => (
              <th scope="col" key={c.key} style={th}>
                {c.title}
              </th>
            ))}
            {tail && (
              <th scope="col" style={th}>
                {tailTitle}
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {before > 0 && <tr aria-hidden="true" style={{ height: before }}><td colSpan={span} /></tr>}
          {shown.map(({ row, index }) => (
            <MatrixRowView key={row.key} row={row} index={index} columns={columns} cell={cell} highlight={highlight} tail={tail} measure={virtualize ? virtual.measureElement : undefined} />
          ))}
          {after > 0 && <tr aria-hidden="true" style={{ height: after }}><td colSpan={span} /></tr>}
        </tbody>
      </table>
    </div>
  );
}

const td = { borderBottom: '1px solid var(--app-border-split, #f0f0f0)', padding: '6px 8px', verticalAlign: 'top' as const };

interface RowViewProps extends Pick<ComparisonMatrixProps, 'columns' | 'cell' | 'highlight' | 'tail'> {
  row: MatrixRow;
  index: number;
  measure?: (el: Element | null) => void;
}

const MatrixRowView = memo(function MatrixRowView({ row: r, index, columns, cell, highlight, tail, measure }: RowViewProps) {
  return (
    <tr ref={measure} data-index={index} aria-rowindex={index + 2}>
      <th scope="row" style={{ ...td, position: 'sticky', left: 0, background: 'var(--app-bg, #fff)', textAlign: 'left', fontWeight: 'normal' }}>
        {r.head}
      </th>
      {columns.map((c) => (
        <td key={c.key} style={{ ...td, background: highlight?.(r, c) ? 'var(--app-success-bg, #f6ffed)' : undefined }} data-row={r.key} data-column={c.key}>
          {cell(r, c)}
        </td>
      ))}
      {tail && <td style={td}>{tail(r)}</td>}
    </tr>
  );
});
