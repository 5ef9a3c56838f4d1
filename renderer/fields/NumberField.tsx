import { InputNumber } from 'antd';
import { useDecimals } from '../format/money.ts';
import { formatNumber } from '../format/number.ts';
import type { FieldProps } from './types.ts';

/** Numbers, money and percent: thousands separators; the declared precision, or for money the decimals of the record's (or its document's) currency. */
export default function NumberField({ field, value, onChange, disabled, id, record }: FieldProps) {
  const precision = useDecimals(field.decl, record);
  return (
    <InputNumber
      id={id}
      name={field.name}
      style={{ width: '100%' }}
      value={value === null || value === undefined || value === '' ? null : Number(value)}
      disabled={disabled}
      min={field.decl.min}
      max={field.decl.max}
      precision={precision}
      // While typing the text stays as typed; otherwise separators and the field's decimals.
      formatter={(v, info) => (info?.userTyping ? info.input : v === undefined || v === null || String(v) === '' ? '' : formatNumber(Number(v), precision))}
      parser={(v) => (v ? Number(String(v).replace(/,/g, '')) : (null as unknown as number))}
      suffix={field.type === 'percent' ? '%' : undefined}
      onChange={(v) => onChange(v)}
    />
  );
}
