import { describe, expect, it } from 'vitest';
import { rng } from '../../../../renderer/schema/seed/rng.ts';
import { expandTemplate } from '../../../../renderer/schema/seed/template.ts';

describe('seed code templates', () => {
  const scope = (i: number) => ({ tenant: 2, i, row: { itemCode: 'X-1' }, r: rng(7) });

  it('numbers rows, pads to a mask, names the tenant and a field of the row', () => {
    expect(expandTemplate('T{tenant}-{i}-{i:0000}-{$itemCode}', scope(42))).toBe('T2-42-0042-X-1');
  });

  it('draws {int:a-b} from the range, not the row number', () => {
    const r = rng(7);
    const drawn = Array.from({ length: 50 }, (_, k) => Number(expandTemplate('{int:10-99}', { ...scope(k + 1), r })));
    expect(drawn.every((n) => n >= 10 && n <= 99)).toBe(true);
    expect(new Set(drawn).size).toBeGreaterThan(10);
    expect(drawn.slice(0, 9)).not.toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });
});
