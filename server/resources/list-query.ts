import type { EntityDecl } from '../../renderer/schema/entity.ts';
import { badRequest } from '../http/errors.ts';
import { columnOf, ident } from './naming.ts';

export interface PageParams {
  page: number;
  size: number;
  sort?: string[];
}

const MAX_SIZE = 10000;

/** Zero-based `page`, `size` (default 10, capped), `sort=field,asc|desc` repeated or comma-chained. */
export function pageParams(q: Record<string, unknown>): PageParams {
  const page = Math.max(0, Number.parseInt(String(q.page ?? '0'), 10) || 0);
  const size = Math.min(MAX_SIZE, Math.max(1, Number.parseInt(String(q.size ?? '10'), 10) || 10));
  const raw = q.sort === undefined ? [] : Array.isArray(q.sort) ? q.sort.map(String) : [String(q.sort)];
  return { page, size, sort: raw.filter(Boolean) };
}

/**
 * ORDER BY from `field,dir` pairs. Only declared, sortable-or-key fields are accepted:
 * a name that is not declared is refused with 400, so nothing from the request reaches SQL.
 */
export function orderBy(e: EntityDecl, sort: string[] | undefined): string {
  const items = sort?.length ? sort : [e.defaultSort ?? `${e.primaryKey},desc`];
  const parts: string[] = [];
  for (const item of items) {
    const [field, dirRaw] = item.split(',').map((s) => s.trim());
    const dir = (dirRaw ?? 'asc').toLowerCase();
    if (dir !== 'asc' && dir !== 'desc') throw badRequest(`sort direction must be asc or desc, got "${dirRaw}"`);
    const known = field === e.primaryKey || ['creationDate', 'lastUpdateDate'].includes(field!) || e.fields.some((f) => f.name === field && !f.private);
    if (!field || !known) throw badRequest(`cannot sort by "${field}": not a field of ${e.name}`);
    parts.push(`t.${ident(columnOf(field))} ${dir}`);
  }
  parts.push(`t.${ident(columnOf(e.primaryKey))} asc`);
  return parts.join(', ');
}

/**
 * WHERE conditions from query parameters named after declared fields. Text fields match
 * case-insensitively by substring, others exactly; `range` fields read `<name>From`/`<name>To`.
 * Unknown parameters are ignored, as the original platform does.
 */
export function filters(e: EntityDecl, q: Record<string, unknown>, params: unknown[]): string[] {
  const where: string[] = [];
  const add = (sql: (p: string) => string, v: unknown) => {
    params.push(v);
    where.push(sql(`$${params.length}`));
  };
  for (const f of e.fields) {
    if (f.private) continue;
    const col = `t.${ident(columnOf(f.name))}`;
    const mode = f.filter ?? (['string', 'text', 'richtext'].includes(f.type) && !f.lov ? 'like' : 'eq');
    if (mode === 'none') continue;
    if (mode === 'range' || f.type === 'date' || f.type === 'datetime') {
      const from = q[`${f.name}From`];
      const to = q[`${f.name}To`];
      if (from !== undefined && from !== '') add((p) => `${col} >= ${p}::${f.type === 'date' ? 'date' : 'timestamp'}`, String(from));
      if (to !== undefined && to !== '') add((p) => `${col} <= ${p}::${f.type === 'date' ? 'date' : 'timestamp'}`, String(to));
    }
    const v = q[f.name];
    if (v === undefined || v === '' || v === null) continue;
    if (mode === 'like') add((p) => `${col}::text ilike ${p}`, `%${String(v).replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    else if (mode === 'in' || Array.isArray(v)) add((p) => `${col}::text = any(${p}::text[])`, Array.isArray(v) ? v.map(String) : String(v).split(','));
    else if (['integer', 'number', 'money', 'percent', 'flag'].includes(f.type)) {
      if (Number.isNaN(Number(v))) throw badRequest(`${f.name} must be a number`);
      add((p) => `${col} = ${p}`, Number(v));
    } else if (mode !== 'range') add((p) => `${col}::text = ${p}`, String(v));
  }
  return where;
}
