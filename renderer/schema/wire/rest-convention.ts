import type { EntityDecl } from '../entity.ts';

type Row = Record<string, unknown>;

/** One HTTP call of the entity API, its URL still a template (`{name}`, `[{tenantId}/]`). */
export interface CallSpec {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  url: string;
  /** Values the URL template may read besides the user and route (the record being written). */
  vars?: Row;
  body?: unknown;
}

/**
 * How a backend lays out an entity's REST calls. Every URL shape and answer shape the renderer
 * relies on lives here, so a backend with other habits (update by `PUT {base}` with the key in
 * the body, lists answered as bare arrays) is one more convention, picked per entity in
 * `conventionOf`, and no store or action changes.
 */
export interface RestConvention {
  /** The paged list of the collection. */
  list(base: string, e: EntityDecl): string;
  /** The record's own path under the collection. */
  item(base: string, e: EntityDecl): string;
  update(base: string, e: EntityDecl, record: Row, body: Row): CallSpec;
  /** Deleting rows: the platform's batch DELETE of keys and versions on the collection. */
  remove(base: string, e: EntityDecl, records: Row[]): CallSpec;
  transition(base: string, e: EntityDecl, record: Row, action: string): CallSpec;
  history(base: string, e: EntityDecl, id: unknown): CallSpec;
  importFile(base: string): CallSpec;
  /** Rows and total of a list answer; `where` names other keys (a screen's `response`). */
  page(data: unknown, where?: { rows?: string; total?: string }): { rows: Row[]; total: number };
}

const keyAndVersion = (e: EntityDecl, r: Row): Row => ({ [e.primaryKey]: r[e.primaryKey], objectVersionNumber: r.objectVersionNumber });

/**
 * The platform's (HZERO 1.5's) habits, which the reference server follows: lists and records
 * where the entity's `api` says (default the base and `/{key}`), updates as `PUT {base}` with the
 * key and `objectVersionNumber` in the body, deletes as a batch `DELETE {base}`.
 */
export const platformConvention: RestConvention = {
  list: (base, e) => `${base}${e.api?.list ?? ''}`,
  item: (base, e) => `${base}${e.api?.item ?? `/{${e.primaryKey}}`}`,
  update: (base, e, record, body) => ({
    method: 'PUT',
    url: base,
    vars: record,
    body: { ...body, [e.primaryKey]: record[e.primaryKey] ?? body[e.primaryKey], objectVersionNumber: record.objectVersionNumber ?? body.objectVersionNumber },
  }),
  remove: (base, e, records) => ({ method: 'DELETE', url: base, body: records.map((r) => keyAndVersion(e, r)) }),
  transition: (base, e, record, action) => ({ method: 'POST', url: `${base}/{${e.primaryKey}}/actions/${action}`, vars: record, body: { objectVersionNumber: record.objectVersionNumber } }),
  history: (base, e, id) => ({ method: 'GET', url: `${base}/{${e.primaryKey}}/history`, vars: { [e.primaryKey]: id } }),
  importFile: (base) => ({ method: 'POST', url: `${base}/import` }),
  page(data, where = {}) {
    const d = (data ?? {}) as Row;
    const rows = (Array.isArray(data) ? data : (d[where.rows ?? 'content'] as Row[] | undefined)) ?? [];
    const total = Number(where.total ? d[where.total] : (d.totalElements ?? d.total ?? rows.length));
    return { rows, total };
  },
};

/** The convention of an entity's backend; one today, a per-entity choice later. */
export function conventionOf(_e: EntityDecl): RestConvention {
  return platformConvention;
}
