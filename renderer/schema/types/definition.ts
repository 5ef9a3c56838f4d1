import type { CheckContext } from '../check/check-context.ts';
import type { EntityDecl } from '../entity.ts';

type Json = Record<string, unknown>;

/** A JSON Schema fragment (a property's schema in the screen meta-schema). */
export type SchemaFragment = Record<string, unknown>;

/**
 * What the checks of one type may use: the screen checker's helpers, bound to the file being
 * checked. A type's check adds problems through them, so every type reports the same way.
 */
export interface ScreenChecker {
  ctx: CheckContext;
  add(path: string, message: string): void;
  label(l: unknown, path: string): void;
  expr(e: unknown, path: string): void;
  /** `{x}` placeholders of a URL or route template are bound by the route, the user or the entity. */
  urlParams(url: string, path: string, entity?: EntityDecl): void;
  /** `url` (with `[{tenantId}/]` variants) names a route of the server for `method`. */
  endpointExists(url: string, method: string): boolean;
  /** A route template is served by some screen. */
  routeServed(template: string): boolean;
  suggest(name: string, known: Iterable<string>): string;
  field(entity: EntityDecl | undefined, item: unknown, path: string, kind: 'field' | 'column'): void;
  action(a: Json, path: string, entity: EntityDecl | undefined): void;
  table(t: Json | undefined, path: string, entity: EntityDecl | undefined): void;
  sections(list: unknown, path: string, entity: EntityDecl | undefined): void;
  endpoint(ep: unknown, path: string, method: string, entity?: EntityDecl): void;
  /** The screen's entity (undefined when it names none or an unknown one). */
  entity: EntityDecl | undefined;
  routes: string[];
  routeParams: Set<string>;
}

/** Where an action sits: a row's (row actions, a detail page's actions) or a toolbar's, and the screen's kind. */
export interface ActionPlace {
  row: boolean;
  screenKind?: string;
}

/**
 * What one action asks of the server when clicked: an operation on its entity, a transition of
 * its entity, a call of its own, a route or a screen file it opens (whose own calls follow).
 * The permission guards and the list of the UI's calls read this, never the action's type.
 */
export type ActionCall =
  | { entityOp: 'create' | 'update' | 'delete' | 'export' | 'import'; url?: string }
  | { transition: string }
  | { endpoint: { method: string; url: string } }
  | { route: string }
  | { screen: string };

/**
 * An action type: the properties it takes besides the common ones (its meta-schema fragment,
 * generated into screen.meta.json), which of them it needs, and the checks that need more than
 * the meta-schema (endpoints, files, transitions).
 */
export interface ActionTypeDef {
  description: string;
  properties: Record<string, SchemaFragment>;
  required?: string[];
  /** The action works on the screen's entity (delete, export, transition). */
  needsEntity?: boolean;
  check?(a: Json, path: string, entity: EntityDecl | undefined, c: ScreenChecker): void;
  /** What a click asks of the server (required: a new type states its calls, or the guards could not see them). */
  calls(a: Json, at: ActionPlace): ActionCall[];
}

/** A page kind: the meta-schema definition that describes its screens, and its checks. */
export interface PageKindDef {
  description: string;
  /** Name of its definition in screen.meta.json (`listScreen` …). */
  definition: string;
  check(doc: Json, c: ScreenChecker): void;
}
