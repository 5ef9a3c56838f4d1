import type { Registries } from '../contracts/registries.ts';
import { SchemaError } from '../schema/schema-error.ts';
import type { ResolvedColumn, ResolvedField } from '../schema/resolve-field.ts';
import type { ActionBase } from '../schema/screen.ts';

/**
 * Loads the chunks of every widget, cell and action a page uses before it renders, so rows and
 * fields render synchronously; an unknown type is a schema error at its path. Actions are waited
 * for too, although a button resolves its handler only when clicked: a page on screen then has
 * working buttons even if the server goes away, since a browser remembers a failed `import()` for
 * the life of the page (tests/e2e/server-outage.test.ts saved nothing after an outage when the
 * save action's chunk was still on its way as the server went).
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
    jobs.push(actionTypes.resolve(a.type));
  }
  await Promise.all(jobs);
}
