import type { LazyModule, Registries } from '../contracts/registries.ts';
import { ACTION_IMPLS, CELL_IMPLS, PAGE_IMPLS, WIDGET_IMPLS } from './builtin-impls.ts';
import { Registry } from './registry.ts';

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
