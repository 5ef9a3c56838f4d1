import { describe, expect, it, vi } from 'vitest';
import { listAll, readLines } from '../../../renderer/data/list-all.ts';

type Row = Record<string, unknown>;

/** A list endpoint over `n` lines, paged like the server (page, size). */
function lines(n: number) {
  const all: Row[] = Array.from({ length: n }, (_, i) => ({ lineId: i + 1 }));
  return vi.fn(async (q: { page: number; size: number }) => ({ rows: all.slice(q.page * q.size, (q.page + 1) * q.size), total: n }));
}

describe('reading a document’s lines', () => {
  it('reads a first screenful at once and the whole document only when asked, once', async () => {
    const list = lines(2_500);
    const reads = readLines({ list }, { headerId: 7 });
    expect((await reads.first).rows).toHaveLength(100);
    expect(list).toHaveBeenCalledTimes(1);
    const all = reads.rest();
    expect(reads.rest()).toBe(all);
    expect((await all).rows.map((r) => r.lineId)).toEqual(Array.from({ length: 2_500 }, (_, i) => i + 1));
    // Three pages of 1,000 in parallel, with the header's filter on each.
    expect(list.mock.calls.slice(1).map(([q]) => q)).toEqual([0, 1, 2].map((page) => ({ page, size: 1000, headerId: 7 })));
  });

  it('reads a small document once', async () => {
    const list = lines(30);
    const reads = readLines({ list }, {});
    expect((await reads.rest()).rows).toHaveLength(30);
    expect(list).toHaveBeenCalledTimes(1);
  });

  it('lists every row of a filtered list, however many pages', async () => {
    const list = lines(2_001);
    expect((await listAll({ list }, {})).rows).toHaveLength(2_001);
    expect(list).toHaveBeenCalledTimes(3);
  });
});
