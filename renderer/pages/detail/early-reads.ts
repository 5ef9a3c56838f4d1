import { entityApi } from '../../data/entity-api.ts';
import { type LineReads, readLines } from '../../data/list-all.ts';
import type { RendererServices } from '../../runtime/services.ts';
import type { DetailScreen } from '../../schema/screen.ts';
import { recordId } from './DetailStore.ts';
import { filterValues } from './filter-values.ts';

type Row = Record<string, unknown>;

/** An inline tab's lines read ahead, and the filter they were read with (JSON). */
export interface EarlyLines {
  filter: string;
  reads: LineReads;
}

export interface EarlyReads {
  record?: Promise<Row>;
  /** By tab index. */
  lines: Map<number, EarlyLines>;
}

/**
 * A detail page's reads, started as soon as its entity declarations are known and in parallel
 * with loading the form's widgets: the record, and the lines of each inline tab whose `filter`
 * the route alone fills (`{id}`). Otherwise each read waits for the component above it to mount
 * (record → header form → tab → lines), which made a 2,000-line order open in a second.
 * A tab whose filter needs the record's values reads its lines when it mounts, as before.
 */
export async function startEarlyReads(s: RendererServices, screen: DetailScreen, params: Record<string, string>): Promise<EarlyReads> {
  const quiet = <T>(p: Promise<T>) => {
    // Whoever uses the read handles its failure; one nobody uses must not be "unhandled".
    p.catch(() => undefined);
    return p;
  };
  const vars = { ...s.user, ...params };
  const [entity, tabEntities] = await Promise.all([
    s.loadEntity(screen.entity!),
    Promise.all((screen.tabs ?? []).map((t) => (t.editable === 'inline' ? s.loadEntity(t.entity ?? screen.entity!) : undefined))),
  ]);
  const id = recordId(screen, params, entity.primaryKey);
  const record = id === undefined ? undefined : quiet(entityApi(s, entity, { vars: params, endpoints: { get: screen.data?.get } }).get(id));
  const lines = new Map<number, EarlyLines>();
  tabEntities.forEach((e, i) => {
    const tab = screen.tabs![i]!;
    if (!e) return;
    try {
      const fixed = filterValues(tab, e, vars);
      if (Object.values(fixed).some((v) => v === '' || Number.isNaN(v))) return;
      const api = entityApi(s, e, { vars, base: tab.data?.list?.url, endpoints: { list: tab.data?.list } });
      const reads = readLines(api, fixed);
      quiet(reads.first);
      quiet(reads.all);
      lines.set(i, { filter: JSON.stringify(fixed), reads });
    } catch {
      // The filter or the list's URL needs the record: the tab reads when it mounts.
    }
  });
  return { record, lines };
}
