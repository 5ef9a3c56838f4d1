import { readFileSync } from 'node:fs';

/** Resident set size of a process in MB, from /proc. */
export const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? Number.NaN) / 1024;

/** Runs `fn` while sampling the process's resident size every 20 ms: its result, the time, and the peak growth over the size before. */
export async function measured<T>(pid: number, fn: () => Promise<T>): Promise<{ value: T; ms: number; baseMb: number; peakGrowthMb: number }> {
  const baseMb = rssMb(pid);
  let peak = baseMb;
  const timer = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 20);
  const t0 = performance.now();
  try {
    const value = await fn();
    return { value, ms: performance.now() - t0, baseMb, peakGrowthMb: Math.max(0, Math.max(peak, rssMb(pid)) - baseMb) };
  } finally {
    clearInterval(timer);
  }
}
