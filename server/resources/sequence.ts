import type { EntityDecl } from '../../renderer/schema/entity.ts';
import type { Queryable } from '../db/database.ts';
import { columnOf, ident } from './naming.ts';

type Row = Record<string, unknown>;

/**
 * Numbers a new line after the last one of its document, for each `sequence` field the values do
 * not set (a module creating lines in its own order may). The document's row is locked first, so
 * two people adding lines to one document at once get consecutive numbers, never the same one.
 */
export async function fillSequence(tx: Queryable, e: EntityDecl, document: EntityDecl | undefined, values: Row): Promise<void> {
  const fields = e.fields.filter((f) => f.sequence && (values[f.name] === undefined || values[f.name] === null));
  if (!fields.length || !e.parent || !document) return;
  const parentId = values[e.parent.field];
  if (parentId === undefined || parentId === null || parentId === '') return;
  await tx.query(`select 1 from ${ident(document.table)} where ${ident(columnOf(document.primaryKey))} = $1 for update`, [parentId]);
  for (const f of fields) {
    const r = await tx.query<{ n: number }>(`select coalesce(max(${ident(columnOf(f.name))}), 0)::int + 1 as n from ${ident(e.table)} where ${ident(columnOf(e.parent.field))} = $1`, [parentId]);
    values[f.name] = r.rows[0]!.n;
  }
}
