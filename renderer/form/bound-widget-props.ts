import type { ResolvedField } from '../schema/resolve-field.ts';
import type { FormStore } from './FormStore.ts';

/** What a field widget editing a FormStore's field receives: its value, the record, its lock and its setters. */
export function boundWidgetProps(form: FormStore, field: ResolvedField, id: string) {
  return {
    field,
    id,
    mode: 'edit' as const,
    value: form.values[field.name],
    record: form.values,
    disabled: form.isDisabled(field),
    onChange: (v: unknown) => form.setValue(field.name, v),
    setValue: (n: string, v: unknown) => form.setValue(n, v),
  };
}
