import { Input } from 'antd';
import type { FieldProps } from '../contracts/fields.ts';

export default function TextAreaField({ field, value, onChange, disabled, id, mode, placeholder }: FieldProps) {
  if (mode === 'search') return <Input id={id} name={field.name} value={(value as string) ?? ''} placeholder={placeholder} allowClear onChange={(e) => onChange(e.target.value)} />;
  return <Input.TextArea id={id} name={field.name} value={(value as string) ?? ''} disabled={disabled} maxLength={field.decl.maxLength} autoSize={{ minRows: 2, maxRows: 6 }} onChange={(e) => onChange(e.target.value)} />;
}
