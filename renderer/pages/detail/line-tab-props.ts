import type { EntityDecl } from '../../schema/entity.ts';
import type { LockParent } from '../../schema/status/lock.ts';
import type { ResolvedColumn, ResolvedField } from '../../schema/resolve-field.ts';
import type { DetailTab } from '../../schema/screen.ts';
import type { FormulaFacts } from '../../form/formula-preview.ts';
import type { EarlyLines } from './early-reads.ts';

/** What a detail page hands each of its line tabs (dialog-edited or inline). */
export interface LineTabProps {
  tab: DetailTab;
  /** The lines, read before the tab mounted (early-reads.ts); its first load uses them if the filter is the same. */
  early?: EarlyLines;
  /** An inline tab's editable fields, prepared by the page with its own (without them the tab prepares them). */
  fields?: ResolvedField[];
  /** Index of the tab in the screen, for error paths. */
  index?: number;
  entity: EntityDecl;
  columns: ResolvedColumn[];
  /** The header record, user and route, to fill the tab's `filter` and URLs. */
  vars: Record<string, unknown>;
  /** The page's route parameters, which the tab's row actions get as theirs. */
  params?: Record<string, string>;
  /** The document the lines belong to, whose status decides what may change in them (renderer/schema/status/lock.ts). */
  parent?: LockParent;
  /**
   * Reloads the header (and so the lines): after a line's row action, whose effect the header may
   * show (a cancelled line leaves the totals the server computes). Absent: only the lines reload.
   */
  reloadHeader?(): Promise<void>;
  /** Reports unsaved lines to the page, so closing the tab asks first. */
  trackPending?(dirty: () => boolean): () => void;
  /** Lines were written: the header's values derived from them (its formula fields) are read again. */
  onLinesChanged?(): void;
  /** Lines as typed, not saved yet: the header previews its totals over them (`sum(<entity>.<field>)`). */
  onLinesPreview?(entity: string, rows: Array<Record<string, unknown>>, facts: FormulaFacts): void;
}
