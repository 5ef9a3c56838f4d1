import type { ComponentType } from 'react';
import type { ActionHandler } from '../actions/types.ts';
import type { CellProps } from '../cells/types.ts';
import type { FieldProps } from '../fields/types.ts';
import { ACTION_IMPLS, CELL_IMPLS, PAGE_IMPLS, type PageComponent, WIDGET_IMPLS } from './builtin-impls.ts';
import { type LazyModule, Registry } from './registry.ts';

/**
 * The registries a renderer resolves `type` names with, carried on the renderer context. A host
 * builds one set (createRegistries) and registers its custom components and handlers on it once;
 * a test or a story builds its own, so what one registers never leaks into another.
 */
export interface Registries {
  pageKinds: Registry<PageComponent>;
  fieldWidgets: Registry<ComponentType<FieldProps>>;
  cellRenderers: Registry<ComponentType<CellProps>>;
  actionTypes: Registry<ActionHandler>;
  /** Custom screens (`kind: custom`) registered by name. */
  customComponents: Registry<ComponentType<Record<string, unknown>>>;
  /** Action handlers run by `{"type": "custom", "handler": "<name>"}`. */
  customHandlers: Registry<ActionHandler>;
}

function filled<T>(kind: string, table: Record<string, LazyModule<T>>): Registry<T> {
  const r = new Registry<T>(kind);
  for (const [type, load] of Object.entries(table)) r.register(type, load);
  return r;
}

/** A fresh set holding every built-in type and no custom one. */
export function createRegistries(): Registries {
  return {
    pageKinds: filled('page kind', PAGE_IMPLS),
    fieldWidgets: filled('field widget', WIDGET_IMPLS),
    cellRenderers: filled('cell', CELL_IMPLS),
    actionTypes: filled('action', ACTION_IMPLS),
    customComponents: new Registry('custom component'),
    customHandlers: new Registry('custom handler'),
  };
}
