import { entityApi } from '../../data/entity-api.ts';
import { type LineReads, readLines } from '../../data/list-all.ts';
import type { RendererServices } from '../../contracts/services.ts';
import type { DetailScreen } from '../../schema/screen.ts';
import { recordId } from './DetailStore.ts';
import { filterValues } from './filter-values.ts';

type Row = Record<string, unknown>;

/** An inline tab's lines read ahead, and the filter they were read with (JSON). */
export interface EarlyLines {
  filter: string;
  reads: LineReads;
  /** The first screenful, when it was there before the page first rendered (`arrived`): the tab shows it in that render. */
  first?: { rows: Row[]; total: number };
}

export interface EarlyReads {
  record?: Promise<Row>;
  /** The record, when it was there before the page first rendered (`arrived`). */
  recordValue?: Row;
  /** By tab index. */
  lines: Map<number, EarlyLines>;
}

/**
 * How long a read record waits for its tabs' first lines, so that the header and the lines are
 * built in one render and painted in one frame (apart, each pays its own layout, and the table
 * renders once empty). Slower lines are shown by their tab when they come.
 */
export const LINES_GRACE_MS = 300;

/**
 * The reads once the record has come (or failed) and its tabs' first lines too (or the grace
 * time has passed), with what came kept as values the page renders at once.
 */
export async function arrived(reads: EarlyReads, grace = LINES_GRACE_MS): Promise<EarlyReads> {
  const first = new Map<number, { rows: Row[]; total: number }>();
  const lines = [...reads.lines].map(([i, l]) => l.reads.first.then((f) => void first.set(i, f), () => undefined));
  const recordValue = await reads.record?.catch(() => undefined);
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([Promise.all(lines), new Promise((r) => (timer = setTimeout(r, grace)))]);
  clearTimeout(timer);
  // Taken as they are now: lines that come later are read by their tab from `reads`, as before.
  return { record: reads.record, recordValue, lines: new Map([...reads.lines].map(([i, l]) => [i, { ...l, first: first.get(i) }])) };
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
      lines.set(i, { filter: JSON.stringify(fixed), reads });
    } catch {
      // The filter or the list's URL needs the record: the tab reads when it mounts.
    }
  });
  return { record, lines };
}
