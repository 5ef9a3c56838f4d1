/**
 * Seed dates are days relative to one fixed day, so every run (and the stories) get the same
 * rows whatever the clock says.
 */
export const SEED_DATE = Date.UTC(2025, 11, 31);
const DAY = 86_400_000;

export function seedDay(offsetDays: number): string {
  return new Date(SEED_DATE + offsetDays * DAY).toISOString().slice(0, 10);
}

/** A time of day within office hours, so datetimes look like real activity. */
export function seedStamp(offsetDays: number, secondsIntoDay: number): string {
  return new Date(SEED_DATE + offsetDays * DAY + secondsIntoDay * 1000).toISOString().slice(0, 19).replace('T', ' ');
}
