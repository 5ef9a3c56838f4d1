/**
 * Date-times as the tables hold them (`timestamp(0)`, wall time of the server): written and
 * compared as `YYYY-MM-DD HH:MM:SS` in the Node process's zone, which is the database session's
 * on one machine. Comparing against a time the scheduler passes in (not the database's `now()`)
 * lets a test drive the clock.
 */
const pad = (n: number) => String(n).padStart(2, '0');

export function wallTime(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** Reads a stored `YYYY-MM-DD HH:MM:SS` (or a Date) back as a Date in the same zone. */
export function fromWallTime(v: unknown): Date | null {
  if (v === null || v === undefined || v === '') return null;
  if (v instanceof Date) return v;
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?/.exec(String(v));
  if (!m) return null;
  return new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6] ?? 0));
}
