import type { EntityDecl, EntityField } from '../../renderer/schema/entity.ts';
import { writableFields } from '../../renderer/schema/field-json-schema.ts';
import { fakeRow } from '../../server/seed/fake-row.ts';
import { rng } from '../../server/seed/rng.ts';
import { type Page, toPage } from '../../renderer/schema/wire/page.ts';
import type { LovStore } from './lov-store.ts';

export type Row = Record<string, unknown>;

/** A refused call: `status` as the reference server would answer (400, 404, 409 for a stale version). */
export class DataSourceError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

// The reference server's page shape and builder, so fixtures answer exactly as the server does.
export { type Page, toPage } from '../../renderer/schema/wire/page.ts';

const NUMERIC = new Set(['integer', 'number', 'money', 'percent', 'flag']);
const SYSTEM_DATES = ['creationDate', 'lastUpdateDate'];
const empty = (v: unknown) => v === undefined || v === null || v === '';

/** Same seed for the same entity on every machine (FNV-1a of the name). */
function seedOf(name: string): number {
  let h = 0x811c9dc5;
  for (const c of name) h = Math.imul(h ^ c.charCodeAt(0), 0x01000193) >>> 0;
  return h;
}

/** Declared filter mode or the server's default (server/resources/list-query.ts): `like` for free text, `eq` otherwise. */
function filterMode(f: EntityField): string {
  return f.filter ?? (['string', 'text', 'richtext'].includes(f.type) && !f.lov ? 'like' : 'eq');
}

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b));
}

/** `a,asc,b,desc` and `a,b,desc` into pairs (a direction covers the fields named since the previous one). */
function sortPairs(items: string[]): Array<[string, 'asc' | 'desc']> {
  const out: Array<[string, 'asc' | 'desc']> = [];
  for (const item of items) {
    let pending: string[] = [];
    for (const token of item.split(',').map((s) => s.trim())) {
      const lower = token.toLowerCase();
      if (lower === 'asc' || lower === 'desc') {
        for (const f of pending) out.push([f, lower]);
        pending = [];
      } else if (token) pending.push(token);
    }
    for (const f of pending) out.push([f, 'asc']);
  }
  return out;
}

export interface EntityStoreOptions {
  /** Fixture rows generated per entity (default 23: three pages of ten). */
  rowsPerEntity?: number;
  tenantId?: number;
  userId?: number;
}

/**
 * Entity rows in memory: generated on first use with the seed generator of the server
 * (`fakeRow`/`fakeValue` of server/seed/fake-row.ts), then listed, read, created, updated,
 * deleted and moved through status transitions with the reference server's rules: declared
 * filters and sortable fields, optimistic locking by `objectVersionNumber`, declared transitions
 * only, lines deleted with their header.
 */
export class EntityStore {
  private readonly tables = new Map<string, Row[]>();
  private readonly counters = new Map<string, number>();
  readonly rowsPerEntity: number;
  private readonly tenantId: number;
  private readonly userId: number;

  constructor(
    private readonly entities: Map<string, EntityDecl>,
    private readonly lovs: LovStore,
    opts: EntityStoreOptions = {},
  ) {
    this.rowsPerEntity = opts.rowsPerEntity ?? 23;
    this.tenantId = opts.tenantId ?? 1;
    this.userId = opts.userId ?? 1;
  }

  /** The stored rows of an entity (generated on first access). */
  rows(e: EntityDecl): Row[] {
    let rows = this.tables.get(e.name);
    if (!rows) {
      rows = this.generate(e);
      this.tables.set(e.name, rows);
    }
    return rows;
  }

  private generate(e: EntityDecl): Row[] {
    const r = rng(seedOf(e.name));
    const lovValues = this.lovs.valueMap();
    const rows: Row[] = [];
    const selfParent = e.fields.find((f) => f.name === 'parentId' || f.name === `parent${e.primaryKey[0]!.toUpperCase()}${e.primaryKey.slice(1)}`);
    for (let i = 0; i < this.rowsPerEntity; i++) {
      const row = fakeRow(e, i, r, lovValues, this.tenantId);
      row[e.primaryKey] = i + 1;
      // Lines point at the first header rows, so a header's detail shows lines.
      if (e.parent) row[e.parent.field] = (i % 5) + 1;
      // Hierarchies (regions, units …) form a tree: five roots, then five children per row.
      if (selfParent) row[selfParent.name] = i < 5 ? null : Math.floor(i / 5);
      if (e.ownerField) row[e.ownerField] = this.userId;
      const day = `2025-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`;
      Object.assign(row, { objectVersionNumber: 1, creationDate: `${day} 09:00:00`, createdBy: this.userId, lastUpdateDate: `${day} 10:30:00`, lastUpdatedBy: this.userId });
      rows.push(row);
    }
    this.counters.set(e.name, rows.length);
    return rows;
  }

  /** A copy for the client: private fields never leave, value-set fields get `<field>Meaning`. */
  private out(e: EntityDecl, row: Row, lang: string): Row {
    const o: Row = { ...row };
    for (const f of e.fields) {
      if (f.private) delete o[f.name];
      else if (f.lov && !empty(row[f.name])) o[`${f.name}Meaning`] = this.lovs.meanings(f.lov, lang).get(String(row[f.name])) ?? String(row[f.name]);
    }
    return o;
  }

  private find(e: EntityDecl, id: unknown): Row {
    const row = this.rows(e).find((r) => String(r[e.primaryKey]) === String(id));
    if (!row) throw new DataSourceError(404, `${e.name} ${String(id)} not found`);
    return row;
  }

  list(e: EntityDecl, q: Record<string, unknown>, lang: string): Page<Row> {
    const page = Math.max(0, Number.parseInt(String(q.page ?? '0'), 10) || 0);
    const size = Math.min(10000, Math.max(1, Number.parseInt(String(q.size ?? '10'), 10) || 10));
    let rows = this.rows(e).filter((r) => this.matches(e, r, q));
    const rawSort = q.sort === undefined ? [] : (Array.isArray(q.sort) ? q.sort : [q.sort]).map(String).filter(Boolean);
    const pairs = sortPairs(rawSort.length ? rawSort : [e.defaultSort ?? `${e.primaryKey},desc`]);
    for (const [field] of pairs) {
      const known = field === e.primaryKey || SYSTEM_DATES.includes(field) || e.fields.some((f) => f.name === field && !f.private && (!rawSort.length || f.sortable));
      if (!known) throw new DataSourceError(400, `cannot sort by "${field}": not a sortable field of ${e.name}`);
    }
    pairs.push([e.primaryKey, 'asc']);
    rows = [...rows].sort((a, b) => {
      for (const [field, dir] of pairs) {
        const x = a[field];
        const y = b[field];
        if (empty(x) && empty(y)) continue;
        // PostgreSQL's default: nulls last ascending, first descending.
        if (empty(x)) return dir === 'asc' ? 1 : -1;
        if (empty(y)) return dir === 'asc' ? -1 : 1;
        const c = compare(x, y);
        if (c) return dir === 'asc' ? c : -c;
      }
      return 0;
    });
    return toPage(
      rows.slice(page * size, page * size + size).map((r) => this.out(e, r, lang)),
      page,
      size,
      rows.length,
    );
  }

  /** Query parameters named after declared fields, as server/resources/list-query.ts reads them. */
  private matches(e: EntityDecl, row: Row, q: Record<string, unknown>): boolean {
    const inRange = (name: string, type: string, v: unknown) => {
      const from = q[`${name}From`];
      const to = q[`${name}To`];
      if (!empty(from) && (empty(v) || compare(NUMERIC.has(type) ? Number(v) : String(v), NUMERIC.has(type) ? Number(from) : String(from)) < 0)) return false;
      if (!empty(to)) {
        if (empty(v)) return false;
        const upper = type === 'datetime' && /^\d{4}-\d{2}-\d{2}$/.test(String(to)) ? `${String(to)} 99` : to;
        if (compare(NUMERIC.has(type) ? Number(v) : String(v), NUMERIC.has(type) ? Number(upper) : String(upper)) > 0) return false;
      }
      return true;
    };
    for (const name of SYSTEM_DATES) if (!inRange(name, 'datetime', row[name])) return false;
    for (const f of e.fields) {
      if (f.private) continue;
      const mode = filterMode(f);
      if (mode === 'none') continue;
      const v = row[f.name];
      if ((mode === 'range' || f.type === 'date' || f.type === 'datetime') && !inRange(f.name, f.type, v)) return false;
      const want = q[f.name];
      if (empty(want) || mode === 'range') continue;
      if (mode === 'like') {
        if (!String(v ?? '').toLowerCase().includes(String(want).toLowerCase())) return false;
      } else if (mode === 'in' || Array.isArray(want)) {
        const list = Array.isArray(want) ? want.map(String) : String(want).split(',');
        if (!list.includes(String(v))) return false;
      } else if (NUMERIC.has(f.type)) {
        if (Number(v) !== Number(want)) return false;
      } else if (String(v) !== String(want)) return false;
    }
    return true;
  }

  get(e: EntityDecl, id: unknown, lang: string): Row {
    return this.out(e, this.find(e, id), lang);
  }

  create(e: EntityDecl, body: Row, lang: string): Row {
    const row: Row = {};
    const writable = new Set(writableFields(e, 'tenant').map((f) => f.name));
    for (const f of e.fields) {
      if (f.private || f.name === e.primaryKey) continue;
      if (writable.has(f.name) && body[f.name] !== undefined) row[f.name] = body[f.name];
      else if (f.default !== undefined) row[f.name] = f.default;
      else row[f.name] = null;
    }
    const missing = e.fields.filter((f) => writable.has(f.name) && f.required && f.default === undefined && e.numbering?.field !== f.name && empty(row[f.name]));
    if (missing.length) throw new DataSourceError(400, `body must have required property '${missing[0]!.name}'`);
    if (e.status) row[e.status.field] = e.status.initial;
    if (e.ownerField) row[e.ownerField] = this.userId;
    if (e.tenantScoped) row[e.tenantField ?? 'tenantId'] = this.tenantId;
    const rows = this.rows(e);
    const n = (this.counters.get(e.name) ?? rows.length) + 1;
    this.counters.set(e.name, n);
    row[e.primaryKey] = Math.max(n, ...rows.map((r) => Number(r[e.primaryKey]) + 1));
    if (e.numbering && empty(row[e.numbering.field])) row[e.numbering.field] = `${e.numbering.prefix ?? ''}${String(n).padStart(8, '0')}`;
    const now = new Date().toISOString().slice(0, 19).replace('T', ' ');
    Object.assign(row, { objectVersionNumber: 1, creationDate: now, createdBy: this.userId, lastUpdateDate: now, lastUpdatedBy: this.userId });
    rows.push(row);
    return this.out(e, row, lang);
  }

  private bump(row: Row): void {
    row.objectVersionNumber = Number(row.objectVersionNumber ?? 1) + 1;
    row.lastUpdateDate = new Date().toISOString().slice(0, 19).replace('T', ' ');
    row.lastUpdatedBy = this.userId;
  }

  private checkVersion(row: Row, version: unknown): void {
    if (version !== undefined && version !== null && Number(version) !== Number(row.objectVersionNumber)) {
      throw new DataSourceError(409, 'The record was changed by someone else; reload it and apply your change again');
    }
  }

  update(e: EntityDecl, id: unknown, body: Row, lang: string): Row {
    const row = this.find(e, id ?? body[e.primaryKey]);
    if (body.objectVersionNumber === undefined) throw new DataSourceError(400, "body must have required property 'objectVersionNumber'");
    this.checkVersion(row, body.objectVersionNumber);
    for (const f of writableFields(e, 'tenant')) {
      if (body[f.name] === undefined || f.name === e.tenantField || f.name === e.status?.field) continue;
      row[f.name] = body[f.name];
    }
    this.bump(row);
    return this.out(e, row, lang);
  }

  /** All or none, with the lines of entities declaring this one as `parent`. */
  remove(e: EntityDecl, targets: Array<{ id: unknown; version?: unknown }>): void {
    for (const t of targets) this.checkVersion(this.find(e, t.id), t.version);
    for (const t of targets) {
      const rows = this.rows(e);
      rows.splice(rows.indexOf(this.find(e, t.id)), 1);
      for (const child of this.entities.values()) {
        if (child.parent?.entity !== e.name) continue;
        const lines = this.rows(child).filter((r) => String(r[child.parent!.field]) === String(t.id));
        if (lines.length) this.remove(child, lines.map((r) => ({ id: r[child.primaryKey] })));
      }
    }
  }

  /** A declared status transition, refused from a status it does not start from. */
  transition(e: EntityDecl, id: unknown, action: string, body: Row, lang: string): Row {
    const sm = e.status;
    const tr = sm && Object.hasOwn(sm.transitions, action) ? sm.transitions[action] : undefined;
    if (!sm || !tr) throw new DataSourceError(404, `${e.name} has no action ${action}`);
    const row = this.find(e, id);
    const from = String(row[sm.field] ?? '');
    if (!tr.from.includes(from)) throw new DataSourceError(400, `Cannot ${action} a ${e.name} in status ${from}`);
    this.checkVersion(row, body.objectVersionNumber);
    row[sm.field] = tr.to;
    this.bump(row);
    return this.out(e, row, lang);
  }

  /** Columns an export offers (`exportType=COLUMN`). */
  exportColumns(e: EntityDecl): Array<{ name: string; title: string }> {
    return e.fields.filter((f) => !f.private).map((f) => ({ name: f.name, title: typeof f.label === 'string' ? f.label : (f.label?.en_US ?? f.name) }));
  }
}
