import type { ResolvedColumn } from '../schema/resolve-field.ts';

export interface CellProps {
  column: ResolvedColumn;
  row: Record<string, unknown>;
  value: unknown;
}
