import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useServices } from '../runtime/services.ts';
import type { EntityDecl, StatusTransition } from '../schema/entity.ts';

type Row = Record<string, unknown>;

interface Props {
  entity: EntityDecl;
  transition: StatusTransition;
  onClose(values?: Row): void;
}

/**
 * What a status action writes with the move (its declared `fields`, a reason), asked before it is
 * sent: each field by its entity label, required ones marked and checked here first. The server
 * checks them again and refuses an empty required one naming it; this form only saves a round trip.
 */
export default function TransitionFields({ entity, transition, onClose }: Props) {
  const s = useServices();
  const [values, setValues] = useState<Row>({});
  const [missing, setMissing] = useState<Set<string>>(new Set());
  const required = new Set(transition.required ?? []);
  const fields = (transition.fields ?? []).map((n) => entity.fields.find((f) => f.name === n)).filter((f) => f !== undefined);
  const ok = () => {
    const empty = new Set([...required].filter((n) => String(values[n] ?? '').trim() === ''));
    setMissing(empty);
    if (!empty.size) onClose(values);
  };
  return (
    <Form layout="vertical" data-testid="transition-fields" onFinish={ok}>
      {fields.map((f) => (
        <Form.Item
          key={f.name}
          label={s.label(f.label ?? f.name)}
          htmlFor={`transition-${f.name}`}
          required={required.has(f.name)}
          validateStatus={missing.has(f.name) ? 'error' : undefined}
          help={missing.has(f.name) ? s.t('hzero.common.validation.required', '{{label}} is required', { label: s.label(f.label ?? f.name) }) : undefined}
        >
          <Input.TextArea
            id={`transition-${f.name}`}
            name={f.name}
            autoFocus={f === fields[0]}
            maxLength={f.maxLength}
            autoSize={{ minRows: 2, maxRows: 6 }}
            value={String(values[f.name] ?? '')}
            onChange={(e) => setValues((v) => ({ ...v, [f.name]: e.target.value }))}
          />
        </Form.Item>
      ))}
      <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8 }}>
        <Button onClick={() => onClose(undefined)}>{s.t('hzero.common.button.cancel', 'Cancel')}</Button>
        <Button type="primary" htmlType="submit" data-testid="transition-fields-ok">
          {s.t('hzero.common.button.ok', 'OK')}
        </Button>
      </div>
    </Form>
  );
}
