import { makeObservable, observable, runInAction } from 'mobx';
import { entityApi } from '../../data/entity-api.ts';
import type { EntityApi } from '../../contracts/entity-api.ts';
import { classifyLoadError, type LoadProblem } from '../../data/request-errors.ts';
import { fillUrl } from '../../data/url-template.ts';
import type { DialogApi } from '../../contracts/dialogs.ts';
import { submitForm } from '../../form/form-controller.ts';
import type { ResolvedSection } from '../../contracts/forms.ts';
import { FormStore } from '../../form/FormStore.ts';
import type { RendererServices } from '../../contracts/services.ts';
import type { EntityDecl } from '../../schema/entity.ts';
import { evaluateFlag } from '../../schema/expressions/evaluate.ts';
import type { WizardScreen, WizardStep } from '../../schema/screen.ts';

type Row = Record<string, unknown>;

/** One step as the page shows it: its form (a store of its own fields, so "next" validates only them). */
export interface PreparedStep {
  step: WizardStep;
  sections: ResolvedSection[];
  form?: FormStore;
}

/**
 * The wizard's record and where the person is: loads the record they work on, saves it as a
 * draft on "next" (create, then updates with its version) with the step they move to, so a later
 * visit resumes there; validates only the current step's fields, and a lines step's minimum.
 */
export class WizardStore {
  record: Row = {};
  index = 0;
  loading = true;
  problem: LoadProblem | undefined = undefined;
  /** Why "next" did not move (a lines step without its minimum), shown above the step. */
  blocked: string | undefined = undefined;
  busy = false;
  readonly api: EntityApi;
  dialogs: DialogApi | null = null;

  constructor(
    readonly screen: WizardScreen,
    readonly entity: EntityDecl,
    readonly steps: PreparedStep[],
    private readonly s: RendererServices,
    private readonly params: Record<string, string>,
    /** The step the route names, when it names one. */
    private readonly routeStep: number | undefined,
  ) {
    this.api = entityApi(s, entity, { vars: params });
    makeObservable(this, { record: observable, index: observable, loading: observable, problem: observable, blocked: observable, busy: observable });
  }

  get id(): unknown {
    return this.record[this.entity.primaryKey];
  }

  get readOnly(): boolean {
    return this.id !== undefined && evaluateFlag(this.screen.readOnly, { record: this.record, user: this.s.user, route: this.params }, false);
  }

  get step(): PreparedStep {
    return this.steps[this.index]!;
  }

  private keyIndex(key: unknown): number | undefined {
    const i = this.steps.findIndex((p) => p.step.key === key);
    return i < 0 ? undefined : i;
  }

  /** Reads the record; the first read also picks the step (the route's, else where the person left off). */
  async load(first = false): Promise<void> {
    runInAction(() => (this.loading = true));
    try {
      const ep = this.screen.data?.current;
      const rec = ep ? await this.s.request<Row | null>(fillUrl(ep.url, { ...this.s.user, ...this.params }, { siteMode: this.s.siteMode })) : {};
      runInAction(() => {
        this.setRecord(rec ?? {});
        if (first) this.index = this.routeStep ?? this.resumeIndex();
        this.loading = false;
        this.problem = undefined;
      });
    } catch (e) {
      runInAction(() => {
        this.loading = false;
        this.problem = classifyLoadError(e);
      });
    }
  }

  private resumeIndex(): number {
    const scope = { record: this.record, user: this.s.user, route: this.params };
    if (this.screen.doneStep && this.id !== undefined && evaluateFlag(this.screen.done, scope, false)) return this.keyIndex(this.screen.doneStep) ?? 0;
    const field = this.screen.stepField;
    return (field ? this.keyIndex(this.record[field]) : undefined) ?? 0;
  }

  setRecord(rec: Row): void {
    this.record = rec;
    for (const p of this.steps) p.form?.reset(rec);
  }

  go(index: number): void {
    this.blocked = undefined;
    this.index = Math.max(0, Math.min(this.steps.length - 1, index));
  }

  /**
   * Validates the step and saves the draft with the step moved to; read-only records just move.
   * A lines step checks it has its fewest lines (counted by the server, as they are saved there).
   */
  async next(): Promise<void> {
    const { step, form } = this.step;
    const target = Math.min(this.steps.length - 1, this.index + 1);
    if (this.readOnly) return this.go(target);
    runInAction(() => (this.busy = true));
    try {
      if (step.lines && step.minLines) {
        const lineEntity = await this.s.loadEntity(step.lines.entity ?? this.entity.name);
        const filter = Object.fromEntries(Object.entries(step.lines.filter ?? {}).map(([k, v]) => [k, fillUrl(v, { ...this.s.user, ...this.params, ...this.record })]));
        const { total } = await entityApi(this.s, lineEntity, { vars: this.params }).list({ ...filter, page: 0, size: 1 });
        if (total < step.minLines) {
          runInAction(() => (this.blocked = this.s.t('hzero.common.wizard.minLines', 'Add at least {{n}} line(s) before going on', { n: step.minLines })));
          return;
        }
      }
      const stepField = this.screen.stepField;
      const extra: Row = stepField ? { [stepField]: this.steps[target]!.step.key } : {};
      if (!form) {
        if (this.id !== undefined && stepField) this.setRecord(await this.api.update(this.record, { ...this.record, ...extra }));
        return this.go(target);
      }
      const creating = this.id === undefined;
      const r = await submitForm(
        form,
        {
          mode: creating ? 'create' : 'update',
          // The whole record goes with each step's values: an update writes every field it is sent.
          send: (body) => (creating ? this.api.create({ ...body, ...extra }) : this.api.update(this.record, { ...this.record, ...body, ...extra })),
          reload: () => this.load(),
        },
        { s: this.s, dialogs: this.dialogs },
      );
      if (!r.ok) return;
      runInAction(() => this.setRecord(r.record));
      this.go(target);
    } finally {
      runInAction(() => (this.busy = false));
    }
  }

  /** After a step's action (a status move): the record as stored now, and the next step when the step says so. */
  async afterAction(): Promise<void> {
    const before = this.record.objectVersionNumber;
    await this.load();
    if (this.step.step.advance && this.record.objectVersionNumber !== before) this.go(this.index + 1);
  }
}
