import { Form } from 'antd';
import { observer } from 'mobx-react-lite';
import type { ComponentType } from 'react';
import { FieldCheck } from '../fields/FieldCheck.tsx';
import type { FieldProps } from '../contracts/fields.ts';
import { useServices } from '../runtime/services.ts';
import type { ResolvedField } from '../schema/resolve-field.ts';
import type { FormStore } from './FormStore.ts';

/** Turns a stored error code (`required:Label`) into a translated message. */
export function errorText(t: (k: string, f: string, v?: Record<string, unknown>) => string, code: string): string {
  // An async check's message is already translated and may contain colons.
  if (code.startsWith('check:')) return code.slice('check:'.length);
  const [kind, label, arg] = code.split(':');
  switch (kind) {
    case 'required':
      return t('hzero.common.validation.required', '{{label}} is required', { label });
    case 'maxLength':
      return t('hzero.common.validation.maxLength', '{{label}} must be at most {{max}} characters', { label, max: arg });
    case 'min':
      return t('hzero.common.validation.min', '{{label}} must be at least {{min}}', { label, min: arg });
    case 'max':
      return t('hzero.common.validation.max', '{{label}} must be at most {{max}}', { label, max: arg });
    default:
      return t('hzero.common.validation.pattern', '{{label}} has an invalid format', { label });
  }
}

/**
 * One field of a form, observing only its own error and expressions: typing in one field
 * re-renders that field alone. Widgets are resolved before the form renders.
 */
export const FieldRenderer = observer(function FieldRenderer({ store, field, readOnly }: { store: FormStore; field: ResolvedField; readOnly?: boolean }) {
  const s = useServices();
  if (!store.isVisible(field)) return null;
  const Widget = s.registries.fieldWidgets.peek(field.widget);
  const error = store.errors[field.name];
  const id = `field-${field.name}`;
  return (
    <Form.Item
      label={s.label(field.label)}
      htmlFor={id}
      required={store.isRequired(field)}
      validateStatus={error ? 'error' : undefined}
      help={error ? errorText(s.t, error) : field.help ? s.label(field.help) : undefined}
      data-field={field.name}
      style={{ marginBottom: 16 }}
    >
      {Widget && field.check && !readOnly ? (
        <FieldCheck store={store} field={field}>
          <FieldInput store={store} field={field} Widget={Widget} id={id} readOnly={readOnly} placeholder={field.placeholder ? s.label(field.placeholder) : undefined} />
        </FieldCheck>
      ) : Widget ? (
        <FieldInput store={store} field={field} Widget={Widget} id={id} readOnly={readOnly} placeholder={field.placeholder ? s.label(field.placeholder) : undefined} />
      ) : (
        <span>unknown widget {field.widget}</span>
      )}
    </Form.Item>
  );
});

/**
 * The widget alone, observing the field's value and disabled flag: a keystroke re-renders the
 * input, not the Form.Item (label, help, status) around it.
 */
const FieldInput = observer(function FieldInput({ store, field, Widget, id, readOnly, placeholder }: { store: FormStore; field: ResolvedField; Widget: ComponentType<FieldProps>; id: string; readOnly?: boolean; placeholder?: string }) {
  return (
    <Widget
      field={field}
      id={id}
      mode={readOnly ? 'view' : 'edit'}
      value={store.values[field.name]}
      record={store.values}
      disabled={readOnly || store.isDisabled(field)}
      placeholder={placeholder}
      onChange={(v) => store.setValue(field.name, v)}
      setValue={(n, v) => store.setValue(n, v)}
    />
  );
});
