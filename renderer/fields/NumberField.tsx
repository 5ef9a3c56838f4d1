import { InputNumber } from 'antd';
import { useDecimals } from '../format/money.ts';
import { formatKept, formatNumber } from '../format/number.ts';
import { typedNumber } from './typed-number.ts';
import type { FieldProps } from '../contracts/fields.ts';

/**
 * Numbers, money and percent: thousands separators; the declared precision, or for money the
 * decimals of the record's (or its document's) currency. The value is text throughout (antd's
 * string mode), so an amount the server sent as "1234.50" or one typed with eighteen digits is
 * kept exactly, never passed through a float, and never rounded on blur: a value with more
 * decimals than the column keeps is shown as it is and refused by validation, naming the field.
 */
export default function NumberField({ field, value, onChange, disabled, id, record }: FieldProps) {
  const precision = useDecimals(field.decl, record);
  return (
    <InputNumber<string>
      id={id}
      name={field.name}
      style={{ width: '100%' }}
      stringMode
      value={value === null || value === undefined || value === '' ? null : String(value)}
      disabled={disabled}
      min={field.decl.min === undefined ? undefined : String(field.decl.min)}
      max={field.decl.max === undefined ? undefined : String(field.decl.max)}
      // While typing the text stays as typed; otherwise separators and at least the field's decimals.
      // A disabled one (a computed total) is only shown: in the currency's decimals, as its cell.
      formatter={(v, info) => (info?.userTyping ? info.input : disabled ? formatNumber(v ?? '', precision) : formatKept(v, precision))}
      parser={(v) => (v ? String(v).replace(/,/g, '') : '')}
      suffix={field.type === 'percent' ? '%' : undefined}
      onChange={(v) => onChange(v === null || v === '' ? null : typedNumber(field.decl, v))}
    />
  );
}
