import { describe, expect, it } from 'vitest';
import { entitySeedStrip } from '../../../renderer/build/entity-seed-strip-plugin.ts';

const transform = (code: string, id: string) => (entitySeedStrip().transform as (code: string, id: string) => { code: string } | undefined)(code, id);

describe('entitySeedStrip (app build)', () => {
  it('drops the seed recipe from an entity declaration and keeps the rest', () => {
    const out = transform(JSON.stringify({ name: 'exchangeRate', fields: [{ name: 'rate', type: 'number' }], seed: { rows: [{ rate: 7.1 }] } }), '/repo/schemas/entities/hpfm/exchange-rate.json');
    expect(JSON.parse(out!.code)).toEqual({ name: 'exchangeRate', fields: [{ name: 'rate', type: 'number' }] });
  });

  it('leaves screens, value sets and declarations without a recipe alone', () => {
    expect(transform('{"seed": 1}', '/repo/schemas/hpfm/currency.list.json')).toBeUndefined();
    expect(transform('{"name": "x"}', '/repo/schemas/entities/hpfm/x.json')).toBeUndefined();
  });
});
