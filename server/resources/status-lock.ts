import type { EntityDecl } from '../../renderer/schema/entity.ts';
import { type Editable, editableIn, mayChange } from '../../renderer/schema/status/editable.ts';
import type { ServerContext } from '../context.ts';
import type { Queryable } from '../db/database.ts';
import { HttpError } from '../http/errors.ts';
import { columnOf, ident } from './naming.ts';

type Row = Record<string, unknown>;

/** The document whose status locks a row (the row itself, or a line's parent) and that status. */
interface Lock {
  doc: EntityDecl;
  status: unknown;
  editable: Editable;
}

/**
 * The locks a row is under: its own status's (`status.editable` of its entity) and, for a line,
 * its document's; a change must pass both (a cancelled line stays read-only in a draft order).
 */
async function locksOf(ctx: ServerContext, e: EntityDecl, tx: Queryable, row: Row, own = true): Promise<Lock[]> {
  const out: Lock[] = [];
  if (own && e.status?.editable) out.push({ doc: e, status: row[e.status.field], editable: editableIn(e, row[e.status.field]) });
  const doc = e.parent && ctx.entities.get(e.parent.entity);
  if (!doc?.status?.editable) return out;
  const r = await tx.query<{ s: unknown }>(`select ${ident(columnOf(doc.status.field))} as s from ${ident(doc.table)} where ${ident(columnOf(doc.primaryKey))} = $1`, [row[e.parent!.field]]);
  const status = r.rows[0]?.s;
  out.push({ doc, status, editable: editableIn(doc, status, e) });
  return out;
}

/** Whether a write could meet a status lock at all: the entity's own `editable`, or its parent's. */
export const statusLocked = (ctx: ServerContext, e: EntityDecl): boolean =>
  !!e.status?.editable || !!(e.parent && ctx.entities.get(e.parent.entity)?.status?.editable);

function locked(lock: Lock, e: EntityDecl, what: string, field?: string): HttpError {
  const where = lock.doc === e ? `the ${e.name}` : `its ${lock.doc.name}`;
  return Object.assign(new HttpError(409, 'error.status.locked', `${what} while ${where} is ${String(lock.status)}`), field ? { field } : {});
}

/** Values equal as stored: numbers by value (`1.50` is `1.5`), empty as empty. */
const norm = (v: unknown): string => {
  if (v === null || v === undefined || v === '') return '';
  if (typeof v === 'number' || (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v))) return String(Number(v));
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
};

/** Refuses an update changing a field the status does not allow (a value sent unchanged is no change). */
export async function checkStatusUpdate(ctx: ServerContext, e: EntityDecl, tx: Queryable, current: Row, changes: Row): Promise<void> {
  for (const lock of await locksOf(ctx, e, tx, current)) {
    if (lock.editable.all) continue;
    for (const [field, v] of Object.entries(changes)) {
      if (norm(v) === norm(current[field]) || mayChange(lock.editable, field)) continue;
      throw locked(lock, e, `${field} cannot be changed`, field);
    }
  }
}

/** Refuses adding or removing a line, or removing a document, where its status does not allow it. */
export async function checkStatusAddRemove(ctx: ServerContext, e: EntityDecl, tx: Queryable, row: Row, action: 'create' | 'delete'): Promise<void> {
  // A new record starts in its initial status, which its own declaration governs from then on;
  // a new line still needs its document's status to allow adding lines.
  for (const lock of await locksOf(ctx, e, tx, row, action !== 'create')) {
    if (lock.editable.all) continue;
    throw locked(lock, e, action === 'create' ? `A ${e.name} cannot be added` : `The ${e.name} cannot be deleted`);
  }
}
