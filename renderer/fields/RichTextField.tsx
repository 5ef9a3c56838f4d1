import { Input } from 'antd';
import { sanitise } from './sanitise.ts';
import type { FieldProps } from '../contracts/fields.ts';

/** Rich text: rendered read-only from sanitised HTML; edited as HTML source. */
export default function RichTextField({ value, onChange, disabled, id, mode }: FieldProps) {
  if (mode === 'view' || disabled) return <div className="rich-text" dangerouslySetInnerHTML={{ __html: sanitise(String(value ?? '')) }} />;
  return <Input.TextArea id={id} autoSize={{ minRows: 4, maxRows: 16 }} value={String(value ?? '')} onChange={(e) => onChange(e.target.value)} />;
}
