import type { EntityApi } from '../contracts/entity-api.ts';

type Row = Record<string, unknown>;

const PAGE = 1000;

/**
 * Every row of a filtered list (a document's lines, however many): the first page, then the
 * rest in parallel. A document of 2,000 lines shows and totals 2,000, not the first page.
 */
export async function listAll(api: Pick<EntityApi, 'list'>, filter: Row): Promise<{ rows: Row[]; total: number }> {
  const first = await api.list({ page: 0, size: PAGE, ...filter });
  if (first.rows.length >= first.total || first.rows.length < PAGE) return first;
  const pages = Math.ceil(first.total / PAGE);
  const rest = await Promise.all(Array.from({ length: pages - 1 }, (_, i) => api.list({ page: i + 1, size: PAGE, ...filter })));
  return { rows: [first.rows, ...rest.map((r) => r.rows)].flat(), total: first.total };
}

/** A document's lines: a first screenful, and (for a bigger document) all of them when asked. */
export interface LineReads {
  first: Promise<{ rows: Row[]; total: number }>;
  /** Every line; started by the first call (the same promise after), once the first screenful is shown. */
  rest(): Promise<{ rows: Row[]; total: number }>;
}

/**
 * A first screenful, small enough to come back at once and be painted; a document that fits in
 * it is read once. A bigger one is read whole when `rest` is called, its pages in parallel (the
 * first screenful again within them: what the page keeps is one consistent read). Not before:
 * on a machine the browser shares with the server, reading 2,000 lines while the page builds its
 * first screen slowed that screen by a fifth.
 */
export function readLines(api: Pick<EntityApi, 'list'>, filter: Row, firstSize = 100): LineReads {
  const first = api.list({ page: 0, size: firstSize, ...filter });
  let all: Promise<{ rows: Row[]; total: number }> | undefined;
  const rest = () =>
    (all ??= first.then(async (f) => {
      if (f.rows.length >= f.total || f.rows.length < firstSize) return f;
      const pages = await Promise.all(Array.from({ length: Math.ceil(f.total / PAGE) }, (_, i) => api.list({ page: i, size: PAGE, ...filter })));
      return { rows: pages.flatMap((p) => p.rows), total: pages[0]!.total };
    }));
  return { first, rest };
}
