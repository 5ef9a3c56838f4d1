import type { ComponentType, CSSProperties } from 'react';
import type { CellProps } from '../contracts/cells.ts';
import type { ResolvedColumn } from '../schema/resolve-field.ts';

/** A visible column as the rows draw it: its width, and where it sticks when pinned. */
export interface PlacedColumn {
  column: ResolvedColumn;
  /** Its cell renderer, looked up once per placement (loaded before the rows render). */
  Cell?: ComponentType<CellProps>;
  width: number;
  pin?: 'left' | 'right';
  /** Distance from the pinned side's edge (px), for `position: sticky`. */
  offset: number;
  /** The innermost pinned column of its side: it draws the shadow over the scrolling columns. */
  edge?: boolean;
}

/** What `placeColumns` reads from a TanStack table with the pinning and sizing features. */
interface PinnedColumn {
  id: string;
  getSize(): number;
  getStart(position?: 'start'): number;
  getAfter(position?: 'end'): number;
}

/**
 * The visible columns in display order (left pins, the rest, right pins) from TanStack Table's
 * column model: pinning gives the groups, sizing the widths and the sticky offsets. Left offsets
 * start after the selection column, which sticks with them.
 */
export function placeColumns(
  table: { getPinnedVisibleLeafColumns(position: 'start' | 'end' | 'center'): PinnedColumn[] },
  columns: readonly ResolvedColumn[],
  leftInset: number,
): PlacedColumn[] {
  const byField = new Map(columns.map((c) => [c.field, c]));
  const start = table.getPinnedVisibleLeafColumns('start');
  const end = table.getPinnedVisibleLeafColumns('end');
  return [
    ...start.map((c, i) => ({ column: byField.get(c.id)!, width: c.getSize(), pin: 'left' as const, offset: leftInset + c.getStart('start'), edge: i === start.length - 1 })),
    ...table.getPinnedVisibleLeafColumns('center').map((c) => ({ column: byField.get(c.id)!, width: c.getSize(), offset: 0 })),
    ...end.map((c, i) => ({ column: byField.get(c.id)!, width: c.getSize(), pin: 'right' as const, offset: c.getAfter('end'), edge: i === 0 })),
  ];
}

export function cellClass(pc: PlacedColumn, base = 'dt-cell'): string {
  if (!pc.pin) return base;
  return `${base} dt-pin dt-pin-${pc.pin}${pc.edge ? ` dt-pin-edge-${pc.pin}` : ''}`;
}

export function cellStyle(pc: PlacedColumn, alignEnd: boolean): CSSProperties {
  return {
    width: pc.width,
    justifyContent: alignEnd ? 'flex-end' : undefined,
    ...(pc.pin === 'left' ? { left: pc.offset } : pc.pin === 'right' ? { right: pc.offset } : {}),
  };
}
