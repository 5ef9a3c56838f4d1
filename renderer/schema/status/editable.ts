import type { EntityDecl } from '../entity.ts';

/** What may change in a status: every field, or these (`null`: the entity locks nothing by status). */
export type Editable = { all: true } | { all: false; fields: Set<string> };

/**
 * The fields of `e` that may change while its record (or, for a line, its parent document) is in
 * `status`, from the document's `status.editable`. Shared by the server, which refuses other
 * writes, and the forms, which show other fields read-only.
 */
export function editableIn(doc: EntityDecl, status: unknown, entity: EntityDecl = doc): Editable {
  const table = doc.status?.editable;
  if (!table) return { all: true };
  // A row without a status (stored before its machine was declared) is in the initial one.
  const rule = table[String(status ?? doc.status?.initial ?? '')];
  if (rule === '*') return { all: true };
  const prefix = entity === doc ? '' : `${entity.name}.`;
  const fields = new Set<string>();
  for (const f of rule ?? []) {
    if (entity === doc ? f.includes('.') : !f.startsWith(prefix)) continue;
    const name = f.slice(prefix.length);
    if (name === '*') return { all: true };
    fields.add(name);
  }
  return { all: false, fields };
}

export const mayChange = (ed: Editable, field: string) => ed.all || ed.fields.has(field);
