import type { EntityDecl } from '../schema/entity.ts';
import type { ActionBase } from '../schema/screen.ts';
import type { DialogApi } from './dialogs.ts';
import type { EntityApi } from './entity-api.ts';
import type { RecordFormSpec } from './forms.ts';
import type { PrintDocument } from './print.ts';
import type { RendererServices } from './services.ts';

/** What an action handler gets: the action's schema, where it was clicked, and what it can do. */
export interface ActionContext {
  action: ActionBase;
  services: RendererServices;
  /** The screen's dialog host (ActionButton fills it in). */
  dialogs?: DialogApi;
  entity?: EntityDecl;
  /** The records' API when the page reaches them another way than the entity's path (a tab's `data.list`). */
  api?: EntityApi;
  /** The row (row actions) or the form's record (detail actions). */
  record?: Record<string, unknown>;
  /** Selected rows (toolbar actions of a list). */
  selected?: Record<string, unknown>[];
  params: Record<string, string>;
  /** Lists: the field names of the columns shown, in display order (what an export writes). */
  columns?: string[];
  /** Current list query, for exports. */
  query?: Record<string, unknown>;
  /** Reloads the page's data after a change. */
  refresh(): Promise<void>;
  /** Detail pages: validates and saves the form; resolves false when invalid. */
  save?(): Promise<boolean>;
  /** Lists with editable columns and editable detail tabs: the record form `form` actions open. */
  form?: RecordFormSpec;
  /**
   * Form pages: asks before leaving with unsaved changes (resolves false to stay); when the person
   * chooses to leave, the page's changes are dropped so its tab does not ask again.
   */
  leave?(): Promise<boolean>;
  /** Detail pages: the record as the page shows it (header sections, line tabs), for `print`. */
  document?: PrintDocument;
}

export type ActionHandler = (ctx: ActionContext) => Promise<void>;
