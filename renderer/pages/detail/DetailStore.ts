import { makeObservable, observable, runInAction } from 'mobx';
import { entityApi } from '../../data/entity-api.ts';
import type { EntityApi } from '../../contracts/entity-api.ts';
import { classifyLoadError, type LoadProblem } from '../../data/request-errors.ts';
import type { DialogApi } from '../../contracts/dialogs.ts';
import { submitForm } from '../../form/form-controller.ts';
import { FormStore } from '../../form/FormStore.ts';
import { type FormulaFacts, previewRow } from '../../form/formula-preview.ts';
import type { RendererServices } from '../../contracts/services.ts';
import type { EntityDecl } from '../../schema/entity.ts';
import type { ResolvedField } from '../../schema/resolve-field.ts';
import type { DetailScreen } from '../../schema/screen.ts';

/** A detail page's record and its form; loads, saves with the record's version, reloads. */
export class DetailStore {
  loading = true;
  error: string | undefined = undefined;
  /** Why the record could not be read (permission, missing, network or server), for the page's state panel. */
  problem: LoadProblem | undefined = undefined;
  readonly form: FormStore;
  readonly api: EntityApi;
  /** Set by the page once mounted: where a version conflict offers the reload. */
  dialogs: DialogApi | null = null;

  constructor(
    readonly screen: DetailScreen,
    readonly entity: EntityDecl,
    fields: ResolvedField[],
    private readonly s: RendererServices,
    private readonly params: Record<string, string>,
    /** The record's read, started before the page mounted (early-reads.ts); used by the first load. */
    private first?: Promise<Record<string, unknown>>,
    /** That record when it came before the page first rendered: in the form from the start, not one load (and render) later. */
    read?: Record<string, unknown>,
  ) {
    this.form = new FormStore(entity, fields, read ?? {}, () => ({ user: s.user, route: params }), (f) => s.label(f.label));
    this.api = entityApi(s, entity, { vars: params, endpoints: { get: screen.data?.get, update: screen.data?.update } });
    if (read) {
      this.loading = false;
      this.first = undefined;
    }
    this.shown = !!read;
    makeObservable(this, { loading: observable, error: observable, problem: observable });
  }

  /** The record came with the page (see `read`). */
  private readonly shown: boolean;

  /** Once the page is on screen: reads the record, unless it came with the page. */
  start(): Promise<void> {
    return this.shown ? Promise.resolve() : this.load();
  }

  /** Child tabs with unsaved inline lines (they save on their own, but closing the tab must ask). */
  private readonly pending = new Set<() => boolean>();

  readonly trackPending = (dirty: () => boolean): (() => void) => {
    this.pending.add(dirty);
    return () => this.pending.delete(dirty);
  };

  /** Unsaved header fields or lines. */
  get dirty(): boolean {
    return this.form.dirty || [...this.pending].some((d) => d());
  }

  get id(): string | undefined {
    return recordId(this.screen, this.params, this.entity.primaryKey);
  }

  async load(): Promise<void> {
    runInAction(() => (this.loading = true));
    try {
      const first = this.first;
      this.first = undefined;
      const rec = await (first ?? this.api.get(this.id));
      runInAction(() => {
        this.form.reset(rec);
        this.loading = false;
        this.error = undefined;
        this.problem = undefined;
      });
    } catch (e) {
      runInAction(() => {
        this.loading = false;
        this.error = (e as Error).message;
        this.problem = classifyLoadError(e);
      });
    }
  }

  /**
   * The record's derived values (its `formula` fields: totals over lines) as the server now has
   * them, after lines were written. Only those: what the user is typing in the header stays, and
   * the version is not touched (the server recomputes totals without a new version).
   */
  async refreshDerived(): Promise<void> {
    const derived = this.entity.fields.filter((f) => f.formula).map((f) => f.name);
    if (!derived.length || this.id === undefined) return;
    const rec = await this.api.get(this.id).catch(() => undefined);
    if (rec) this.form.mergeDerived(Object.fromEntries(derived.map((n) => [n, rec[n]])));
  }

  /**
   * The record's totals previewed over lines as typed in a line tab (`sum(<entity>.<field>)` and
   * what follows from it), until the lines are saved and the server's values come back.
   */
  previewDerived(lineEntity: string, rows: Array<Record<string, unknown>>, facts: FormulaFacts): void {
    const derived = previewRow(this.entity, { row: this.form.values, lines: { [lineEntity]: rows }, facts });
    if (Object.keys(derived).length) this.form.mergeDerived(derived);
  }

  /** Validates (returning the first invalid field) then PUTs with `objectVersionNumber`; a stale version is refused by the server. */
  async save(): Promise<{ ok: boolean; invalid?: string }> {
    const r = await submitForm(
      this.form,
      {
        mode: 'update',
        send: (body) => this.api.update({ [this.entity.primaryKey]: this.id, ...this.form.values }, body),
        reload: () => this.load(),
      },
      { s: this.s, dialogs: this.dialogs },
    );
    if (r.ok) runInAction(() => this.form.reset(r.record));
    return { ok: r.ok, invalid: r.ok ? undefined : r.invalid };
  }
}

/** The record a detail route shows: its `idParam`, else the parameter named as the primary key, else `id`. */
export function recordId(screen: DetailScreen, params: Record<string, string>, primaryKey?: string): string | undefined {
  return params[screen.idParam ?? primaryKey ?? ''] ?? params.id;
}
