import { DatePicker, TimePicker } from 'antd';
import dayjs from 'dayjs';
import type { FieldProps } from './types.ts';

const FORMATS = { date: 'YYYY-MM-DD', datetime: 'YYYY-MM-DD HH:mm:ss', time: 'HH:mm:ss' } as const;

/** Dates travel as the platform's strings (§9 formats), never as Date objects. */
export default function DateField({ field, value, onChange, disabled, id }: FieldProps) {
  const kind = field.widget === 'datetime' ? 'datetime' : field.widget === 'time' ? 'time' : 'date';
  const fmt = FORMATS[kind];
  const v = value ? dayjs(String(value), fmt) : null;
  if (kind === 'time') return <TimePicker id={id} name={field.name} value={v} disabled={disabled} format={fmt} onChange={(d) => onChange(d ? d.format(fmt) : null)} />;
  return <DatePicker id={id} name={field.name} style={{ width: '100%' }} value={v} disabled={disabled} format={fmt} showTime={kind === 'datetime'} onChange={(d) => onChange(d ? d.format(fmt) : null)} />;
}
