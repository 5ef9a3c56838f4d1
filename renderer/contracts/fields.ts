import type { ResolvedField } from '../schema/resolve-field.ts';

/** What every field widget receives. Widgets are controlled: value in, onChange out. */
export interface FieldProps {
  field: ResolvedField;
  value: unknown;
  onChange(value: unknown): void;
  /** Other values of the record, for LOV mappings and cascades. */
  record: Record<string, unknown>;
  setValue(name: string, value: unknown): void;
  disabled?: boolean;
  mode: 'edit' | 'search' | 'view';
  id: string;
  placeholder?: string;
}
