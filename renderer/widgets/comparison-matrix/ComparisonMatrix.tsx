import type { ReactNode } from 'react';

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
}

/**
 * A comparison matrix: rows against columns with a cell at each crossing, the row heads and
 * column titles sticky while it scrolls (lines × suppliers in a price check, items × periods,
 * anything compared side by side). Plain table markup, so a screen reader reads it as a grid
 * with its headers.
 */
export function ComparisonMatrix({ rows, columns, corner, cell, highlight, tail, tailTitle, testId }: ComparisonMatrixProps) {
  const th = { position: 'sticky' as const, top: 0, background: 'var(--app-bg-alt, #fafafa)', borderBottom: '1px solid var(--app-border-split, #f0f0f0)', padding: '6px 8px', textAlign: 'left' as const, zIndex: 1 };
  const td = { borderBottom: '1px solid #f0f0f0', padding: '6px 8px', verticalAlign: 'top' as const };
  return (
    <div style={{ overflow: 'auto', maxHeight: '70vh' }} data-testid={testId}>
      <table style={{ borderCollapse: 'separate', borderSpacing: 0, minWidth: '100%' }}>
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
          {rows.map((r) => (
            <tr key={r.key}>
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
          ))}
        </tbody>
      </table>
    </div>
  );
}
