import type { EntityApi } from './entity-api.ts';

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
