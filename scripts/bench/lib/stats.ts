/** Percentile with linear interpolation between closest ranks (numpy's default); p in 0..100. */
export function percentile(xs: number[], p: number): number {
  if (!xs.length) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  const i = ((s.length - 1) * p) / 100;
  const lo = Math.floor(i);
  const hi = Math.ceil(i);
  return s[lo]! + (s[hi]! - s[lo]!) * (i - lo);
}

export const median = (xs: number[]) => percentile(xs, 50);
export const p95 = (xs: number[]) => percentile(xs, 95);
export const max = (xs: number[]) => (xs.length ? Math.max(...xs) : Number.NaN);
export const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
