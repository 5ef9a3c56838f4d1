import { makeObservable, observable, runInAction } from 'mobx';
import { getEndpoint, updateEndpoint } from '../../data/endpoints.ts';
import { fillUrl } from '../../data/url-template.ts';
import { FormStore } from '../../form/FormStore.ts';
import type { RendererServices } from '../../runtime/services.ts';
import type { EntityDecl } from '../../schema/entity.ts';
import type { ResolvedField } from '../../schema/resolve-field.ts';
import type { DetailScreen } from '../../schema/screen.ts';

/** A detail page's record and its form; loads, saves with the record's version, reloads. */
export class DetailStore {
  loading = true;
  error: string | undefined = undefined;
  readonly form: FormStore;

  constructor(
    readonly screen: DetailScreen,
    readonly entity: EntityDecl,
    fields: ResolvedField[],
    private readonly s: RendererServices,
    private readonly params: Record<string, string>,
  ) {
    this.form = new FormStore(entity, fields, {}, () => ({ user: s.user, route: params }), (f) => s.label(f.label));
    makeObservable(this, { loading: observable, error: observable });
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
    return this.params[this.screen.idParam ?? this.entity.primaryKey] ?? this.params.id;
  }

  private vars(): Record<string, unknown> {
    return { ...this.s.user, ...this.params, [this.entity.primaryKey]: this.id, ...this.form.values };
  }

  async load(): Promise<void> {
    runInAction(() => (this.loading = true));
    try {
      const ep = getEndpoint(this.entity, this.s.siteMode, this.screen.data?.get);
      const vars = { ...this.s.user, ...this.params, [this.entity.primaryKey]: this.id };
      const query: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(ep.params ?? {})) query[k] = typeof v === 'string' ? fillUrl(v, vars) : v;
      const rec = await this.s.request<Record<string, unknown>>(fillUrl(ep.url, vars, { siteMode: this.s.siteMode }), { query });
      runInAction(() => {
        this.form.reset(rec);
        this.loading = false;
        this.error = undefined;
      });
    } catch (e) {
      runInAction(() => {
        this.loading = false;
        this.error = (e as Error).message;
      });
    }
  }

  /** Validates (returning the first invalid field) then PUTs with `objectVersionNumber`; a stale version is refused by the server. */
  async save(): Promise<{ ok: boolean; invalid?: string }> {
    this.form.applyComputed();
    const invalid = await this.form.validateAll();
    if (invalid) return { ok: false, invalid };
    const ep = updateEndpoint(this.entity, this.s.siteMode, this.screen.data?.update);
    runInAction(() => (this.form.saving = true));
    try {
      const saved = await this.s.request<Record<string, unknown>>(fillUrl(ep.url, this.vars(), { siteMode: this.s.siteMode }), { method: ep.method ?? 'PUT', body: this.form.payload('update') });
      runInAction(() => this.form.reset(saved));
      this.s.notify.success(this.s.t('hzero.common.notification.success', 'Operation succeeded'));
      return { ok: true };
    } catch {
      return { ok: false };
    } finally {
      runInAction(() => (this.form.saving = false));
    }
  }
}
