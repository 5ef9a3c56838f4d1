import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { dateFormatOf } from '../format/date.ts';
import { useDateSettings } from '../format/use-date-settings.ts';
import type { FieldProps } from '../contracts/fields.ts';

const FMT = 'YYYY-MM-DD';

/** The query parameters a range over `name` travels as: the server's list filter reads `<name>From` / `<name>To`. */
export const rangeKeys = (name: string) => [`${name}From`, `${name}To`] as const;

/**
 * One field, two bounds: `{"field": "creationDate", "widget": "dateRange"}` sets `creationDateFrom`
 * and `creationDateTo` (dates; on a date-time field the upper day counts whole) and never the
 * field itself, so a search sends a range and not an exact match. Either end may stay open.
 * The inputs' ids are `<id>From` / `<id>To`, so labels and tests find each end.
 */
export default function DateRangeField({ field, record, setValue, disabled, id }: FieldProps) {
  const [fromKey, toKey] = rangeKeys(field.name);
  const shown = dateFormatOf(useDateSettings());
  const parse = (v: unknown): Dayjs | null => (v ? dayjs(String(v).slice(0, 10), FMT) : null);
  return (
    <DatePicker.RangePicker
      id={{ start: `${id}From`, end: `${id}To` }}
      style={{ width: '100%' }}
      format={shown}
      allowEmpty={[true, true]}
      disabled={disabled}
      value={[parse(record[fromKey]), parse(record[toKey])]}
      onChange={(range) => {
        setValue(fromKey, range?.[0] ? range[0].format(FMT) : undefined);
        setValue(toKey, range?.[1] ? range[1].format(FMT) : undefined);
      }}
    />
  );
}
