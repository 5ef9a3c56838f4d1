import { action, computed, type IComputedValue, makeObservable, observable, observableRef, runInAction } from 'mobx';
import { evaluate, evaluateFlag } from '../schema/expressions/evaluate.ts';
import type { EntityDecl } from '../schema/entity.ts';
import { type Editable, mayChange } from '../schema/status/editable.ts';
import { changeable } from '../schema/status/lock.ts';
import { fieldJsonSchema } from '../schema/field-json-schema.ts';
import { failedKeyword } from '../schema/field-value-check.ts';
import type { ResolvedField } from '../schema/resolve-field.ts';

const schemas = new WeakMap<ResolvedField[], Map<string, Record<string, unknown>>>();

/**
 * Form state with one observable per field: a widget reads only its own value, so a keystroke
 * re-renders one field. Validation reads the entity fields' JSON Schemas (the ones the server
 * checks bodies with) without compiling them (no code generated in the browser: the page's
 * Content-Security-Policy has no 'unsafe-eval'), and runs on blur and on submit, not on every key.
 */
export class FormStore {
  values: Record<string, unknown>;
  errors: Record<string, string> = {};
  dirty = false;
  saving = false;

  constructor(
    readonly entity: EntityDecl,
    readonly fields: ResolvedField[],
    initial: Record<string, unknown>,
    private readonly scopeExtra: () => Record<string, unknown>,
    private readonly labelOf: (f: ResolvedField) => string,
  ) {
    this.values = { ...initial };
    makeObservable(this, {
      values: observable,
      errors: observableRef,
      dirty: observable,
      saving: observable,
      setValue: action,
      reset: action,
      mergeDerived: action,
      validate: action,
      setError: action,
    });
  }

  /** Expressions see `record`, plus `user` and `route` from the page. */
  scope(): Record<string, unknown> {
    return { record: this.values, ...this.scopeExtra() };
  }

  /** Told of every value the user sets (a line's amounts are previewed from it). */
  onSet: ((name: string) => void) | undefined = undefined;

  setValue(name: string, value: unknown): void {
    this.values[name] = value;
    this.dirty = true;
    this.onSet?.(name);
    if (this.errors[name]) {
      const { [name]: _gone, ...rest } = this.errors;
      this.errors = rest;
    }
  }

  reset(values: Record<string, unknown>): void {
    this.values = { ...values };
    this.errors = {};
    this.dirty = false;
  }

  /** Values the server derives (totals): taken as they are, without marking the form edited. */
  mergeDerived(values: Record<string, unknown>): void {
    for (const [k, v] of Object.entries(values)) this.values[k] = v;
  }

  isVisible(f: ResolvedField): boolean {
    return this.flag(f, 'visible', true);
  }

  isRequired(f: ResolvedField): boolean {
    return this.flag(f, 'required', false);
  }

  isDisabled(f: ResolvedField): boolean {
    return this.flag(f, 'disabled', false) || this.lockedByStatus(f);
  }

  /**
   * A saved record's field its status does not let change (`status.editable`, or its approval
   * running), or that its document's status keeps (`lockedBy`, for a line): shown, not editable;
   * the server refuses it too.
   */
  private lockedByStatus(f: ResolvedField): boolean {
    if (this.lockedBy && !mayChange(this.lockedBy(), f.name)) return true;
    return !mayChange(changeable(this.entity, this.values), f.name);
  }

  /** What the document this record is a line of lets change (set by the line table that holds it). */
  lockedBy?: () => Editable;

  private readonly flags = new Map<ResolvedField, Map<string, IComputedValue<boolean>>>();

  /**
   * A flag given by an expression is a MobX computed: a field that reads it re-renders when the
   * result changes, not on every key typed into a field the expression reads.
   */
  private flag(f: ResolvedField, kind: 'visible' | 'required' | 'disabled', fallback: boolean): boolean {
    const expr = f[kind];
    if (typeof expr !== 'string') return evaluateFlag(expr, {}, fallback);
    let byKind = this.flags.get(f);
    if (!byKind) this.flags.set(f, (byKind = new Map()));
    let c = byKind.get(kind);
    if (!c) byKind.set(kind, (c = computed(() => evaluateFlag(expr, this.scope(), fallback))));
    return c.get();
  }

  /** Computed values (`value` expressions), applied before validation and submit. */
  applyComputed(): void {
    for (const f of this.fields) {
      if (!f.value) continue;
      try {
        this.values[f.name] = evaluate(f.value, this.scope());
      } catch {
        /* an unresolvable computation leaves the value as typed */
      }
    }
  }

  private fieldSchemas(): Map<string, Record<string, unknown>> {
    let m = schemas.get(this.fields);
    if (!m) {
      m = new Map(this.fields.map((f) => [f.name, fieldJsonSchema({ ...f.decl, required: false })]));
      schemas.set(this.fields, m);
    }
    return m;
  }

  /**
   * Validates visible fields: required (static or by expression) and the entity's rules. Hidden
   * fields are never validated, even when declared required. Returns the first invalid field.
   */
  validate(only?: string): string | undefined {
    const errors: Record<string, string> = only ? { ...this.errors } : {};
    if (only) delete errors[only];
    const fieldSchemas = this.fieldSchemas();
    let first: string | undefined;
    for (const f of this.fields) {
      if (only && f.name !== only) continue;
      if (!this.isVisible(f)) continue;
      const v = this.values[f.name];
      const blank = v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
      let msg: string | undefined;
      const label = this.labelOf(f);
      const kw = blank ? undefined : failedKeyword(fieldSchemas.get(f.name)!, v);
      if (blank && this.isRequired(f)) msg = `required:${label}`;
      else if (kw) {
        msg = kw === 'maxLength' ? `maxLength:${label}:${f.decl.maxLength}` : kw === 'minimum' ? `min:${label}:${f.decl.min}` : kw === 'maximum' ? `max:${label}:${f.decl.max}` : `pattern:${label}`;
      }
      if (msg) {
        errors[f.name] = msg;
        first ??= f.name;
      }
    }
    runInAction(() => (this.errors = errors));
    return first;
  }

  /** Sets or clears one field's error (async checks report here; `check:<message>` shows the message as is). */
  setError(name: string, code: string | undefined): void {
    const { [name]: _old, ...rest } = this.errors;
    this.errors = code === undefined ? rest : { ...rest, [name]: code };
  }

  private readonly asyncChecks = new Map<string, () => Promise<string | undefined>>();

  /** A field's async check (renderer/fields/field-check.ts), awaited by `validateAll` before save. Returns the unregister call. */
  registerCheck(name: string, run: () => Promise<string | undefined>): () => void {
    this.asyncChecks.set(name, run);
    return () => {
      if (this.asyncChecks.get(name) === run) this.asyncChecks.delete(name);
    };
  }

  /** What save runs: the form's own rules, then (when they pass) the async checks of visible fields. Returns the first failing field. */
  async validateAll(): Promise<string | undefined> {
    const first = this.validate();
    if (first) return first;
    const visible = this.fields.filter((f) => this.asyncChecks.has(f.name) && this.isVisible(f));
    const results = await Promise.all(visible.map((f) => this.asyncChecks.get(f.name)!()));
    return visible.find((_, i) => results[i] !== undefined)?.name;
  }

  /** The payload: declared fields only, with create-only drops applied (§5). */
  payload(mode: 'create' | 'update'): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(this.values)) out[k] = v;
    if (mode === 'create') for (const f of this.fields) if (f.dropOnCreate) delete out[f.name];
    return out;
  }
}
