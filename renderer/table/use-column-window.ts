import { useVirtualizer } from '@tanstack/react-virtual';
import { type RefObject, useMemo } from 'react';
import { type ColumnWindow, WINDOW_FROM_PX } from './column-window.ts';
import type { PlacedColumn } from './placed-columns.ts';

/**
 * Column virtualisation for wide tables: react-virtual, horizontally, over the unpinned columns
 * (which follow the left pins in the placed order). Undefined (every column drawn) below
 * WINDOW_FROM_PX. `reveal` scrolls a column into view before the keyboard focuses one of its cells.
 */
export function useColumnWindow(scrollRef: RefObject<HTMLDivElement | null>, columns: readonly PlacedColumn[], leftInset: number): { window?: ColumnWindow; reveal(index: number): void } {
  const first = columns.findIndex((c) => !c.pin);
  const centre = useMemo(() => columns.filter((c) => !c.pin), [columns]);
  const centreWidth = centre.reduce((n, c) => n + c.width, 0);
  const pinnedLeft = columns.filter((c) => c.pin === 'left').reduce((n, c) => n + c.width, 0);
  const on = centreWidth > WINDOW_FROM_PX;
  // The window is read from the virtualizer on every render (nothing memoised holds its functions).
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtual = useVirtualizer({
    horizontal: true,
    count: on ? centre.length : 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) => centre[i]?.width ?? 0,
    paddingStart: leftInset + pinnedLeft,
    // A column or two beyond each edge: a sideways scroll step then finds its cells drawn.
    overscan: 2,
    // Before the first measurement, about a screen: the first frame already holds the columns in view.
    initialRect: { width: typeof window === 'undefined' ? 1440 : window.innerWidth, height: 0 },
  });
  const items = virtual.getVirtualItems();
  const head = items[0];
  const tail = items[items.length - 1];
  const from = on && head ? first + head.index : -1;
  const to = on && tail ? first + tail.index : -1;
  const before = head ? head.start - (leftInset + pinnedLeft) : 0;
  const after = tail ? centreWidth - (tail.end - (leftInset + pinnedLeft)) : 0;
  // One object per window, so memoised rows re-render only when the window moves.
  const win = useMemo(() => (on && from >= 0 ? { from, to, before, after } : undefined), [on, from, to, before, after]);
  return {
    window: win,
    reveal: (index: number) => {
      if (on && !columns[index]?.pin && index >= first) virtual.scrollToIndex(index - first);
    },
  };
}
