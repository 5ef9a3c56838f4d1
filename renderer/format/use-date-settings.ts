import { useServicesOptional } from '../runtime/services.ts';
import type { DateSettings } from './date.ts';

/** The signed-in user's date format, time zone and language, as the renderer's host gives them. */
export function useDateSettings(): DateSettings {
  const s = useServicesOptional();
  return { dateFormat: s?.user.dateFormat, timeZone: s?.user.timeZone, language: s?.language };
}
