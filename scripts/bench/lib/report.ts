/** One line of the BENCHMARKS.md table. */
export interface ResultRow {
  /** Scenario number (1–10 of the benchmark issue; 11 the workflow issue's). */
  id: string;
  scenario: string;
  /** Our value, in `unit`; undefined when it could not be measured. */
  ours: number | undefined;
  unit: 'ms' | 'KB' | 'MB' | '%' | 'tasks';
  baselines: Array<{ name: string; value: number | undefined; note?: string }>;
  target: string;
  /** undefined: informational (no target) or not measured. */
  pass: boolean | undefined;
  note?: string;
}

export interface Section {
  title: string;
  lines: string[];
}

export function fmt(v: number | undefined, unit: ResultRow['unit']): string {
  if (v === undefined || Number.isNaN(v)) return 'n/a';
  if (unit === 'tasks') return `${Math.round(v * 10) / 10}`;
  if (unit === '%') return `${v >= 0 ? '+' : ''}${v.toFixed(1)} %`;
  const digits = Math.abs(v) >= 100 ? 0 : Math.abs(v) >= 10 ? 1 : 2;
  return `${v.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })} ${unit}`;
}

const ratio = (ours: number | undefined, base: number | undefined) =>
  ours === undefined || base === undefined || !base || Number.isNaN(ours) || Number.isNaN(base) ? '—' : `${(ours / base).toFixed(ours / base < 0.1 ? 3 : 2)}×`;

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** The results table: scenario, ours, baseline(s), ratio(s), target, pass/fail. */
export function table(rows: ResultRow[]): string {
  const out = ['| # | scenario | ours | baseline | ratio (ours ÷ baseline) | target | result |', '|---|---|---|---|---|---|---|'];
  for (const r of rows) {
    const bases = r.baselines.length ? r.baselines.map((b) => `${b.name}: ${fmt(b.value, r.unit)}${b.note ? ` (${b.note})` : ''}`).join('<br>') : '—';
    const ratios = r.baselines.length ? r.baselines.map((b) => `${ratio(r.ours, b.value)} ${b.name}`).join('<br>') : '—';
    const result = r.pass === undefined ? (r.ours === undefined ? '**not measured**' : 'info') : r.pass ? 'PASS' : '**FAIL**';
    out.push(`| ${r.id} | ${cell(r.scenario)}${r.note ? `<br><sub>${cell(r.note)}</sub>` : ''} | ${fmt(r.ours, r.unit)} | ${cell(bases)} | ${cell(ratios)} | ${cell(r.target)} | ${result} |`);
  }
  return out.join('\n');
}
