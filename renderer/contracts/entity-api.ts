import type { EntityDecl } from '../schema/entity.ts';
import type { HistoryEntry } from '../schema/history.ts';

type Row = Record<string, unknown>;

/** The server's answer to an import (server/resources/import-routes.ts). */
export interface ImportReport {
  total: number;
  imported: number;
  failed: number;
  ignoredColumns: string[];
  rows: Array<{ line: number; ok: boolean; id?: unknown; errors?: string[] }>;
}

/** Every HTTP call about an entity's records; data/entity-api.ts builds one from the declaration. */
export interface EntityApi {
  readonly entity: EntityDecl;
  /**
   * A page of rows; `nextCursor` is where the next page starts when the server pages by keyset;
   * `totalEstimated`: `total` is the database's estimate (the query asked `total: 'estimate'`).
   */
  list(query?: Row): Promise<{ rows: Row[]; total: number; nextCursor?: string; totalEstimated?: boolean }>;
  get(id: unknown): Promise<Row>;
  create(body: Row): Promise<Row>;
  /** Writes `body` (the record itself by default) over the record, with its `objectVersionNumber`. */
  update(record: Row, body?: Row): Promise<Row>;
  remove(records: Row[]): Promise<void>;
  /** A status action; `values`: what the transition writes with the move (its declared `fields`, a reason). */
  transition(record: Row, action: string, values?: Row): Promise<Row>;
  /** The export's columns (`exportType=COLUMN`) and the filled URL the download form posts to. */
  exportColumns(url?: string): Promise<{ url: string; columns: Array<{ name: string; title: string }> }>;
  importFile(file: File, url?: string): Promise<ImportReport>;
  history(id: unknown): Promise<HistoryEntry[]>;
}
