import type { CSSProperties } from 'react';
import type { PlacedColumn } from './placed-columns.ts';

/**
 * The unpinned columns a wide table draws: `from`..`to` (inclusive, indices into the placed
 * columns), with the widths of the ones left out before and after them kept as margins, so the
 * drawn cells sit where they would with every column present and sticky pins stay at the edges.
 */
export interface ColumnWindow {
  from: number;
  to: number;
  before: number;
  after: number;
}

/**
 * From this total width of unpinned columns (px, about two screens) a table draws only the
 * columns in view. Narrower tables draw every cell: nothing to gain, and find-in-page sees all.
 */
export const WINDOW_FROM_PX = 2400;

/** A column as a row draws it: its place among the placed columns, and the margin standing for left-out neighbours. */
export interface ShownColumn {
  pc: PlacedColumn;
  index: number;
  margin?: CSSProperties;
}

/** The placed columns a row draws under `w` (all of them without one): pinned ones always. */
export function shownColumns(columns: readonly PlacedColumn[], w: ColumnWindow | undefined): ShownColumn[] {
  if (!w) return columns.map((pc, index) => ({ pc, index }));
  const out: ShownColumn[] = [];
  columns.forEach((pc, index) => {
    if (pc.pin) out.push({ pc, index });
    else if (index >= w.from && index <= w.to) {
      const margin = { ...(index === w.from && w.before ? { marginLeft: w.before } : {}), ...(index === w.to && w.after ? { marginRight: w.after } : {}) };
      out.push({ pc, index, ...(Object.keys(margin).length ? { margin } : {}) });
    }
  });
  return out;
}
