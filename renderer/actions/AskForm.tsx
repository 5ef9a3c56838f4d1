import { Alert, Button, Form, Input, InputNumber, Space } from 'antd';
import { useState } from 'react';
import { classifySaveError } from '../data/request-errors.ts';
import { useServices } from '../runtime/services.ts';
import type { AskItem } from '../schema/screen.ts';
import LovField from '../fields/LovField.tsx';
import type { ResolvedField } from '../schema/resolve-field.ts';

type Row = Record<string, unknown>;

interface Props {
  items: AskItem[];
  submitLabel: string;
  /** Makes the call with the answers; a refusal keeps the dialog open with what was typed. */
  send(values: Row): Promise<void>;
  onClose(done: boolean): void;
}

/**
 * The dialog of a `request` action that asks before calling: one input per asked value. A refusal
 * naming an asked value (a wrong password) is said under that input, any other above the buttons,
 * and the dialog stays open so nothing typed is lost.
 */
export function AskForm({ items, submitLabel, send, onClose }: Props) {
  const s = useServices();
  const [form] = Form.useForm<Row>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  // The display texts of looked-up values (a supplier's name for its id): shown, never sent.
  const [texts, setTexts] = useState<Row>({});
  const initial = Object.fromEntries(items.filter((i) => i.default !== undefined).map((i) => [i.name, i.default]));
  const submit = async (values: Row) => {
    setBusy(true);
    setError(undefined);
    try {
      await send(values);
      onClose(true);
    } catch (e) {
      const f = classifySaveError(e);
      if (f.kind === 'field' && items.some((i) => i.name === f.field)) form.setFields([{ name: f.field, errors: [f.message] }]);
      else setError(f.message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form form={form} layout="vertical" initialValues={initial} onFinish={(v) => void submit(v)} data-testid="ask-form">
      {items.map((i, n) => {
        const label = s.label(i.label);
        const rules = [
          ...(i.required ? [{ required: true, message: s.t('hzero.common.validation.required', '{{label}} is required', { label }) }] : []),
          ...(i.maxLength ? [{ max: i.maxLength }] : []),
        ];
        const id = `ask-${i.name}`;
        const input =
          i.widget === 'password' ? (
            <Input.Password id={id} autoComplete="off" autoFocus={n === 0} maxLength={i.maxLength} />
          ) : i.widget === 'lookup' ? (
            <AskLookup item={i} id={id} texts={texts} setText={(k, v) => setTexts((t) => ({ ...t, [k]: v }))} />
          ) : i.widget === 'integer' ? (
            <InputNumber id={id} precision={0} min={i.min} max={i.max} autoFocus={n === 0} style={{ width: '100%' }} />
          ) : (
            <Input id={id} autoFocus={n === 0} maxLength={i.maxLength} />
          );
        return (
          <Form.Item key={i.name} name={i.name} label={label} htmlFor={id} rules={rules}>
            {input}
          </Form.Item>
        );
      })}
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} data-testid="ask-error" />}
      <Space style={{ width: '100%', justifyContent: 'flex-end' }}>
        <Button onClick={() => onClose(false)}>{s.t('hzero.common.button.cancel', 'Cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={busy} data-testid="ask-submit">
          {submitLabel}
        </Button>
      </Space>
    </Form>
  );
}

/** A looked-up value (`widget: "lookup"` with its `lovView`): the platform's lookup dialog; the form item gives value and onChange. */
function AskLookup({ item, id, texts, setText, value, onChange }: { item: AskItem; id: string; texts: Row; setText(k: string, v: unknown): void; value?: unknown; onChange?: (v: unknown) => void }) {
  const field = { name: item.name, type: 'integer', label: item.label, widget: 'lov', required: !!item.required, disabled: false, decl: { name: item.name, type: 'integer', lovView: item.lovView } } as ResolvedField;
  return <LovField field={field} id={id} mode="edit" value={value} onChange={(v) => onChange?.(v)} record={texts} setValue={setText} />;
}
