/** A cell of the table's grid: the data row's index (0 = first record) and the column's (0 = leftmost cell). */
export interface GridPos {
  row: number;
  col: number;
}

/**
 * Where a navigation key moves the grid's focus (the WAI-ARIA grid pattern): arrows by one cell,
 * Home/End to the row's ends (with Ctrl to the first/last cell of the table), PageUp/PageDown by
 * `page` rows. Stays inside the grid; undefined for keys that are not navigation.
 */
export function moveInGrid(pos: GridPos, key: string, ctrl: boolean, rows: number, cols: number, page: number): GridPos | undefined {
  if (rows === 0 || cols === 0) return undefined;
  const lastRow = rows - 1;
  const lastCol = cols - 1;
  const clamp = (n: number, max: number) => Math.min(Math.max(n, 0), max);
  const at = (row: number, col: number) => ({ row: clamp(row, lastRow), col: clamp(col, lastCol) });
  switch (key) {
    case 'ArrowDown':
      return at(pos.row + 1, pos.col);
    case 'ArrowUp':
      return at(pos.row - 1, pos.col);
    case 'ArrowRight':
      return at(pos.row, pos.col + 1);
    case 'ArrowLeft':
      return at(pos.row, pos.col - 1);
    case 'Home':
      return at(ctrl ? 0 : pos.row, 0);
    case 'End':
      return at(ctrl ? lastRow : pos.row, lastCol);
    case 'PageDown':
      return at(pos.row + page, pos.col);
    case 'PageUp':
      return at(pos.row - page, pos.col);
    default:
      return undefined;
  }
}

/** The interactive element Enter activates in a row: the focused cell's own first, else the row's first link. */
export function rowTarget(cell: Element): HTMLElement | undefined {
  const own = cell.querySelector<HTMLElement>('a[href], button:not([disabled])');
  if (own) return own;
  return cell.closest('[role="row"]')?.querySelector<HTMLElement>('a[href]') ?? undefined;
}
