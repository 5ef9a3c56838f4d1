import type { ComponentType } from 'react';
import type { ActionHandler } from './actions.ts';
import type { CellProps } from './cells.ts';
import type { FieldProps } from './fields.ts';
import type { PageComponent } from './pages.ts';

/** An implementation loaded on first use, so each page kind or widget can be its own chunk. */
export type LazyModule<T> = () => Promise<{ default: T }>;

/**
 * One registry per kind of thing a schema names by `type` (page kinds, fields, cells, actions).
 * Registering a type twice throws; an unknown type is reported with the names that exist.
 */
export interface TypeRegistry<T> {
  readonly kind: string;
  register(type: string, load: LazyModule<T>): void;
  has(type: string): boolean;
  types(): string[];
  /** Already loaded implementation, for synchronous render paths. */
  peek(type: string): T | undefined;
  resolve(type: string): Promise<T>;
}

/**
 * The registries a renderer resolves `type` names with, carried on the renderer context. A host
 * builds one set (createRegistries) and registers its custom components and handlers on it once;
 * a test or a story builds its own, so what one registers never leaks into another.
 */
export interface Registries {
  pageKinds: TypeRegistry<PageComponent>;
  fieldWidgets: TypeRegistry<ComponentType<FieldProps>>;
  cellRenderers: TypeRegistry<ComponentType<CellProps>>;
  actionTypes: TypeRegistry<ActionHandler>;
  /** Custom screens (`kind: custom`) registered by name. */
  customComponents: TypeRegistry<ComponentType<Record<string, unknown>>>;
  /** Action handlers run by `{"type": "custom", "handler": "<name>"}`. */
  customHandlers: TypeRegistry<ActionHandler>;
}
