import { Input } from 'antd';
import type { FieldProps } from '../contracts/fields.ts';

export default function InputField({ field, value, onChange, disabled, id, placeholder }: FieldProps) {
  return <Input id={id} name={field.name} value={(value as string) ?? ''} disabled={disabled} placeholder={placeholder} maxLength={field.decl.maxLength} allowClear onChange={(e) => onChange(e.target.value)} />;
}
