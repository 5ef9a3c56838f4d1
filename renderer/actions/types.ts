import type { RendererServices } from '../runtime/services.ts';
import type { EntityDecl } from '../schema/entity.ts';
import type { ActionBase } from '../schema/screen.ts';

/** What an action handler gets: the action's schema, where it was clicked, and what it can do. */
export interface ActionContext {
  action: ActionBase;
  services: RendererServices;
  entity?: EntityDecl;
  /** The row (row actions) or the form's record (detail actions). */
  record?: Record<string, unknown>;
  /** Selected rows (toolbar actions of a list). */
  selected?: Record<string, unknown>[];
  params: Record<string, string>;
  /** Current list query, for exports. */
  query?: Record<string, unknown>;
  /** Reloads the page's data after a change. */
  refresh(): Promise<void>;
  /** Detail pages: validates and saves the form; resolves false when invalid. */
  save?(): Promise<boolean>;
  /** Lists with editable columns and editable detail tabs: opens the record form (a new record without one). */
  openForm?(record?: Record<string, unknown>): Promise<void>;
}

export type ActionHandler = (ctx: ActionContext) => Promise<void>;
