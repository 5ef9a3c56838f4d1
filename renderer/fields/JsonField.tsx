import { Input } from 'antd';
import { useState } from 'react';
import type { FieldProps } from '../contracts/fields.ts';

/** JSON viewer (read-only mode) and editor that only commits valid JSON. */
export default function JsonField({ value, onChange, disabled, id, mode }: FieldProps) {
  const [text, setText] = useState(() => (value === undefined || value === null ? '' : JSON.stringify(value, null, 2)));
  const [bad, setBad] = useState(false);
  if (mode === 'view' || disabled) return <pre style={{ margin: 0, maxHeight: 240, overflow: 'auto', background: 'var(--app-bg-alt, #fafafa)', padding: 8 }}>{JSON.stringify(value ?? null, null, 2)}</pre>;
  return (
    <Input.TextArea
      id={id}
      status={bad ? 'error' : undefined}
      autoSize={{ minRows: 3, maxRows: 12 }}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        try {
          onChange(e.target.value.trim() ? JSON.parse(e.target.value) : null);
          setBad(false);
        } catch {
          setBad(true);
        }
      }}
    />
  );
}
