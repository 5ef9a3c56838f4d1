import type { ApiCall, EntityDecl } from '../entity.ts';
import { apiPath } from './api-path.ts';

type Row = Record<string, unknown>;

/** One HTTP call of the entity API, its URL still a template (`{name}`, `[{tenantId}/]`). */
export interface CallSpec {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  url: string;
  /** Values the URL template may read besides the user and route (the record being written). */
  vars?: Row;
  body?: unknown;
  /** The answer is a list holding the written record (a list body was sent). */
  listAnswer?: boolean;
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
  /** Where an export of the collection goes (`exportType=COLUMN`, then the file). */
  exportUrl(base: string, e: EntityDecl): string;
  create(base: string, e: EntityDecl, body: Row): CallSpec;
  update(base: string, e: EntityDecl, record: Row, body: Row): CallSpec;
  /** Deleting rows: one batch call of keys and versions, or one call per record. */
  remove(base: string, e: EntityDecl, records: Row[]): CallSpec[];
  /** A status action; `values` are the fields the transition declares it writes (`fields`). */
  transition(base: string, e: EntityDecl, record: Row, action: string, values?: Row): CallSpec;
  history(base: string, e: EntityDecl, id: unknown): CallSpec;
  importFile(base: string): CallSpec;
  /** Rows and total of a list answer; `where` names other keys (a screen's `response`). */
  page(data: unknown, where?: { rows?: string; total?: string }): { rows: Row[]; total: number; nextCursor?: string; totalEstimated?: boolean };
}

/** Rows of a tree answer (HZERO's `/units/department/tree`: nodes with `children`), parents first; tables rebuild the tree from the parent field. */
function flattenChildren(rows: Row[]): Row[] {
  if (!rows.some((r) => Array.isArray(r?.children))) return rows;
  const out: Row[] = [];
  const walk = (list: Row[]) => {
    for (const { children, ...r } of list) {
      out.push(r);
      if (Array.isArray(children)) walk(children as Row[]);
    }
  };
  walk(rows);
  return out;
}

const keyAndVersion = (e: EntityDecl, r: Row): Row => ({ [e.primaryKey]: r[e.primaryKey], objectVersionNumber: r.objectVersionNumber });

/** A write of the entity's `api` declaration (or the default) with its body. */
function write(base: string, call: ApiCall | undefined, method: 'POST' | 'PUT', vars: Row, body: unknown): CallSpec {
  const list = !!call?.list;
  return { method: call?.method ?? method, url: apiPath(base, call?.path), vars, body: list ? [body] : body, ...(list ? { listAnswer: true } : {}) };
}

/**
 * The platform's (HZERO 1.5's) habits, which the reference server follows: lists and records
 * where the entity's `api` says (default the base and `/{key}`), creates by `POST {base}`,
 * updates by `PUT {base}` with the key and `objectVersionNumber` in the body, deletes as a batch
 * `DELETE {base}`; an entity's `api` moves any of them (HZERO's `POST /create`, a save by `POST`,
 * a delete per record by `DELETE /{id}`).
 */
export const platformConvention: RestConvention = {
  list: (base, e) => apiPath(base, e.api?.list),
  item: (base, e) => apiPath(base, e.api?.item ?? `/{${e.primaryKey}}`),
  exportUrl: (base, e) => apiPath(base, e.api?.export),
  create: (base, e, body) => write(base, e.api?.create, 'POST', body, body),
  update: (base, e, record, body) =>
    write(base, e.api?.update, 'PUT', record, {
      ...body,
      [e.primaryKey]: record[e.primaryKey] ?? body[e.primaryKey],
      objectVersionNumber: record.objectVersionNumber ?? body.objectVersionNumber,
    }),
  remove(base, e, records) {
    const r = e.api?.remove;
    if (r?.path?.includes(`{${e.primaryKey}}`)) return records.map((rec) => ({ method: r.method ?? 'DELETE', url: apiPath(base, r.path), vars: rec, ...(r.body ? { body: keyAndVersion(e, rec) } : {}) }));
    return [{ method: r?.method ?? 'DELETE', url: apiPath(base, r?.path), body: records.map((rec) => keyAndVersion(e, rec)) }];
  },
  transition: (base, e, record, action, values) => ({
    method: 'POST',
    url: apiPath(base, e.api?.transition?.path ?? `/{${e.primaryKey}}/actions/{action}`).replace('{action}', action),
    vars: record,
    ...(e.api?.transition?.body === false && !values ? {} : { body: { ...values, objectVersionNumber: record.objectVersionNumber } }),
  }),
  history: (base, e, id) => ({ method: 'GET', url: `${base}/{${e.primaryKey}}/history`, vars: { [e.primaryKey]: id } }),
  importFile: (base) => ({ method: 'POST', url: `${base}/import` }),
  page(data, where = {}) {
    const d = (data ?? {}) as Row;
    const rows = flattenChildren((Array.isArray(data) ? data : (d[where.rows ?? 'content'] as Row[] | undefined)) ?? []);
    const total = Number(where.total ? d[where.total] : (d.totalElements ?? d.total ?? rows.length));
    return { rows, total, ...(typeof d.nextCursor === 'string' ? { nextCursor: d.nextCursor } : {}), ...(d.totalEstimated === true ? { totalEstimated: true } : {}) };
  },
};

/** The convention of an entity's backend; one today, a per-entity choice later. */
export function conventionOf(_e: EntityDecl): RestConvention {
  return platformConvention;
}
