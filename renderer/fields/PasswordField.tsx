import { Input } from 'antd';
import type { FieldProps } from '../contracts/fields.ts';

/**
 * A secret typed in, never shown back: masked with a reveal toggle while editing, dots in view
 * mode whatever the value (lists use the `password` cell, which does the same).
 */
export default function PasswordField({ field, value, onChange, disabled, id, placeholder, mode }: FieldProps) {
  if (mode === 'view') return <span>{value ? '••••••' : ''}</span>;
  return (
    <Input.Password
      id={id}
      name={field.name}
      value={(value as string) ?? ''}
      disabled={disabled}
      placeholder={placeholder}
      maxLength={field.decl.maxLength}
      autoComplete="new-password"
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
