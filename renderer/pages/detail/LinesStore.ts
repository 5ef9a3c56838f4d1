import { action, computed, makeObservable, observable, observableRef, runInAction } from 'mobx';
import { sendForm } from '../../form/form-controller.ts';
import { FormStore } from '../../form/FormStore.ts';
import type { Editable } from '../../schema/status/editable.ts';
import { type EntityDecl, SYSTEM_FIELDS } from '../../schema/entity.ts';
import type { ResolvedField } from '../../schema/resolve-field.ts';

type Row = Record<string, unknown>;

/** The key the table sees on each line's row object (`data-row-key`). */
export const LINE_KEY = '__line';

/** How lines reach the server: the entity API (renderer/data/entity-api.ts) satisfies it. */
export interface LinesApi {
  create(body: Row): Promise<Row>;
  update(line: Row, body: Row): Promise<Row>;
  remove(rows: Row[]): Promise<void>;
}

/**
 * One line of an inline table: its own FormStore (a keystroke re-renders one cell), whether it
 * is new (`create`) or loaded, and the server's refusal of its last save, if any. A loaded line
 * builds its form when first needed (a cell on screen, a save), so a 2,000-line document does
 * not build 2,000 forms of observables to show twenty.
 */
export class Line {
  status: 'create' | 'sync';
  saveError: string | undefined = undefined;
  /** Stable object handed to the table: rows are memoised on it, cells read the form. */
  readonly view: Row;
  private built: FormStore | undefined;

  constructor(
    readonly key: string,
    private readonly loaded: Row,
    private readonly build: (values: Row) => FormStore,
    status: 'create' | 'sync',
    /** Counts the forms built; what read a line's values before its form existed reads them again. */
    private readonly forms: { observe(): void; built(): void },
  ) {
    this.status = status;
    this.view = { [LINE_KEY]: key };
    if (status === 'create') this.built = build(loaded);
    makeObservable(this, { status: observable, saveError: observable, changed: computed });
  }

  get form(): FormStore {
    if (!this.built) {
      this.built = this.build(this.loaded);
      this.forms.built();
    }
    return this.built;
  }

  /** The line's values, without building its form (totals over every line read these). */
  get values(): Row {
    this.forms.observe();
    return this.built?.values ?? this.loaded;
  }

  /** New lines always submit; loaded lines only when edited. */
  get changed(): boolean {
    this.forms.observe();
    return this.status === 'create' || !!this.built?.dirty;
  }

  /** Field errors shown on the line, if its form exists. */
  get hasErrors(): boolean {
    return !!this.built && Object.keys(this.built.errors).length > 0;
  }
}

export interface LinesOptions {
  entity: EntityDecl;
  /** The editable cells' fields: their widgets, expressions, validation and `dropOnCreate`. */
  fields: ResolvedField[];
  /** Values linking every new line to the header (the tab's `filter`), read when needed. */
  fixed: () => Row;
  scopeExtra: () => Row;
  labelOf: (f: ResolvedField) => string;
  /** A value was typed into a line (its computed amounts are previewed from it). */
  onEdit?(line: Line, field: string): void;
  /** What the document's status lets change in its lines (renderer/schema/status/lock.ts). */
  lock?: () => Editable;
}

export interface SaveResult {
  ok: boolean;
  /** The first invalid cell, in table order; nothing was sent. */
  invalid?: { key: string; field: string };
  /** Lines the server refused (version conflicts, business rules); their edits are kept. */
  failed?: number;
}

/**
 * The lines of an inline editable tab (issue 6): add, copy, delete, validate with the form rules
 * and submit only what changed — new lines POST (without their `dropOnCreate` fields), edited
 * lines PUT with their `objectVersionNumber`, removed saved lines DELETE in one batch.
 */
export class LinesStore {
  lines: Line[] = [];
  /** Saved lines removed locally, deleted on the next save. */
  deleted: Line[] = [];
  selected: Set<string> = new Set();
  saving = false;
  private loaded: Row[] = [];
  private seq = 0;
  /**
   * Bumped (once per batch, after the render that built them) when lines build their forms, so
   * totals and `dirty` computed from the plain values before then follow the forms from now on.
   * A form is built while a cell renders, where changing observed state is not allowed.
   */
  private readonly formsBuilt = observable.box(0);
  private bumpQueued = false;
  private readonly forms = {
    observe: () => void this.formsBuilt.get(),
    built: () => {
      if (this.bumpQueued) return;
      this.bumpQueued = true;
      queueMicrotask(() => {
        this.bumpQueued = false;
        runInAction(() => this.formsBuilt.set(this.formsBuilt.get() + 1));
      });
    },
  };

  constructor(private readonly o: LinesOptions) {
    makeObservable<LinesStore, 'loaded' | 'byKey'>(this, {
      byKey: false,
      lines: observableRef,
      deleted: observableRef,
      selected: observableRef,
      saving: observable,
      loaded: false,
      dirty: computed,
      load: action,
      refresh: action,
      add: action,
      copy: action,
      remove: action,
      cancel: action,
      select: action,
    });
  }

  /** Unsaved work: new, edited or removed lines (closing the tab asks first). */
  get dirty(): boolean {
    return this.deleted.length > 0 || this.lines.some((l) => l.changed);
  }

  /** Lines by key for the table's cells; a plain map (cells look up outside reactions). */
  private readonly byKey = new Map<string, Line>();

  line(key: string): Line | undefined {
    return this.byKey.get(key);
  }

  private setLines(lines: Line[]): void {
    this.lines = lines;
    this.byKey.clear();
    for (const l of lines) this.byKey.set(l.key, l);
  }

  load(rows: Row[]): void {
    this.loaded = rows;
    this.setLines(rows.map((r) => this.newLine(String(r[this.o.entity.primaryKey]), r, 'sync')));
    this.deleted = [];
    this.selected = new Set();
  }

  /**
   * The lines as the server has them after a save, keeping every line edited or added since the
   * save began (a person may type while the table reloads) and lines still waiting to be deleted.
   */
  refresh(rows: Row[]): void {
    const pk = this.o.entity.primaryKey;
    this.loaded = rows;
    const edited = new Map(this.lines.filter((l) => l.changed).map((l) => [l.key, l]));
    const waiting = new Set(this.deleted.map((l) => l.key));
    const fresh = rows.map((r) => String(r[pk])).filter((k) => !waiting.has(k));
    const byId = new Map(rows.map((r) => [String(r[pk]), r]));
    const added = this.lines.filter((l) => l.status === 'create');
    this.setLines([...added, ...fresh.map((k) => edited.get(k) ?? this.newLine(k, byId.get(k)!, 'sync'))]);
    this.selected = new Set([...this.selected].filter((k) => this.byKey.has(k)));
  }

  /** A new line at the top: entity defaults, the screen's `defaultValue`s, then the header link. */
  add(): Line {
    const values: Row = {};
    for (const f of this.o.entity.fields) if (f.default !== undefined && f.default !== null) values[f.name] = f.default;
    for (const f of this.o.fields) if (f.defaultValue !== undefined) values[f.name] = f.defaultValue;
    return this.insert(values);
  }

  /**
   * Copies of the selected lines at the top, as new lines: without the key, version, audit
   * fields and anything the server generates (read-only fields such as line numbers).
   */
  copy(keys: Iterable<string> = this.selected): Line[] {
    const { entity } = this.o;
    const generated = new Set<string>([entity.primaryKey, ...SYSTEM_FIELDS, ...entity.fields.filter((f) => f.readOnly).map((f) => f.name)]);
    if (entity.numbering) generated.add(entity.numbering.field);
    const wanted = new Set(keys);
    const sources = this.lines.filter((l) => wanted.has(l.key));
    const copies = sources.reverse().map((l) => this.insert(Object.fromEntries(Object.entries(l.values).filter(([k]) => !generated.has(k)))));
    this.selected = new Set();
    return copies.reverse();
  }

  /** New lines vanish; saved lines wait for the next save (which asks first). */
  remove(keys: Iterable<string> = this.selected): void {
    const gone = new Set(keys);
    this.deleted = [...this.deleted, ...this.lines.filter((l) => gone.has(l.key) && l.status === 'sync')];
    this.setLines(this.lines.filter((l) => !gone.has(l.key)));
    this.selected = new Set([...this.selected].filter((k) => !gone.has(k)));
  }

  /** Back to the lines as last loaded. */
  cancel(): void {
    this.load(this.loaded);
  }

  select(keys: string[]): void {
    this.selected = new Set(keys);
  }

  /**
   * Validates every changed line as a form saves (required, length, pattern, range, expressions,
   * then the async checks of cells on screen) and clears marks on the others. Returns the first
   * invalid cell in table order.
   */
  async validate(): Promise<{ key: string; field: string } | undefined> {
    const changed: Line[] = [];
    for (const l of this.lines) {
      if (l.changed) changed.push(l);
      else if (l.hasErrors) runInAction(() => (l.form.errors = {}));
    }
    const invalid = await Promise.all(
      changed.map((l) => {
        l.form.applyComputed();
        return l.form.validateAll();
      }),
    );
    const i = invalid.findIndex((f) => f !== undefined);
    return i < 0 ? undefined : { key: changed[i]!.key, field: invalid[i]! };
  }

  /** What a save would send: the removed saved lines, the new lines, the edited lines. */
  pending(): { remove: Line[]; create: Line[]; update: Line[] } {
    return { remove: this.deleted, create: this.lines.filter((l) => l.status === 'create'), update: this.lines.filter((l) => l.status === 'sync' && l.changed) };
  }

  /**
   * Submits the changes after validation. Lines the server refuses keep their edits and show
   * its message; the rest become saved lines with the server's values (and new version).
   */
  async save(api: LinesApi): Promise<SaveResult> {
    const invalid = await this.validate();
    if (invalid) return { ok: false, invalid };
    const { remove, create, update } = this.pending();
    runInAction(() => (this.saving = true));
    let failed = 0;
    const refuse = (l: Line, e: unknown) => {
      failed++;
      runInAction(() => (l.saveError = (e as Error).message || 'failed'));
    };
    // Each line goes through the form controller, as a form's save does: a field the server
    // names is marked in its cell; any refusal keeps the line's edit with the server's message.
    const send = async (l: Line, mode: 'create' | 'update') => {
      const r = await sendForm(l.form, mode === 'create' ? { mode, send: (body) => api.create(body), extra: this.o.fixed() } : { mode, send: (body) => api.update(l.form.values, body) });
      if (!r.ok) return refuse(l, { message: r.failure?.message });
      runInAction(() => {
        l.form.reset({ ...l.form.values, ...r.record });
        l.status = 'sync';
        l.saveError = undefined;
      });
    };
    try {
      if (remove.length) {
        try {
          await api.remove(remove.map((l) => ({ [this.o.entity.primaryKey]: l.values[this.o.entity.primaryKey], objectVersionNumber: l.values.objectVersionNumber })));
          runInAction(() => (this.deleted = this.deleted.filter((l) => !remove.includes(l))));
        } catch (e) {
          for (const l of remove) refuse(l, e);
        }
      }
      for (const l of create) await send(l, 'create');
      for (const l of update) await send(l, 'update');
    } finally {
      runInAction(() => (this.saving = false));
    }
    return failed ? { ok: false, failed } : { ok: true };
  }

  private insert(values: Row): Line {
    const line = this.newLine(`new-${++this.seq}`, { ...values, ...this.o.fixed() }, 'create');
    this.setLines([line, ...this.lines]);
    return line;
  }

  private newLine(key: string, values: Row, status: 'create' | 'sync'): Line {
    const { entity, fields, scopeExtra, labelOf, onEdit, lock } = this.o;
    const line: Line = new Line(
      key,
      values,
      (v) => {
        const form = new FormStore(entity, fields, v, scopeExtra, labelOf);
        if (onEdit) form.onSet = (field) => onEdit(line, field);
        if (lock) form.lockedBy = lock;
        return form;
      },
      status,
      this.forms,
    );
    return line;
  }
}
