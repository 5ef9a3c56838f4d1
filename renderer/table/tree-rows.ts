type Row = Record<string, unknown>;

/** One visible row of a tree table: the row, how deep it sits, and whether it can open. */
export interface TreeRow {
  row: Row;
  key: string;
  depth: number;
  hasChildren: boolean;
  expanded: boolean;
}

const noParent = (v: unknown) => v === null || v === undefined || v === '';

/**
 * Flattens rows that point at their parent (`parentField` holds the parent's `rowKey`) into the
 * rows a tree table shows: depth first, children under their parent in the order they came,
 * collapsed branches left out. Rows whose parent is not among the rows (another page, filtered
 * out) become roots, and rows caught in a cycle are shown as roots too, so no row is ever lost.
 * `isExpanded(key, depth)` decides which rows are open.
 */
export function flattenTree(rows: Row[], rowKey: string, parentField: string, isExpanded: (key: string, depth: number) => boolean): TreeRow[] {
  const keyOf = (r: Row) => String(r[rowKey]);
  const byKey = new Map(rows.map((r) => [keyOf(r), r]));
  const keys = new Set(byKey.keys());
  const children = new Map<string, Row[]>();
  const roots: Row[] = [];
  for (const r of rows) {
    const parent = r[parentField];
    if (noParent(parent) || !keys.has(String(parent)) || String(parent) === keyOf(r)) roots.push(r);
    else children.set(String(parent), [...(children.get(String(parent)) ?? []), r]);
  }
  const out: TreeRow[] = [];
  const seen = new Set<string>();
  const visit = (start: Row) => {
    // An explicit stack: a deep hierarchy cannot overflow the call stack.
    const stack: Array<[Row, number]> = [[start, 0]];
    while (stack.length) {
      const [r, depth] = stack.pop()!;
      const key = keyOf(r);
      if (seen.has(key)) continue;
      seen.add(key);
      const kids = children.get(key) ?? [];
      const expanded = kids.length > 0 && isExpanded(key, depth);
      out.push({ row: r, key, depth, hasChildren: kids.length > 0, expanded });
      if (expanded) for (let i = kids.length - 1; i >= 0; i--) stack.push([kids[i]!, depth + 1]);
    }
  };
  for (const r of roots) visit(r);
  // Rows only reachable through a cycle (a → b → a): shown at the top level rather than dropped.
  for (const r of rows) if (!seen.has(keyOf(r)) && !hiddenUnderCollapsed(r)) visit(r);
  return out;

  /** A row under a collapsed (or not yet visited) ancestor that is itself shown is hidden on purpose. */
  function hiddenUnderCollapsed(r: Row): boolean {
    const path = new Set<string>();
    let cur: Row | undefined = r;
    while (cur) {
      const key = keyOf(cur);
      if (path.has(key)) return false; // a cycle: nothing above it is a real root
      path.add(key);
      const parent: unknown = cur[parentField];
      if (noParent(parent) || !keys.has(String(parent))) return true;
      if (seen.has(String(parent))) return true;
      cur = byKey.get(String(parent));
    }
    return true;
  }
}
