import type { EntityDecl } from '../../renderer/schema/entity.ts';
import type { Queryable } from '../db/database.ts';
import type { Scope } from './scope.ts';

type Row = Record<string, unknown>;

/**
 * What a module's own read path of an entity adds to the generic one (read permission, tenant,
 * supplier and list conditions), told here so that code asking "would this caller see this
 * record's field" (who may open a file attached to it) answers as the module's pages do without
 * importing the module: modules do not import each other.
 */
export interface RecordReader {
  /** Empties, in place, the fields of `rows` the caller may not see (sealed offers until opening). */
  mask?(db: Queryable, scope: Scope, rows: Row[], entities: ReadonlyMap<string, EntityDecl>): Promise<Row[]>;
  /**
   * Rows the module's own pages show the caller besides those its read permission gives (the
   * document of an approval to the people taking part): a SQL condition over the alias `t` whose
   * values are pushed onto `params`, or undefined for none.
   */
  alsoShown?(scope: Scope, params: unknown[]): string | undefined;
}

const readers = new Map<string, RecordReader[]>();

/** Registered once per reader object: registering the same object again (another server in the process) changes nothing. */
export function registerRecordReader(entity: string, reader: RecordReader): void {
  const list = readers.get(entity) ?? [];
  if (!list.includes(reader)) readers.set(entity, [...list, reader]);
}

export function recordReaders(entity: string): readonly RecordReader[] {
  return readers.get(entity) ?? [];
}

/** The rows as the entity's module shows them to the caller (every registered mask applied). */
export async function maskRecords(entity: string, db: Queryable, scope: Scope, rows: Row[], entities: ReadonlyMap<string, EntityDecl>): Promise<Row[]> {
  for (const r of recordReaders(entity)) if (r.mask) await r.mask(db, scope, rows, entities);
  return rows;
}
