import type { SeedValue } from '../entity.ts';
import type { Rng } from './fake-row.ts';
import { seedDay, seedStamp } from './dates.ts';
import { expandTemplate } from './template.ts';

type Row = Record<string, unknown>;

/** What a value recipe may read besides the generator: the row so far and the tenant's seeded rows. */
export interface ValueScope {
  tenant: number;
  i: number;
  row: Row;
  r: Rng;
  /** The row of another entity this row refers to: the same one for every field naming it. */
  refRow: (entity: string) => Row | undefined;
  keyOf: (entity: string) => string;
}

function weighted(w: Record<string, number>, r: Rng): unknown {
  const entries = Object.entries(w);
  let x = r.next() * entries.reduce((s, [, n]) => s + n, 0);
  for (const [v, n] of entries) if ((x -= n) < 0) return coerce(v);
  return coerce(entries.at(-1)![0]);
}

// Weighted keys are JSON object keys, hence strings; numeric ones (flags) go back to numbers.
const coerce = (v: string): unknown => (/^-?\d+(\.\d+)?$/.test(v) ? Number(v) : v);

export function evalValue(v: SeedValue, s: ValueScope): unknown {
  if (typeof v === 'string') return expandTemplate(v, s);
  if (v === null || typeof v !== 'object') return v;
  if ('pick' in v) return s.r.pick(v.pick);
  if ('weighted' in v) return weighted(v.weighted, s.r);
  if ('int' in v) return s.r.int(v.int[0], v.int[1]);
  if ('number' in v) return Math.round(v.number[0] * 100 + s.r.next() * (v.number[1] - v.number[0]) * 100) / 100;
  if ('date' in v) return seedDay(s.r.int(v.date[0], v.date[1]));
  if ('datetime' in v) return seedStamp(s.r.int(v.datetime[0], v.datetime[1]), s.r.int(8 * 3600, 19 * 3600));
  const target = s.refRow(v.ref);
  return target ? target[v.field ?? s.keyOf(v.ref)] ?? null : null;
}
