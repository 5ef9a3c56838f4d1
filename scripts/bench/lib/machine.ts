import { cpus, loadavg, totalmem } from 'node:os';

/** What the numbers were measured on, for the header of BENCHMARKS.md. */
export function machine(chromium: string): string {
  const c = cpus();
  return [
    `${c.length} cores (${c[0]?.model.trim() ?? 'unknown CPU'})`,
    `${(totalmem() / 1024 ** 3).toFixed(0)} GB RAM`,
    `Node ${process.version}`,
    `Chromium ${chromium} (headless, --disable-gpu: software rendering)`,
    `load average at start ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')}`,
  ].join(' · ');
}
