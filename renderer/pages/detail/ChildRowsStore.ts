import { makeObservable, observable, observableRef, runInAction } from 'mobx';
import type { EntityApi } from '../../contracts/entity-api.ts';
import { classifyLoadError, type LoadProblem } from '../../data/request-errors.ts';
import { listAll } from '../../data/list-all.ts';

type Row = Record<string, unknown>;

/** A detail tab's lines (all of them, one request), fetched through the entity API. */
export class ChildRowsStore {
  rows: Row[] = [];
  loading = true;
  error: string | undefined = undefined;
  problem: LoadProblem | undefined = undefined;
  private seq = 0;

  constructor(readonly api: EntityApi) {
    makeObservable<ChildRowsStore, 'seq'>(this, { rows: observableRef, loading: observable, error: observable, problem: observable, seq: false });
  }

  /** The lines matching the tab's filter; a late answer for an older filter is dropped. */
  async load(filter: Row): Promise<void> {
    const seq = ++this.seq;
    runInAction(() => {
      this.loading = true;
      this.error = undefined;
      this.problem = undefined;
    });
    try {
      const { rows } = await listAll(this.api, filter);
      if (seq === this.seq) runInAction(() => (this.rows = rows));
    } catch (e) {
      if (seq === this.seq)
        runInAction(() => {
          this.error = (e as Error).message;
          this.problem = classifyLoadError(e);
          this.rows = [];
        });
    } finally {
      if (seq === this.seq) runInAction(() => (this.loading = false));
    }
  }
}
