import { action, computed, makeObservable, observable, observableRef, runInAction } from 'mobx';
import { entityApi } from '../../data/entity-api.ts';
import type { EntityApi } from '../../contracts/entity-api.ts';
import type { RendererServices } from '../../contracts/services.ts';
import type { EntityDecl } from '../../schema/entity.ts';
import type { ResolvedColumn } from '../../schema/resolve-field.ts';
import type { ListScreen } from '../../schema/screen.ts';
import { classifyLoadError, type LoadProblem } from '../../data/request-errors.ts';
import { TableSettingsStore, tableScreenCode } from '../../table/table-settings-store.ts';

export interface SortState {
  field: string;
  order: 'asc' | 'desc';
}

const PAGE_SIZES = [10, 20, 50, 100];

/**
 * One list page's state: query, rows, paging, sort, selection, loading and error, and the user's
 * column settings. It does the fetching; the view only observes. Rows are replaced in one action
 * (never pushed one by one).
 */
export class ListStore {
  query: Record<string, unknown> = {};
  rows: Record<string, unknown>[] = [];
  total = 0;
  /** `total` is the server's estimate; the exact count is on its way. */
  totalEstimated = false;
  current = 1;
  pageSize: number;
  sort: SortState | undefined = undefined;
  selection = new Set<string>();
  loading = false;
  error: string | undefined = undefined;
  /** Why the last load failed (permission, network or server), for the list's state panel. */
  problem: LoadProblem | undefined = undefined;
  private seq = 0;
  /**
   * Where each page starts, as the server said when the page before it was loaded (keyset
   * paging): paging forward through a long list then costs the same on page 5,000 as on page 2.
   * Valid for one query, sort and page size; any change of those starts over.
   */
  private cursors = new Map<number, string>();
  /** The signed-in user's columns of this screen (hidden, order, pins), saved on the server. */
  readonly columnSettings: TableSettingsStore;
  /** The entity's records, through the screen's own list endpoint when it names one. */
  readonly api: EntityApi;

  constructor(
    readonly screen: ListScreen,
    readonly entity: EntityDecl,
    services: RendererServices,
    routeParams: Record<string, string>,
    opts: { columns?: ResolvedColumn[]; route?: string } = {},
  ) {
    this.api = entityApi(services, entity, { vars: routeParams, endpoints: { list: screen.data?.list } });
    this.columnSettings = new TableSettingsStore(services, tableScreenCode(opts.route ?? screen.route ?? entity.name), opts.columns ?? []);
    const wanted = screen.table.pageSize ?? 10;
    this.pageSize = PAGE_SIZES.includes(wanted) ? wanted : wanted > 100 ? wanted : 10;
    makeObservable<ListStore, 'seq' | 'cursors'>(this, {
      query: observable,
      rows: observableRef,
      total: observable,
      totalEstimated: observable,
      current: observable,
      pageSize: observable,
      sort: observableRef,
      selection: observableRef,
      loading: observable,
      error: observable,
      problem: observableRef,
      seq: false,
      cursors: false,
      columnSettings: false,
      api: false,
      setQueryValue: action,
      search: action,
      reset: action,
      changePage: action,
      toggleSort: action,
      setSelection: action,
      selectedRows: computed,
    });
  }

  get rowKey(): string {
    return this.screen.table.rowKey ?? this.entity.primaryKey;
  }

  get selectedRows(): Record<string, unknown>[] {
    // Observables read once, not once per row: with 10,000 rows the per-row reads cost ~25 ms.
    const selection = this.selection;
    if (selection.size === 0) return [];
    const key = this.rowKey;
    return this.rows.filter((r) => selection.has(String(r[key])));
  }

  setQueryValue(name: string, value: unknown): void {
    this.query[name] = value;
  }

  search(): Promise<void> {
    this.current = 1;
    this.cursors.clear();
    return this.load();
  }

  reset(): Promise<void> {
    this.query = {};
    return this.search();
  }

  changePage(current: number, pageSize: number): Promise<void> {
    if (pageSize !== this.pageSize) this.cursors.clear();
    this.current = pageSize !== this.pageSize ? 1 : current;
    this.pageSize = pageSize;
    return this.load();
  }

  /** Unsorted → ascending → descending → unsorted, as table headers usually cycle. */
  toggleSort(field: string): Promise<void> {
    const s = this.sort;
    this.sort = !s || s.field !== field ? { field, order: 'asc' } : s.order === 'asc' ? { field, order: 'desc' } : undefined;
    this.cursors.clear();
    return this.load();
  }

  setSelection(keys: Iterable<string>): void {
    this.selection = new Set(keys);
  }

  /** Fetches the current page; an older answer arriving late never overwrites a newer one. */
  async load(): Promise<void> {
    const seq = ++this.seq;
    runInAction(() => {
      this.loading = true;
      this.error = undefined;
      this.problem = undefined;
    });
    try {
      const page = this.current;
      const cursor = this.cursors.get(page);
      const query = { ...this.query, page: page - 1, size: this.pageSize, ...(this.sort ? { sort: `${this.sort.field},${this.sort.order}` } : {}) };
      // The rows first, with an estimated total where counting a million matches would hold them up.
      const { rows, total, nextCursor, totalEstimated } = await this.api.list({ ...query, ...(cursor ? { cursor } : {}), total: 'estimate' });
      if (seq !== this.seq) return;
      if (nextCursor) this.cursors.set(page + 1, nextCursor);
      if (totalEstimated) void this.countExactly(seq, query);
      runInAction(() => {
        this.rows = rows;
        this.total = total;
        this.totalEstimated = !!totalEstimated;
        this.loading = false;
        // Keeps the selected keys still on the page; a Set of the page's keys keeps this linear.
        if (this.selection.size) {
          const onPage = new Set(rows.map((r) => String(r[this.rowKey])));
          this.selection = new Set([...this.selection].filter((k) => onPage.has(k)));
        }
      });
    } catch (e) {
      if (seq !== this.seq) return;
      runInAction(() => {
        this.loading = false;
        this.error = (e as Error).message;
        this.problem = classifyLoadError(e);
        // Rows from before would pass for the answer to this query.
        this.rows = [];
        this.total = 0;
        this.totalEstimated = false;
      });
    }
  }

  /** The exact total after an estimate; a failed count leaves the estimate shown. */
  private async countExactly(seq: number, query: Record<string, unknown>): Promise<void> {
    try {
      const { total } = await this.api.list({ ...query, total: 'only' });
      if (seq !== this.seq) return;
      runInAction(() => {
        this.total = total;
        this.totalEstimated = false;
      });
    } catch {
      // The rows are on screen; "about N" stays, which is still true.
    }
  }
}
