import type { EntityDecl } from '../entity.ts';
import type { ActionBase } from '../screen.ts';
import { type Editable, editableIn } from './editable.ts';
import { workflowsOf } from './workflows.ts';

/**
 * What a document's status lets a person touch, read from its declaration alone: the status
 * machine's `editable` table, its transitions' `from`, the moves only the server takes, and the
 * workflow's lock while an approval runs. The server enforces the same facts (status-lock.ts, the
 * repository's transition, hwfl/documents.ts); every form, line table and action button asks here,
 * so a locked document shows no control that would change it, on every screen at once.
 */

type Row = Record<string, unknown>;

const NOTHING: Editable = { all: false, fields: new Set() };

/** The statuses a document is in while one of its approvals runs: where each workflow's `submit` leads. */
export function approvingStatuses(e: EntityDecl): Set<string> {
  const out = new Set<string>();
  for (const wf of workflowsOf(e)) {
    const to = e.status?.transitions[wf.submit]?.to;
    if (to) out.add(to);
  }
  return out;
}

/** The moves the server takes itself (declared `system`; each approval's approve, reject and recall): no request, so no button. */
export function serverMoves(e: EntityDecl): Set<string> {
  const out = new Set<string>();
  for (const [name, t] of Object.entries(e.status?.transitions ?? {})) if (t.system) out.add(name);
  for (const wf of workflowsOf(e)) for (const m of [wf.approve, wf.reject, wf.recall]) if (m) out.add(m);
  return out;
}

/**
 * A record read from the server with its status (it has its key and the status field): a new one
 * is not locked by any status, and one read without its status (a call answering some fields) is
 * left to the server to judge.
 */
const saved = (e: EntityDecl, record: Row | undefined): record is Row =>
  record?.[e.primaryKey] !== undefined && record[e.primaryKey] !== null && record[e.primaryKey] !== '' && (!e.status || Object.hasOwn(record, e.status.field));

const statusOf = (e: EntityDecl, record: Row) => record[e.status!.field] ?? e.status!.initial;

/**
 * What may change of `entity` (the document itself, or one of its line entities) while the
 * document `doc` is `record`: everything for a new document or one without a status machine,
 * nothing while its approval runs, else what `status.editable` says.
 */
export function changeable(doc: EntityDecl, record: Row | undefined, entity: EntityDecl = doc): Editable {
  if (!doc.status || !saved(doc, record)) return { all: true };
  // Only the document's own lines are locked with it; a tab over another entity has its own rules.
  if (entity !== doc && entity.parent?.entity !== doc.name) return { all: true };
  const status = statusOf(doc, record);
  if (approvingStatuses(doc).has(String(status))) return NOTHING;
  return editableIn(doc, status, entity);
}

/** Whether anything at all may change (a Save button has something to save). */
export const anyChange = (ed: Editable) => ed.all || ed.fields.size > 0;

/** Whether the transition `action` of `e` may be taken from the record's status by a request. */
export function mayMove(e: EntityDecl, record: Row | undefined, action: string): boolean {
  const t = e.status?.transitions[action];
  if (!t || serverMoves(e).has(action)) return false;
  if (!saved(e, record)) return record?.[e.primaryKey] !== undefined;
  return t.from.includes(String(statusOf(e, record)));
}

/** The document lines are judged with (a line is cancelled only while its order allows it). */
export interface LockParent {
  entity: EntityDecl;
  record: Row | undefined;
}

/** What may change in lines of `entity` under `parent` (everything where they belong to no document). */
export function lineLock(parent: LockParent | undefined, entity: EntityDecl): Editable {
  return parent ? changeable(parent.entity, parent.record, entity) : { all: true };
}

/**
 * Whether a screen action is one the record's status allows: a status move only from the statuses
 * it starts from (and its document's `parentStatus`), never the server's own; a delete and a save
 * only where something may change. Other actions (navigate, print, export …) are not the status's.
 */
export function actionAllowed(action: ActionBase, entity: EntityDecl | undefined, record: Row | undefined, parent?: LockParent): boolean {
  if (!entity) return true;
  const lines = lineLock(parent, entity);
  switch (action.type) {
    case 'transition': {
      if (!entity.status) return true;
      const name = String(action.action);
      if (!mayMove(entity, record, name)) return false;
      const need = entity.status.transitions[name]?.parentStatus;
      if (need && parent?.entity.status && saved(parent.entity, parent.record)) return need.includes(String(statusOf(parent.entity, parent.record)));
      return true;
    }
    case 'delete':
      // Deleting takes a record away: its own status must allow every change, and its document adding and removing lines.
      return lines.all && (!saved(entity, record) || changeable(entity, record).all);
    case 'form':
      // A form without a record creates one: a line is added only where its document takes new lines.
      if (!saved(entity, record)) return lines.all;
      return anyChange(lines) && anyChange(changeable(entity, record));
    case 'save':
      return anyChange(lines) && anyChange(changeable(entity, record));
    default:
      return true;
  }
}
