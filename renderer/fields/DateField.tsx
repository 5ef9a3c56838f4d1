import { DatePicker, TimePicker } from 'antd';
import dayjs from 'dayjs';
import { dateFormatOf, dateTimeFormatOf, WIRE_FORMATS, wireToZoned, zonedToWire } from '../format/date.ts';
import { useDateSettings } from '../format/use-date-settings.ts';
import type { FieldProps } from '../contracts/fields.ts';

/**
 * Dates travel as the platform's strings (§9 formats, date-times in UTC), never as Date objects;
 * the picker shows them in the signed-in user's date format, and date-times in their time zone.
 */
export default function DateField({ field, value, onChange, disabled, id }: FieldProps) {
  const settings = useDateSettings();
  const kind = field.widget === 'datetime' ? 'datetime' : field.widget === 'time' ? 'time' : 'date';
  const wire = WIRE_FORMATS[kind];
  if (kind === 'time') {
    const v = value ? dayjs(String(value), wire) : null;
    return <TimePicker id={id} name={field.name} value={v} disabled={disabled} format={wire} onChange={(d) => onChange(d ? d.format(wire) : null)} />;
  }
  if (kind === 'datetime') {
    const v = value ? wireToZoned(String(value), settings) : null;
    // The zoned value's wall-clock time, as a plain dayjs the picker edits without knowing zones.
    const shown = v?.isValid() ? dayjs(v.format(WIRE_FORMATS.datetime), WIRE_FORMATS.datetime) : null;
    return <DatePicker id={id} name={field.name} style={{ width: '100%' }} value={shown} disabled={disabled} format={dateTimeFormatOf(settings)} showTime onChange={(d) => onChange(d ? zonedToWire(d, settings) : null)} />;
  }
  const v = value ? dayjs(String(value).slice(0, 10), wire) : null;
  return <DatePicker id={id} name={field.name} style={{ width: '100%' }} value={v} disabled={disabled} format={dateFormatOf(settings)} onChange={(d) => onChange(d ? d.format(wire) : null)} />;
}
