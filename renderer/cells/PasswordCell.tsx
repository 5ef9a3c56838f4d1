import type { CellProps } from '../contracts/cells.ts';

/** A secret in a list: only whether one is set, never its characters. */
export default function PasswordCell({ value }: CellProps) {
  return <>{value === null || value === undefined || value === '' ? '' : '••••••'}</>;
}
