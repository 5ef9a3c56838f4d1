import { runTsx } from '../lib/child.ts';
import type { ResultRow, Section } from '../lib/report.ts';
import { max, median } from '../lib/stats.ts';

/** Scenario 9: the full schema check, each run in a fresh process as `npm run schemas:check` runs. */
const RUNS = process.env.BENCH_QUICK === '1' ? 2 : 5;

export async function schemaScenario(repoRoot: string, log: (s: string) => void): Promise<{ rows: ResultRow[]; details: Section }> {
  const runs: Array<{ checkMs: number; parseMs: number; files: number; jsonFiles: number; problems: number }> = [];
  for (let i = 0; i < RUNS; i++) runs.push(JSON.parse(await runTsx(repoRoot, 'scripts/bench/load/check-schemas.ts', [repoRoot])));
  const check = median(runs.map((r) => r.checkMs));
  const { files, jsonFiles, problems } = runs[0]!;
  log(`  schema check ${check.toFixed(0)} ms for ${files} files (JSON.parse of ${jsonFiles} files ${median(runs.map((r) => r.parseMs)).toFixed(1)} ms)`);
  return {
    rows: [
      {
        id: '9',
        scenario: `Check every schema file (meta-schema + cross-references, ${files} files), median of ${RUNS} fresh processes`,
        ours: check,
        unit: 'ms',
        baselines: [{ name: `JSON.parse of the ${jsonFiles} files`, value: median(runs.map((r) => r.parseMs)) }],
        target: '≤ 2,000 ms',
        pass: max(runs.map((r) => r.checkMs)) <= 2000,
        note: `max ${max(runs.map((r) => r.checkMs)).toFixed(0)} ms; ${problems} problem(s) found`,
      },
    ],
    details: { title: 'Scenario 9: schema check (raw numbers)', lines: [`- check ${runs.map((r) => r.checkMs.toFixed(0)).join(', ')} ms; JSON.parse ${runs.map((r) => r.parseMs.toFixed(1)).join(', ')} ms`] },
  };
}
