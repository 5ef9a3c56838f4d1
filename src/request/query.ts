import { DEFAULT_PAGE_SIZE } from '../config/constants.ts';

/** Drops empty strings, null, undefined and empty arrays (§5 query cleaner). */
export function cleanQuery<T extends Record<string, unknown>>(q: T | undefined): Partial<T> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(q ?? {})) {
    if (v === undefined || v === null || v === '') continue;
    if (Array.isArray(v) && v.length === 0) continue;
    out[k] = v;
  }
  return out as Partial<T>;
}

export interface Paging {
  /** One-based, as the UI shows it. */
  current?: number;
  pageSize?: number;
  sort?: { field: string; order: 'asc' | 'desc' } | Array<{ field: string; order: 'asc' | 'desc' }>;
}

/** UI paging → the server's zero-based `page`, `size` and `sort=field,asc|desc`. */
export function pagingParams(p: Paging = {}): { page: number; size: number; sort?: string[] } {
  const sorts = p.sort ? (Array.isArray(p.sort) ? p.sort : [p.sort]) : [];
  const out: { page: number; size: number; sort?: string[] } = { page: Math.max(0, (p.current ?? 1) - 1), size: p.pageSize ?? DEFAULT_PAGE_SIZE };
  if (sorts.length) out.sort = sorts.map((s) => `${s.field},${s.order}`);
  return out;
}

export interface PageResult<T> {
  rows: T[];
  total: number;
  /** One-based. */
  current: number;
  pageSize: number;
}

/** Reads a page response as `number`/`start`, `size`, `totalElements`/`total` (§3 Page response). */
export function readPage<T>(data: unknown, rowsPath = 'content'): PageResult<T> {
  const d = (data ?? {}) as Record<string, unknown>;
  if (Array.isArray(data)) return { rows: data as T[], total: data.length, current: 1, pageSize: data.length || DEFAULT_PAGE_SIZE };
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
  const rows = (d[rowsPath] ?? d.content ?? d.rows ?? []) as T[];
  return {
    rows,
    total: num(d.totalElements) ?? num(d.total) ?? rows.length,
    current: (num(d.number) ?? num(d.start) ?? 0) + 1,
    pageSize: num(d.size) ?? DEFAULT_PAGE_SIZE,
  };
}

/** Serialises params: arrays repeat the key (`sort=a,asc&sort=b,desc`), as the server expects. */
export function serializeParams(params: Record<string, unknown>): string {
  const sp = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (Array.isArray(v)) for (const x of v) sp.append(k, String(x));
    else if (v !== undefined && v !== null) sp.append(k, String(v));
  }
  return sp.toString();
}
