import type { EntityDecl } from '../../renderer/schema/entity.ts';
import { writableFields } from '../../renderer/schema/field-json-schema.ts';
import { fakeRow } from '../../renderer/schema/seed/fake-row.ts';
import { generateSeedRows, tenantColumn } from '../../renderer/schema/seed/generate.ts';
import { rng } from '../../renderer/schema/seed/rng.ts';
import { type Page, toPage } from '../../renderer/schema/wire/page.ts';
import { DataSourceError } from './data-source-error.ts';
import { listRows } from './list-rows.ts';
import type { LovStore } from './lov-store.ts';
import { meaningOf } from '../../renderer/schema/meaning.ts';
import { toScale } from '../../renderer/schema/decimal.ts';
import { decimalOf } from '../../renderer/schema/types/field-types.ts';

export type Row = Record<string, unknown>;

export { DataSourceError } from './data-source-error.ts';

// The reference server's page shape and builder, so fixtures answer exactly as the server does.
export { type Page, toPage } from '../../renderer/schema/wire/page.ts';

const empty = (v: unknown) => v === undefined || v === null || v === '';

export interface EntityStoreOptions {
  /** Fixture rows generated per entity (default 23: three pages of ten). */
  rowsPerEntity?: number;
  tenantId?: number;
  userId?: number;
}

/**
 * Entity rows in memory: generated on first use with the seed generator of the server
 * (`fakeRow`/`fakeValue` of renderer/schema/seed/fake-row.ts), then listed, read, created, updated,
 * deleted and moved through status transitions with the reference server's rules: declared
 * filters and sortable fields, optimistic locking by `objectVersionNumber`, declared transitions
 * only, lines deleted with their header.
 */
export class EntityStore {
  private readonly tables = new Map<string, Row[]>();
  private readonly counters = new Map<string, number>();
  private seeded: Map<string, Row[]> | undefined;
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

  /**
   * The first rows the server seeds for the story's tenant (the entity's seed recipe, same
   * generator), topped up with generated rows so every list has a few pages.
   */
  private generate(e: EntityDecl): Row[] {
    this.seeded ??= generateSeedRows(this.entities, this.lovs.valueMap());
    const tcol = tenantColumn(e);
    const rows: Row[] = (this.seeded.get(e.name) ?? [])
      .filter((x) => !tcol || Number(x[tcol]) === this.tenantId)
      .slice(0, this.rowsPerEntity)
      .map((x) => ({ ...x }));
    const r = rng(rows.length + e.name.length * 7919);
    const lovValues = this.lovs.valueMap();
    const selfParent = e.fields.find((f) => f.name === 'parentId' || f.name === `parent${e.primaryKey[0]!.toUpperCase()}${e.primaryKey.slice(1)}`);
    let nextId = Math.max(0, ...rows.map((x) => Number(x[e.primaryKey]) || 0)) + 1;
    for (let i = rows.length; i < this.rowsPerEntity; i++) {
      const row = fakeRow(e, i, r, lovValues, this.tenantId);
      row[e.primaryKey] = nextId++;
      // Lines point at the first header rows, so a header's detail shows lines.
      if (e.parent) row[e.parent.field] = (i % 5) + 1;
      // Hierarchies (regions, units …) form a tree: five roots, then five children per row.
      if (selfParent) row[selfParent.name] = i < 5 ? null : Math.floor(i / 5);
      rows.push(row);
    }
    rows.forEach((row, i) => {
      if (e.ownerField) row[e.ownerField] = this.userId;
      const day = `2025-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`;
      Object.assign(row, { objectVersionNumber: 1, creationDate: `${day} 09:00:00`, createdBy: this.userId, lastUpdateDate: `${day} 10:30:00`, lastUpdatedBy: this.userId });
    });
    this.counters.set(e.name, nextId - 1);
    return rows;
  }

  /**
   * A copy for the client: private fields never leave, value-set fields get their display text
   * (`meaningOf`), decimal columns are decimal text with their scale ("1234.50") as the server
   * answers them, whatever the seed or a story's write stored.
   */
  private out(e: EntityDecl, row: Row, lang: string): Row {
    const o: Row = { ...row };
    for (const f of e.fields) {
      const digits = decimalOf(f);
      if (f.private) delete o[f.name];
      else if (f.lov && !empty(row[f.name])) o[meaningOf(f.name)] = this.lovs.meanings(f.lov, lang).get(String(row[f.name])) ?? String(row[f.name]);
      else if (digits && !empty(row[f.name])) o[f.name] = toScale(row[f.name], digits.scale) ?? row[f.name];
    }
    return o;
  }

  private find(e: EntityDecl, id: unknown): Row {
    const row = this.rows(e).find((r) => String(r[e.primaryKey]) === String(id));
    if (!row) throw new DataSourceError(404, `${e.name} ${String(id)} not found`);
    return row;
  }

  list(e: EntityDecl, q: Record<string, unknown>, lang: string): Page<Row> {
    const { content, page, size, total } = listRows(e, this.rows(e), q);
    return toPage(content.map((r) => this.out(e, r, lang)), page, size, total);
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
    const from = String(row[sm.field] ?? sm.initial);
    if (!tr.from.includes(from)) throw new DataSourceError(400, `Cannot ${action} a ${e.name} in status ${from}`);
    // What the transition writes with the move, as the server does (required ones not empty).
    const written: Row = {};
    for (const f of tr.fields ?? []) if (body[f] !== undefined) written[f] = typeof body[f] === 'string' ? (body[f] as string).trim() || null : body[f];
    for (const f of tr.required ?? []) if (written[f] === undefined || written[f] === null) throw new DataSourceError(400, `${f} is required to ${action} a ${e.name}`);
    this.checkVersion(row, body.objectVersionNumber);
    const kept = tr.restore ? row[tr.restore] : undefined;
    Object.assign(row, written);
    if (tr.remember) row[tr.remember] = from;
    if (tr.restore) row[tr.restore] = null;
    if (tr.stamp) row[tr.stamp] = new Date().toISOString();
    row[sm.field] = typeof kept === 'string' && kept !== '' ? kept : tr.to;
    this.bump(row);
    return this.out(e, row, lang);
  }

  /** Columns an export offers (`exportType=COLUMN`). */
  exportColumns(e: EntityDecl): Array<{ name: string; title: string }> {
    return e.fields.filter((f) => !f.private).map((f) => ({ name: f.name, title: typeof f.label === 'string' ? f.label : (f.label?.en_US ?? f.name) }));
  }
}
