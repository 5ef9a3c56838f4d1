import type { ReactNode } from 'react';
import './cell-tag.css';

/**
 * A status or flag label in a table cell. Looks like antd's Tag but is a plain span with a class:
 * a list paints ~20 of these per screen on every scroll step, and antd's Tag runs its style hooks
 * for each one (measured in BENCHMARKS.md, scenarios 1–2).
 */
export function CellTag({ color, children }: { color?: string; children: ReactNode }) {
  return <span className={`cell-tag cell-tag-${color ?? 'default'}`}>{children}</span>;
}
