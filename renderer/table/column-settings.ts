import type { ResolvedColumn } from '../schema/resolve-field.ts';

/**
 * A user's arrangement of one table's columns, saved per user and screen on the server
 * (`/hpfm/v1/{tenantId}/table-settings/{screenCode}`). `order` is the display order of every
 * column; the pinned lists follow it, so moving a column never needs two orders kept in step.
 */
export interface TableSettings {
  hidden: string[];
  order: string[];
  pinned: { left: string[]; right: string[] };
  widths: Record<string, number>;
}

export type PinSide = 'left' | 'right';

/** The arrangement the schema declares: its column order, `hidden` columns, `fixed` pins. */
export function schemaSettings(columns: ResolvedColumn[]): TableSettings {
  return {
    hidden: columns.filter((c) => c.hidden).map((c) => c.field),
    order: columns.map((c) => c.field),
    pinned: { left: columns.filter((c) => c.fixed === 'left').map((c) => c.field), right: columns.filter((c) => c.fixed === 'right').map((c) => c.field) },
    widths: {},
  };
}

/**
 * Saved settings laid over the schema: names no longer in the schema are dropped (a column was
 * removed since), columns added since keep their schema place after their schema predecessor.
 */
export function mergeSettings(columns: ResolvedColumn[], saved: Partial<TableSettings> | null | undefined): TableSettings {
  const base = schemaSettings(columns);
  if (!saved) return base;
  const known = new Set(base.order);
  const keep = (xs: unknown) => (Array.isArray(xs) ? [...new Set(xs.filter((x): x is string => typeof x === 'string' && known.has(x)))] : undefined);
  const order = keep(saved.order) ?? [];
  base.order.forEach((f, i) => {
    if (order.includes(f)) return;
    const before = i === 0 ? -1 : order.indexOf(base.order[i - 1]!);
    order.splice(before + 1, 0, f);
  });
  const left = keep(saved.pinned?.left) ?? base.pinned.left;
  const right = (keep(saved.pinned?.right) ?? base.pinned.right).filter((f) => !left.includes(f));
  const widths: Record<string, number> = {};
  for (const [f, w] of Object.entries(saved.widths ?? {})) if (known.has(f) && typeof w === 'number' && w > 0) widths[f] = w;
  return sortPins({ hidden: keep(saved.hidden) ?? base.hidden, order, pinned: { left, right }, widths });
}

/** Shows or hides a column. */
export function setHidden(s: TableSettings, field: string, hidden: boolean): TableSettings {
  const rest = s.hidden.filter((f) => f !== field);
  return { ...s, hidden: hidden ? [...rest, field] : rest };
}

/** Pins a column to a side, or unpins it (`null`). */
export function setPinned(s: TableSettings, field: string, side: PinSide | null): TableSettings {
  const left = s.pinned.left.filter((f) => f !== field);
  const right = s.pinned.right.filter((f) => f !== field);
  if (side === 'left') left.push(field);
  if (side === 'right') right.push(field);
  return sortPins({ ...s, pinned: { left, right } });
}

export function pinOf(s: TableSettings, field: string): PinSide | null {
  return s.pinned.left.includes(field) ? 'left' : s.pinned.right.includes(field) ? 'right' : null;
}

/** Every column in the order the table shows it: left pins, the rest, right pins. */
export function displayOrder(s: TableSettings): string[] {
  const pinned = new Set([...s.pinned.left, ...s.pinned.right]);
  return [...s.pinned.left, ...s.order.filter((f) => !pinned.has(f)), ...s.pinned.right];
}

/**
 * Moves a column one place up (-1) or down (+1) among the columns of its own group (left pins,
 * unpinned, right pins); at the group's edge nothing changes.
 */
export function moveColumn(s: TableSettings, field: string, delta: -1 | 1): TableSettings {
  const side = pinOf(s, field);
  const group = displayOrder(s).filter((f) => pinOf(s, f) === side);
  const at = group.indexOf(field);
  const other = group[at + delta];
  if (at < 0 || other === undefined) return s;
  const order = [...s.order];
  const i = order.indexOf(field);
  const j = order.indexOf(other);
  order[i] = other;
  order[j] = field;
  return sortPins({ ...s, order });
}

/** The same settings, compared by content (a saved copy of the defaults is the defaults). */
export function sameSettings(a: TableSettings, b: TableSettings): boolean {
  const sorted = (xs: string[]) => [...xs].sort().join('\u0000');
  return (
    sorted(a.hidden) === sorted(b.hidden) &&
    a.order.join('\u0000') === b.order.join('\u0000') &&
    a.pinned.left.join('\u0000') === b.pinned.left.join('\u0000') &&
    a.pinned.right.join('\u0000') === b.pinned.right.join('\u0000') &&
    JSON.stringify(Object.entries(a.widths).sort()) === JSON.stringify(Object.entries(b.widths).sort())
  );
}

/**
 * TanStack Table's state slices for these settings (visibility, order, pinning as start/end,
 * sizing). `alsoHidden` are columns the host hides whatever the user chose.
 */
export function toTableState(s: TableSettings, alsoHidden: readonly string[] = []) {
  return {
    columnVisibility: Object.fromEntries([...s.hidden, ...alsoHidden].map((f) => [f, false])) as Record<string, boolean>,
    columnOrder: s.order,
    columnPinning: { start: s.pinned.left, end: s.pinned.right },
    columnSizing: s.widths,
  };
}

/** Pinned lists kept in display order, so the table and the panel agree without a second order. */
function sortPins(s: TableSettings): TableSettings {
  const rank = (f: string) => s.order.indexOf(f);
  const by = (a: string, b: string) => rank(a) - rank(b);
  return { ...s, pinned: { left: [...s.pinned.left].sort(by), right: [...s.pinned.right].sort(by) } };
}
