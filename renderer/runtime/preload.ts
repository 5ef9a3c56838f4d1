import type { Registries } from '../registry/registries.ts';
import { SchemaError } from '../schema/schema-error.ts';
import type { ResolvedColumn, ResolvedField } from '../schema/resolve-field.ts';
import type { ActionBase } from '../schema/screen.ts';

/**
 * Loads the chunks of every widget and cell a page uses before it renders, so rows and fields
 * render synchronously; an unknown type is a schema error at its path. Action chunks are fetched
 * too but not waited for: a button resolves its handler when clicked, and a page waiting for them
 * painted later for nothing (on a busy server they come after the page's own data).
 */
export async function preload({ actionTypes, cellRenderers, fieldWidgets }: Registries, fields: Array<[ResolvedField, string]>, columns: Array<[ResolvedColumn, string]>, actions: Array<[ActionBase, string]>): Promise<void> {
  const jobs: Array<Promise<unknown>> = [];
  for (const [f, path] of fields) {
    if (!fieldWidgets.has(f.widget)) throw new SchemaError(`unknown widget "${f.widget}"; known: ${fieldWidgets.types().join(', ')}`, `${path}/widget`);
    jobs.push(fieldWidgets.resolve(f.widget));
  }
  for (const [c, path] of columns) {
    if (!cellRenderers.has(c.cell)) throw new SchemaError(`unknown cell "${c.cell}"; known: ${cellRenderers.types().join(', ')}`, `${path}/cell`);
    jobs.push(cellRenderers.resolve(c.cell));
  }
  for (const [a, path] of actions) {
    if (!actionTypes.has(a.type)) throw new SchemaError(`unknown action type "${a.type}"; known: ${actionTypes.types().join(', ')}`, `${path}/type`);
  }
  // A chunk that fails here fails again when clicked, where the button reports it.
  for (const [a] of actions) actionTypes.resolve(a.type).catch(() => undefined);
  await Promise.all(jobs);
}
