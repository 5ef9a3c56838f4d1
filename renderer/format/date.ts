import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(customParseFormat);

/** How the platform sends dates and times (§9): what values are stored and sent as, whatever is shown. */
export const WIRE_FORMATS = { date: 'YYYY-MM-DD', datetime: 'YYYY-MM-DD HH:mm:ss', time: 'HH:mm:ss' } as const;

/** The user's preferences (current user's `dateFormat`, `timeZone`); either may be missing. */
export interface DateSettings {
  dateFormat?: string;
  timeZone?: string;
  language?: string;
}

/** A user who has chosen no format sees their language's (both follow §9's ISO order today; one place to change it). */
const DEFAULT_DATE_FORMAT: Record<string, string> = { zh_CN: 'YYYY-MM-DD', en_US: 'YYYY-MM-DD' };
const DEFAULT_TIME_ZONE = 'GMT+8';

export function dateFormatOf(s: DateSettings): string {
  return s.dateFormat || DEFAULT_DATE_FORMAT[s.language ?? ''] || WIRE_FORMATS.date;
}

export function dateTimeFormatOf(s: DateSettings): string {
  return `${dateFormatOf(s)} HH:mm:ss`;
}

/** Minutes east of UTC of a zone as the platform names them (`GMT+8`, `GMT-3:30`); 0 for anything else. */
export function offsetMinutes(zone: string | undefined): number {
  const m = /^(?:GMT|UTC)([+-])(\d{1,2})(?::?(\d{2}))?$/.exec((zone || DEFAULT_TIME_ZONE).trim());
  if (!m) return 0;
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3] ?? 0));
}

/** Today's calendar day in the user's zone, as dates are sent (`YYYY-MM-DD`). */
export function todayWire(s: DateSettings, now: Date = new Date()): string {
  return dayjs.utc(now).utcOffset(offsetMinutes(s.timeZone)).format(WIRE_FORMATS.date);
}

/**
 * A date-time as the server sends it (UTC, `YYYY-MM-DD HH:mm:ss`) in the user's zone; and back.
 * Dates without a time are calendar days and never shift.
 */
export function wireToZoned(value: string, s: DateSettings): Dayjs {
  return dayjs.utc(value.slice(0, 19).replace('T', ' '), WIRE_FORMATS.datetime).utcOffset(offsetMinutes(s.timeZone));
}

export function zonedToWire(d: Dayjs, s: DateSettings): string {
  // The picker's value holds the wall-clock time the user chose in their zone.
  const wall = dayjs.utc(d.format(WIRE_FORMATS.datetime), WIRE_FORMATS.datetime);
  return wall.subtract(offsetMinutes(s.timeZone), 'minute').format(WIRE_FORMATS.datetime);
}

/** A date or date-time value shown in the user's format (and zone, for date-times); '' for none, the value itself when unreadable. */
export function formatDateValue(value: unknown, kind: 'date' | 'datetime', s: DateSettings): string {
  if (value === null || value === undefined || value === '') return '';
  const text = String(value);
  if (kind === 'datetime' && text.length >= 16) {
    const d = wireToZoned(text.length === 16 ? `${text}:00` : text, s);
    return d.isValid() ? d.format(dateTimeFormatOf(s)) : text;
  }
  const d = dayjs(text.slice(0, 10), WIRE_FORMATS.date, true);
  return d.isValid() ? d.format(dateFormatOf(s)) : text;
}
