import type { EntityDecl } from '../schema/entity.ts';
import type { Label } from '../schema/label.ts';
import type { DocumentRef } from '../schema/documents/refs.ts';
import type { Registries } from './registries.ts';
import type { FillFacts } from '../schema/fill.ts';

export interface RequestOpts {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  query?: Record<string, unknown>;
  body?: unknown;
  responseType?: 'json' | 'text' | 'blob';
  silent?: boolean;
}

/** The signed-in context expressions and URL templates see as `user`. */
export interface RendererUser {
  id: number;
  loginName: string;
  /** The person's name and their tenant's. */
  realName?: string;
  tenantName?: string;
  /** What the server fills new records' `fill` fields with for this person (their company, department, currency …). */
  fills?: FillFacts;
  tenantId: number;
  organizationId: number;
  roleId: number;
  roleCode: string;
  roleLevel: string;
  language: string;
  /** Preferences of §7.3's current user: how dates are shown (`YYYY-MM-DD` …) and in which zone (`GMT+8`); the language's default when missing. */
  dateFormat?: string;
  timeZone?: string;
}

/**
 * What the renderer needs from its host (the shell, Storybook, a test): a small contract so
 * the engine never imports the shell. Hosts pass it through <RendererProvider>.
 */
export interface RendererServices {
  /** The type registries this renderer resolves `type` names with (registry/registries.ts builds them). */
  registries: Registries;
  request<T = unknown>(url: string, opts?: RequestOpts): Promise<T>;
  label(l: Label | undefined, fallback?: string): string;
  t(key: string, fallback?: string, vars?: Record<string, unknown>): string;
  /** undefined while a batched lookup is pending. */
  can(codes: string[] | undefined): boolean | undefined;
  navigate(path: string): void;
  user: RendererUser;
  siteMode: boolean;
  language: string;
  loadEntity(name: string): Promise<EntityDecl>;
  notify: { success(text: string): void; error(text: string): void };
  /**
   * Tells the person which documents an action made, each a link that opens it in a tab (a notice
   * that stays until closed: the numbers are what they came for). Absent: `notify` names them.
   */
  showDocuments?(title: string, docs: DocumentRef[]): void;
  /** Tells the shell which document the open tab shows (its number and status), for the page header and tab title. */
  setPageInfo?(info: { number?: string; status?: string } | undefined): void;
  /**
   * Registers the open tab's before-close guard (unsaved changes). `unsaved` says, without asking,
   * whether the guard would ask: the host's window-close warning uses it, as the guard's own dialog cannot show then.
   */
  onBeforeClose?(fn: () => boolean | Promise<boolean>, unsaved?: () => boolean): () => void;
  accessToken(): string | undefined;
  /**
   * Shows a long action's progress (an export, an import, a move of many records) where the person
   * can leave it running and carry on: the shell puts it in a notification they may dismiss while
   * the work goes on (they hear of the end anyway). Absent (a story, a test): nothing is shown.
   */
  progress?(title: string): ProgressReport;
  /**
   * The screen a dialog opens by schema file, resolved as the shell resolves a tab's route: a
   * published stored page of the tenant or site serving one of the file's routes (tenant overlay
   * applied) before the file itself. Undefined: the file's own text (dialogs/screen-source.ts).
   */
  screenSource?(file: string): ScreenSource | undefined;
  /**
   * Calls `fn` when the server says a record of `entity` (`id`, or any when omitted) moved without
   * this page acting (an approval ended in another browser): open pages show it without a reload.
   */
  onRecordChanged?(entity: string, id: number | undefined, fn: () => void): () => void;
}

/** What a screen host renders: a name for error messages and the loader of the schema's text. */
export interface ScreenSource {
  file: string;
  load(): Promise<string>;
  /** The route pattern it serves, when it came from a route. */
  route?: string;
}

/** One long action's progress, as its runner reports it. */
export interface ProgressReport {
  /** `done` of `total` steps finished; without `total` the work is under way with no measure. */
  update(done: number, total?: number): void;
  done(text: string): void;
  /** Stopped by a failure; `retry` carries on from where it stopped. */
  failed(text: string, retry?: () => void): void;
}
