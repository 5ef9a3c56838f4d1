import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import type { FormStore } from '../../form/FormStore.ts';
import { formatDateValue } from '../../format/date.ts';
import { useDecimals } from '../../format/money.ts';
import { formatKept } from '../../format/number.ts';
import { typedNumber } from '../../fields/typed-number.ts';
import { useDateSettings } from '../../format/use-date-settings.ts';
import { meaningOf } from '../../schema/meaning.ts';
import type { ResolvedField } from '../../schema/resolve-field.ts';
import './light-cell.css';

/**
 * Why: an order of 2,000 lines shows about 20 editable rows at a time, and as antd widgets each
 * row mounts eight or nine of them (InputNumber, Select, DatePicker …): ~180 components that
 * took most of a second to mount. Saved lines therefore edit text and numbers in a plain input
 * bound to the line's form (the same values, validation and errors), and show select, date and
 * lookup values in a plain input that wakes the real widget when focused or clicked. New and
 * edited lines, and lines with an error, keep the full widgets.
 */
export const LIGHT_WIDGETS = new Set(['input', 'number', 'money', 'percent']);


/**
 * Text and numbers: a native input. Numbers show their decimals without separators, so focusing
 * the cell never rewrites its text under the caret (a select-all then typed digit replaces it).
 */
export const LightInput = observer(function LightInput({ form, field, id, label, disabled }: { form: FormStore; field: ResolvedField; id: string; label: string; disabled: boolean }) {
  const numeric = field.widget !== 'input';
  const value = form.values[field.name];
  const [typing, setTyping] = useState<string | undefined>(undefined);
  const decimals = useDecimals(field.decl, form.values);
  const shown = typing ?? (value === null || value === undefined || value === '' ? '' : numeric ? formatKept(value, decimals, false) : String(value));
  return (
    <input
      id={id}
      name={field.name}
      className="line-input"
      aria-label={label}
      aria-invalid={form.errors[field.name] ? true : undefined}
      inputMode={numeric ? 'decimal' : undefined}
      maxLength={numeric ? undefined : field.decl.maxLength}
      disabled={disabled}
      value={shown}
      onBlur={() => setTyping(undefined)}
      onChange={(e) => {
        const text = e.target.value;
        if (!numeric) return form.setValue(field.name, text);
        setTyping(text);
        form.setValue(field.name, typedNumber(field.decl, text));
      }}
    />
  );
});

/** A select, date or lookup value, shown; focusing or clicking it mounts the real widget in its place. */
export const WakeInput = observer(function WakeInput({ form, field, id, label, disabled, onWake }: { form: FormStore; field: ResolvedField; id: string; label: string; disabled: boolean; onWake(): void }) {
  const value = form.values[field.name];
  const meaning = form.values[meaningOf(field.name)];
  const settings = useDateSettings();
  const dated = field.widget === 'date' || field.widget === 'datetime' ? formatDateValue(value, field.widget, settings) : undefined;
  const shown = meaning !== undefined && meaning !== null ? String(meaning) : value === null || value === undefined ? '' : (dated ?? String(value));
  return <input id={id} name={field.name} className="line-input" aria-label={label} readOnly disabled={disabled} value={shown} onFocus={onWake} onMouseDown={onWake} />;
});
