import { makeAutoObservable, runInAction } from 'mobx';
import type { Problem } from '../../../renderer/schema/check/problems.ts';
import type { EntityDecl } from '../../../renderer/schema/entity.ts';
import { applyOverlay, isOverlay, type OverlayConflict, overlayConflicts } from '../../../renderer/schema/overlay.ts';
import type { Screen } from '../../../renderer/schema/screen.ts';
import { type DesignerPage, type PageApi, Refused } from './page-api.ts';

/** The preview waits this long after the last keystroke; the server check a little longer. */
export const PREVIEW_DELAY_MS = 300;
export const CHECK_DELAY_MS = 600;

type Json = Record<string, unknown>;

export interface ParseError {
  message: string;
  offset: number;
}

/** JSON.parse with the offset of the error, which the editor marks. */
export function parseWithOffset(text: string): { doc?: unknown; error?: ParseError } {
  try {
    return { doc: JSON.parse(text) };
  } catch (e) {
    const message = (e as Error).message;
    const m = /position (\d+)/.exec(message);
    const lc = /line (\d+) column (\d+)/.exec(message);
    let offset = m ? Number(m[1]) : text.length;
    if (!m && lc) offset = text.split('\n').slice(0, Number(lc[1]) - 1).reduce((n, l) => n + l.length + 1, 0) + Number(lc[2]) - 1;
    return { error: { message, offset } };
  }
}

/**
 * State of one open designer: the text being edited, the saved page, the checker's findings,
 * and the screen the live preview shows (the last text that parsed, merged with the base for
 * an overlay).
 */
export class EditorStore {
  page: DesignerPage | null = null;
  loadError: string | null = null;
  text = '';
  savedText = '';
  problems: Problem[] = [];
  conflicts: OverlayConflict[] = [];
  parseError: ParseError | null = null;
  /** Problems that refused the last publish, until the text changes. */
  refused: Problem[] | null = null;
  /** Bumped when the text is replaced from the server (load, rollback): the editor shows it. */
  revision = 0;
  previewScreen: Screen | null = null;
  previewGeneration = 0;
  saving = false;
  publishing = false;
  private previewTimer: ReturnType<typeof setTimeout> | undefined;
  private checkTimer: ReturnType<typeof setTimeout> | undefined;
  private checkSeq = 0;
  private baseEntity: EntityDecl | undefined;

  constructor(
    readonly api: PageApi,
    readonly pageCode: string,
    private readonly loadEntity: (name: string) => Promise<EntityDecl>,
  ) {
    makeAutoObservable<EditorStore, 'previewTimer' | 'checkTimer' | 'checkSeq' | 'baseEntity'>(this, { api: false, previewTimer: false, checkTimer: false, checkSeq: false, baseEntity: false }, { autoBind: true });
  }

  get dirty(): boolean {
    return this.text !== this.savedText;
  }

  get isOverlay(): boolean {
    return !!this.page?.overlayFlag;
  }

  get baseDoc(): Json | undefined {
    const t = this.page?.base?.text;
    const r = t ? parseWithOffset(t) : undefined;
    return r?.doc as Json | undefined;
  }

  async load(): Promise<void> {
    try {
      const page = await this.api.get(this.pageCode);
      const entity = (page.overlayFlag ? (JSON.parse(page.base?.text ?? '{}') as Json).entity : undefined) as string | undefined;
      this.baseEntity = entity ? await this.loadEntity(entity).catch(() => undefined) : undefined;
      runInAction(() => {
        this.page = page;
        this.text = page.content ?? '';
        this.savedText = this.text;
        this.conflicts = page.conflicts ?? [];
        this.revision++;
      });
      this.updatePreview();
      void this.runCheck();
    } catch (e) {
      runInAction(() => (this.loadError = (e as Error).message));
    }
  }

  /** Every keystroke: the preview and the checks follow, each debounced. */
  setText(text: string): void {
    // An editor may report the same text again (a late DOM read): the refusal stands until it changes.
    if (text !== this.text) this.refused = null;
    this.text = text;
    clearTimeout(this.previewTimer);
    clearTimeout(this.checkTimer);
    this.previewTimer = setTimeout(this.updatePreview, PREVIEW_DELAY_MS);
    this.checkTimer = setTimeout(() => void this.runCheck(), CHECK_DELAY_MS);
  }

  /** A change made outside the JSON editor (the form view): as if typed, and shown in the editor. */
  replaceText(text: string): void {
    this.setText(text);
    this.revision++;
  }

  /** Re-renders the preview from the current text; a text that does not parse keeps the last good screen. */
  updatePreview(): void {
    const { doc, error } = parseWithOffset(this.text);
    this.parseError = error ?? null;
    if (error) return;
    let screen = doc;
    if (this.isOverlay) {
      const base = this.baseDoc;
      if (!base) return;
      this.conflicts = overlayConflicts(base, doc, this.page?.baseContent ? (parseWithOffset(this.page.baseContent).doc as object) : undefined, this.baseEntity);
      screen = isOverlay(doc) ? applyOverlay(base, doc, this.baseEntity).screen : base;
    }
    this.previewScreen = screen as Screen;
    this.previewGeneration++;
  }

  /** The server's checks (the same as `npm run schemas:check`); stale answers are dropped. */
  async runCheck(): Promise<void> {
    if (this.parseError) {
      this.problems = [];
      return;
    }
    const seq = ++this.checkSeq;
    const text = this.text;
    const r = await this.api.check(this.pageCode, text).catch(() => undefined);
    if (!r || seq !== this.checkSeq) return;
    runInAction(() => {
      this.problems = r.problems;
      if (this.isOverlay) this.conflicts = r.conflicts;
    });
  }

  async save(): Promise<boolean> {
    if (!this.dirty && this.page?.pageId) return true;
    this.saving = true;
    try {
      const r = await this.api.save(this.pageCode, this.text, this.page?.objectVersionNumber);
      const page = await this.api.get(this.pageCode);
      runInAction(() => {
        this.page = page;
        this.savedText = r.content;
        this.problems = r.problems ?? this.problems;
      });
      return true;
    } catch {
      return false;
    } finally {
      runInAction(() => (this.saving = false));
    }
  }

  /** Publishes the saved version; on refusal the problems stay listed and marked in the text. */
  async publish(): Promise<boolean> {
    this.publishing = true;
    try {
      await this.api.publish(this.pageCode);
      await this.reload();
      return true;
    } catch (e) {
      if (e instanceof Refused) runInAction(() => (this.refused = e.problems));
      return false;
    } finally {
      runInAction(() => (this.publishing = false));
    }
  }

  async unpublish(): Promise<void> {
    await this.api.unpublish(this.pageCode);
    await this.reload();
  }

  async rollback(versionNumber: number): Promise<boolean> {
    try {
      await this.api.rollback(this.pageCode, versionNumber);
      await this.reload();
      return true;
    } catch (e) {
      if (e instanceof Refused) runInAction(() => (this.refused = e.problems));
      return false;
    }
  }

  /** After a server-side change: the page and its text as stored now. */
  private async reload(): Promise<void> {
    const page = await this.api.get(this.pageCode);
    runInAction(() => {
      this.page = page;
      this.text = page.content;
      this.savedText = page.content;
      this.refused = null;
      this.revision++;
    });
    this.updatePreview();
    void this.runCheck();
  }

  dispose(): void {
    clearTimeout(this.previewTimer);
    clearTimeout(this.checkTimer);
  }
}
