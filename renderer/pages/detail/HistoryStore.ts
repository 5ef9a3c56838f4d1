import { makeAutoObservable, runInAction } from 'mobx';
import { entityApi } from '../../data/entity-api.ts';
import type { RendererServices } from '../../contracts/services.ts';
import type { EntityDecl } from '../../schema/entity.ts';
import { classifyLoadError, type LoadProblem } from '../../data/request-errors.ts';
import type { HistoryEntry } from '../../schema/history.ts';

/** One line of a change: the field and what it became (and was, when the server recorded it). */
export interface ChangeLine {
  field: string;
  from?: unknown;
  to: unknown;
}

/** The audit log's `changes` as lines: `{field: value}` or `{field: {from, to}}` (status transitions). */
export function changeLines(changes: unknown): ChangeLine[] {
  if (!changes || typeof changes !== 'object') return [];
  return Object.entries(changes as Record<string, unknown>).map(([field, v]) =>
    v && typeof v === 'object' && 'to' in (v as object) ? { field, from: (v as { from?: unknown }).from, to: (v as { to: unknown }).to } : { field, to: v },
  );
}

/** The History tab of a detail page: the record's audit entries, loaded when the tab is first shown. */
export class HistoryStore {
  entries: HistoryEntry[] = [];
  loading = false;
  error: string | undefined = undefined;
  problem: LoadProblem | undefined = undefined;
  private lastId: unknown;

  constructor(
    private readonly s: RendererServices,
    private readonly entity: EntityDecl,
  ) {
    makeAutoObservable<HistoryStore, 's' | 'entity' | 'lastId'>(this, { s: false, entity: false, lastId: false }, { autoBind: true });
  }

  async load(id: unknown): Promise<void> {
    if (id === undefined || id === null || id === '') return;
    this.lastId = id;
    this.loading = true;
    try {
      const rows = await entityApi(this.s, this.entity).history(id);
      runInAction(() => {
        this.entries = rows;
        this.error = undefined;
        this.problem = undefined;
      });
    } catch (e) {
      runInAction(() => {
        this.error = (e as Error).message;
        this.problem = classifyLoadError(e);
      });
    } finally {
      runInAction(() => (this.loading = false));
    }
  }

  /** Loads the same record's history again (the state panel's Retry). */
  retry(): Promise<void> {
    return this.load(this.lastId);
  }
}
