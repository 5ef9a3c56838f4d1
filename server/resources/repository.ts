import { checkOpening } from '../sealing/opening.ts';
import { fillSequence } from './sequence.ts';
import { fillFromContext } from './fill.ts';
import { announceToSources } from '../documents/source-changed.ts';
import type { EntityDecl, StatusTransition } from '../../renderer/schema/entity.ts';
import type { ServerContext } from '../context.ts';
import type { Queryable } from '../db/database.ts';
import { badRequest, BusinessError, forbidden, HttpError, notFound } from '../http/errors.ts';
import { addMeanings } from './lov-values.ts';
import { writableFields } from './body-schema.ts';
import { dbError, dbErrorOf } from './db-errors.ts';
import { tenantColumn } from './ddl.ts';
import { extraListConditions, type HookArgs, hooksOf } from './hooks.ts';
import { decodeCursor, encodeCursor, filters, keysetCondition, orderBy, pageParams, type SortTerm, sortTerms } from './list-query.ts';
import { listTotal, totalModeOf } from './list-total.ts';
import { addLovViewMeanings } from './lov-view-meanings.ts';
import { checkLovValues } from './lov-check.ts';
import { columnOf, ident } from './naming.ts';
import { fillNumber } from './numbering.ts';
import { toPage } from '../../renderer/schema/wire/page.ts';
import { checkPermissionCode } from './permissions.ts';
import { selectList, toColumnValue } from './rows.ts';
import { type Scope, supplierWhere, tenantWhere } from './scope.ts';
import { checkStatusAddRemove, checkStatusUpdate, statusLocked } from './status-lock.ts';
import { hasFormulas, recomputeAfterWrite } from './formulas.ts';
import { revealOwnSealed } from '../sealing/sealed-rows.ts';

type Row = Record<string, unknown>;

export interface DeleteTarget {
  id: number;
  version?: number;
}

/** Site-only fields are written only through site paths (a scope without a tenant). */
const levelOf = (scope: Scope) => (scope.tenantId === null ? 'site' : 'tenant');

export class EntityRepository {
  constructor(
    readonly e: EntityDecl,
    private readonly ctx: ServerContext,
  ) {}

  private pk = () => `t.${ident(columnOf(this.e.primaryKey))}`;

  /** The tenant a row belongs to, for audit rows and hooks. */
  /** Which rows a caller reaches: their tenant's (or their own), and a supplier-side role only its suppliers'. */
  private scopeWhere(scope: Scope, params: unknown[], q: Record<string, unknown> = {}): string[] {
    return [...tenantWhere(this.e, scope, params, q), ...supplierWhere(this.e, this.ctx.entities, scope, params)];
  }

  /** A supplier-side caller creates no supplier-owned rows, and changes only its own suppliers', never moving one to another. */
  private checkSupplier(scope: Scope, values: Row, create = false): void {
    const ids = scope.auth.supplierIds;
    const f = this.e.supplierField;
    if (!ids || !f) return;
    // Shared documents are the buyer's to create; a supplier acts on them (confirms, answers, proposes).
    if (create) throw forbidden(`A supplier does not create ${this.e.name} records: the buyer's side does`);
    if (values[f] === undefined) return;
    if (!ids.includes(Number(values[f]))) throw forbidden(`${f} ${String(values[f])} is not a supplier you act for`);
  }

  private rowTenant(scope: Scope, row: Row): number {
    return scope.tenantId ?? Number(row.tenantId ?? (this.e.tenantField ? row[this.e.tenantField] : 0) ?? 0);
  }

  /** A page of rows; `extra` adds a module's own conditions (its values pushed onto `params`, never spliced). */
  async list(scope: Scope, q: Record<string, unknown>, extra?: (params: unknown[]) => string[]) {
    const { page, size, sort, cursor } = pageParams(q);
    const totalMode = totalModeOf(q);
    const params: unknown[] = [];
    const where = [...this.scopeWhere(scope, params, q), ...filters(this.e, q, params)];
    where.push(...(await extraListConditions(this.e, scope, params, this.ctx.db, this.ctx.entities)));
    if (extra) where.push(...extra(params));
    const terms = sortTerms(this.e, sort);
    const order = orderBy(this.e, sort);
    const w = where.length ? `where ${where.join(' and ')}` : '';
    const t = ident(this.e.table);
    const pkCol = ident(columnOf(this.e.primaryKey));
    // A cursor (where the previous page ended) replaces the offset: page 50,000 then costs what page 1 costs.
    const pageParamsList = [...params];
    const after = cursor === undefined ? undefined : keysetCondition(terms, decodeCursor(terms, cursor), pageParamsList);
    const pageWhere = after ? `${w ? `${w} and` : 'where'} ${after}` : w;
    // Page size and offset as parameters, so every page of one filter is the same statement (prepared once on PostgreSQL).
    const withPage = [...pageParamsList, size, after ? 0 : page * size];
    const limitAt = `$${pageParamsList.length + 1}`;
    const offsetAt = `$${pageParamsList.length + 2}`;
    // Totals are the costly half of a page (every matching row is counted); they are reused while
    // the table is unchanged, and guessed when the caller accepts a guess (list-total.ts).
    const counting = listTotal(this.ctx.db, totalMode, `${t} t ${w}`, params);
    if (totalMode === 'only') return toPage([], page, size, (await counting).n);
    const [counted, { rows }] = await Promise.all([
      counting,
      // The page's keys first, then its rows: skipping `offset` rows then walks only the index
      // (an index-only scan where one covers filter and sort), not the table (5x less work on PostgreSQL at page 50).
      this.ctx.db
        .query<Row>(
          `select ${selectList(this.e)} from ${t} t join (select t.${pkCol} from ${t} t ${pageWhere} order by ${order} limit ${limitAt} offset ${offsetAt}) k on k.${pkCol} = t.${pkCol} order by ${order}`,
          withPage,
        )
        .catch((err: unknown) => {
          // A forged cursor whose values do not read as the sort columns' types is the caller's mistake.
          if (after && String((err as { code?: unknown }).code ?? '').startsWith('22')) throw badRequest('cursor: not a cursor of this list and sort (start again from the first page)');
          throw err;
        }),
    ]);
    const total = counted.n;
    const nextCursor = rows.length === size ? await this.cursorAfter(terms, rows[rows.length - 1]![this.e.primaryKey]) : undefined;
    await revealOwnSealed(this.ctx.db, this.ctx.sealKeys, this.e, scope, rows);
    await addMeanings(this.ctx.db, rows, this.e.fields, scope.tenantId ?? scope.auth.tenantId, scope.auth.language);
    await addLovViewMeanings(this.ctx.db, this.ctx.entities, rows, this.e, scope);
    return { ...toPage(rows, page, size, total), ...(nextCursor ? { nextCursor } : {}), ...(counted.estimated ? { totalEstimated: true } : {}) };
  }

  /** The cursor of the page after the row `id` (its sort values; an empty one stays null). */
  private async cursorAfter(terms: SortTerm[], id: unknown): Promise<string | undefined> {
    // The sort values as the database writes them, so the next condition compares exactly (no zone or float on the way).
    const r = await this.ctx.db.query<Row>(`select ${terms.map((x, i) => `t.${ident(x.column)}::text as k${i}`).join(', ')} from ${ident(this.e.table)} t where ${this.pk()} = $1`, [id]);
    const row = r.rows[0];
    if (!row) return undefined;
    const values = terms.map((_, i) => row[`k${i}`] ?? null);
    return values.some((v, i) => v === null && !terms[i]!.nullable) ? undefined : encodeCursor(terms, values);
  }

  async get(scope: Scope, id: number, db: Queryable = this.ctx.db): Promise<Row> {
    const params: unknown[] = [id];
    const where = [`${this.pk()} = $1`, ...this.scopeWhere(scope, params)];
    const row = (await db.query<Row>(`select ${selectList(this.e)} from ${ident(this.e.table)} t where ${where.join(' and ')}`, params)).rows[0];
    if (!row) throw notFound(`${this.e.name} ${id} not found`);
    await revealOwnSealed(db, this.ctx.sealKeys, this.e, scope, [row]);
    await addMeanings(db, [row], this.e.fields, scope.tenantId ?? scope.auth.tenantId, scope.auth.language);
    await addLovViewMeanings(db, this.ctx.entities, [row], this.e, scope);
    return row;
  }

  /**
   * Creates a row; `opts.tx`: inside a module's own transaction (several documents written as one).
   * `opts.bulk`: one of many rows the caller writes at once: computed fields are left to the
   * caller's one recomputation at the end (recomputeAfterWrite of the document), and the answer is
   * just the new key, not the row read back. `opts.noReread`: formulas computed as usual, but the
   * answer is the values written and the new key (an import does not need the row as a list shows it).
   * `opts.set`: values of read-only fields the calling module vouches for (never a request's body).
   */
  async create(scope: Scope, body: Row, opts: { tx?: Queryable; bulk?: boolean; noReread?: boolean; set?: Row } = {}): Promise<Row> {
    const writable = new Set(writableFields(this.e, levelOf(scope)).map((f) => f.name));
    const values: Row = {};
    for (const f of this.e.fields) {
      if (f.private || f.name === this.e.primaryKey) continue;
      if (writable.has(f.name) && body[f.name] !== undefined) values[f.name] = body[f.name];
      else if (f.default !== undefined) values[f.name] = f.default;
      // `set`: read-only fields a module's own call fills (the requisition line an order line came from).
      if (opts.set?.[f.name] !== undefined && !f.private) values[f.name] = opts.set[f.name];
    }
    // A new record starts where its status machine starts; later statuses are reached by actions only.
    if (this.e.status) values[this.e.status.field] = this.e.status.initial;
    // An owned row belongs to whoever creates it; the body cannot hand it to someone else.
    if (this.e.ownerField) values[this.e.ownerField] = scope.auth.userId;
    const tenantCol = tenantColumn(this.e);
    const tenantId = scope.tenantId ?? (typeof body.tenantId === 'number' ? body.tenantId : this.e.tenantField ? Number(values[this.e.tenantField] ?? 0) : 0);
    if (this.e.tenantField) values[this.e.tenantField] = tenantId;
    this.checkSupplier(scope, values, true);
    const inTx = <T>(fn: (tx: Queryable) => Promise<T>) => (opts.tx ? fn(opts.tx) : this.ctx.db.transaction(fn));
    return inTx(async (tx) => {
        const args: HookArgs = { entity: this.e, auth: scope.auth, tenantId, tx, ctx: this.ctx };
        for (const h of hooksOf(this.e.name)) await h.beforeCreate?.(values, args);
        await fillNumber(tx, this.e, values, tenantId);
        await fillFromContext(tx, this.e, values, scope.auth, tenantId);
        await this.checkParent(tx, scope, values);
        await fillSequence(tx, this.e, this.e.parent && this.ctx.entities.get(this.e.parent.entity), values);
        await checkStatusAddRemove(this.ctx, this.e, tx, values, 'create');
        await checkLovValues(tx, this.e, values, tenantId);
        const cols: string[] = [];
        const params: unknown[] = [];
        const fieldsByName = new Map(this.e.fields.map((f) => [f.name, f]));
        for (const [k, v] of Object.entries(values)) {
          const f = fieldsByName.get(k);
          if (!f) continue;
          cols.push(ident(columnOf(k)));
          params.push(toColumnValue(f, v));
        }
        if (tenantCol === 'tenant_id') {
          cols.push('tenant_id');
          params.push(tenantId);
        }
        cols.push('created_by', 'last_updated_by');
        params.push(scope.auth.userId, scope.auth.userId);
        const placeholders = params.map((_, i) => `$${i + 1}`).join(', ');
        const id = (await tx.query<{ id: number }>(`insert into ${ident(this.e.table)} (${cols.join(', ')}) values (${placeholders}) returning ${ident(columnOf(this.e.primaryKey))}::float8 as id`, params)).rows[0]!.id;
        if (!opts.bulk && hasFormulas(this.e, this.ctx.entities)) await recomputeAfterWrite(tx, this.e, this.ctx.entities, id);
        const row = opts.bulk || opts.noReread ? { ...values, [this.e.primaryKey]: id } : await this.get(scope, id, tx);
        for (const h of hooksOf(this.e.name)) await h.afterWrite?.(row, 'create', args);
        await this.audit(tx, scope, tenantId, id, 'CREATE', values);
        await announceToSources(this.ctx, tx, this.e, values, tenantId);
        return row;
      })
      .catch(dbErrorOf(body));
  }

  /** Optimistic locking: the row changes only if `objectVersionNumber` still matches; nothing is overwritten otherwise. */
  async update(scope: Scope, id: number, body: Row, opts: { tx?: Queryable } = {}): Promise<Row> {
    this.checkSupplier(scope, body);
    const sets: string[] = [];
    const params: unknown[] = [id, body.objectVersionNumber];
    const changes: Row = {};
    for (const f of writableFields(this.e, levelOf(scope))) {
      if (body[f.name] === undefined || f.name === this.e.tenantField) continue;
      if (this.e.status && f.name === this.e.status.field) continue;
      params.push(toColumnValue(f, body[f.name]));
      sets.push(`${ident(columnOf(f.name))} = $${params.length}`);
      changes[f.name] = body[f.name];
    }
    const where = [`${this.pk()} = $1`, `t.object_version_number = $2`, ...this.scopeWhere(scope, params)];
    const inTx = <T>(fn: (tx: Queryable) => Promise<T>) => (opts.tx ? fn(opts.tx) : this.ctx.db.transaction(fn));
    return inTx(async (tx) => {
        await this.beforeWrite(scope, id, 'update', tx);
        if (statusLocked(this.ctx, this.e)) await checkStatusUpdate(this.ctx, this.e, tx, await this.get(scope, id, tx), changes);
        await this.checkParent(tx, scope, changes);
        const r = await tx.query(
          `update ${ident(this.e.table)} t set ${[...sets, 'object_version_number = t.object_version_number + 1', 'last_update_date = now()', `last_updated_by = ${Number(scope.auth.userId)}`].join(', ')} where ${where.join(' and ')}`,
          params,
        );
        if (!r.affectedRows) await this.refuseStale(scope, id, tx);
        if (hasFormulas(this.e, this.ctx.entities)) await recomputeAfterWrite(tx, this.e, this.ctx.entities, id);
        const row = await this.get(scope, id, tx);
        const tenantId = this.rowTenant(scope, row);
        // Checked against the row's own tenant, known only now; a refusal rolls the update back.
        await checkLovValues(tx, this.e, changes, tenantId);
        for (const h of hooksOf(this.e.name)) await h.afterWrite?.(row, 'update', { entity: this.e, auth: scope.auth, tenantId, tx, ctx: this.ctx });
        await this.audit(tx, scope, tenantId, id, 'UPDATE', changes);
        return row;
      })
      .catch(dbErrorOf(body));
  }

  /** The entity's `beforeWrite` hooks over the row as stored (read only when a hook wants it). */
  private async beforeWrite(scope: Scope, id: number, action: string, tx: Queryable): Promise<void> {
    const hooks = hooksOf(this.e.name).filter((h) => h.beforeWrite);
    if (!hooks.length) return;
    const current = await this.get(scope, id, tx);
    const args: HookArgs = { entity: this.e, auth: scope.auth, tenantId: this.rowTenant(scope, current), tx, ctx: this.ctx };
    for (const h of hooks) await h.beforeWrite!(current, action, args);
  }

  private async refuseStale(scope: Scope, id: number, tx: Queryable): Promise<never> {
    await this.get(scope, id, tx); // 404 when it is not there (or not this tenant's)
    throw new BusinessError('error.data.changed', 'The record was changed by someone else; reload it and apply your change again', 'warn');
  }

  /**
   * Deletes rows, all or none (a batch is one transaction), with their lines: rows of entities
   * declaring this one as `parent` would otherwise point at nothing.
   */
  async remove(scope: Scope, targets: DeleteTarget[]): Promise<void> {
    const tenantCol = tenantColumn(this.e);
    await this.ctx.db
      .transaction(async (tx) => {
        for (const { id, version } of targets) {
          await this.beforeWrite(scope, id, 'delete', tx);
          if (statusLocked(this.ctx, this.e)) await checkStatusAddRemove(this.ctx, this.e, tx, await this.get(scope, id, tx), 'delete');
          const params: unknown[] = [id];
          const where = [`${this.pk()} = $1`, ...this.scopeWhere(scope, params)];
          if (version !== undefined) {
            params.push(version);
            where.push(`t.object_version_number = $${params.length}`);
          }
          const tenantOut = tenantCol ? `t.${ident(tenantCol)}::float8` : '0::float8';
          const parentCol = this.e.parent ? `, t.${ident(columnOf(this.e.parent.field))} as parent` : '';
          const r = await tx.query<{ tenant: number; parent?: unknown }>(`delete from ${ident(this.e.table)} t where ${where.join(' and ')} returning ${tenantOut} as tenant${parentCol}`, params);
          if (!r.rows.length) await this.refuseStale(scope, id, tx);
          const lines = await this.removeChildren(tx, scope, this.e, [id]);
          // A removed line leaves its document's totals to be summed again.
          if (this.e.parent && hasFormulas(this.e, this.ctx.entities)) await recomputeAfterWrite(tx, this.e, this.ctx.entities, null, r.rows[0]!.parent);
          await this.audit(tx, scope, scope.tenantId ?? Number(r.rows[0]!.tenant), id, 'DELETE', lines);
        }
      })
      .catch((e: unknown) => dbError(e));
  }

  /** Deletes the lines (and their lines) of `parentIds`; returns how many per entity, for the audit row. */
  private async removeChildren(tx: Queryable, scope: Scope, parent: EntityDecl, parentIds: number[]): Promise<Row> {
    const counts: Row = {};
    for (const child of this.ctx.entities.values()) {
      if (child.parent?.entity !== parent.name) continue;
      const params: unknown[] = [parentIds];
      const where = [`t.${ident(columnOf(child.parent.field))} = any($1::bigint[])`, ...tenantWhere(child, scope, params), ...supplierWhere(child, this.ctx.entities, scope, params)];
      const r = await tx.query<{ id: number }>(
        `delete from ${ident(child.table)} t where ${where.join(' and ')} returning t.${ident(columnOf(child.primaryKey))}::float8 as id`,
        params,
      );
      if (!r.rows.length) continue;
      counts[child.name] = r.rows.length;
      Object.assign(counts, await this.removeChildren(tx, scope, child, r.rows.map((x) => x.id)));
    }
    return counts;
  }

  /** A line may only point at a parent row the caller can see (its tenant's, or a platform row). */
  private async checkParent(tx: Queryable, scope: Scope, values: Row): Promise<void> {
    const link = this.e.parent;
    const parentId = link ? values[link.field] : undefined;
    if (!link || parentId === undefined || parentId === null || parentId === '') return;
    const parent = this.ctx.entities.get(link.entity);
    if (!parent) return;
    const params: unknown[] = [parentId];
    const where = [`t.${ident(columnOf(parent.primaryKey))} = $1`];
    const col = tenantColumn(parent);
    if (col && scope.tenantId !== null) {
      params.push(scope.tenantId);
      where.push(`t.${ident(col)} in ($2, 0)`);
    }
    // A supplier-side caller hangs lines only under its own suppliers' documents.
    where.push(...supplierWhere(parent, this.ctx.entities, scope, params));
    const r = await tx.query(`select 1 from ${ident(parent.table)} t where ${where.join(' and ')}`, params);
    if (!r.rows.length) throw badRequest(`${link.field} ${String(parentId)} is not a ${parent.name} you can use`);
  }

  /**
   * A declared status transition; refused when the current status is not one it starts from.
   * `system`: the server's own move (the workflow applying an approval), inside its transaction `tx`.
   */
  async transition(scope: Scope, id: number, action: string, body: Row, opts: { system?: boolean; tx?: Queryable } = {}): Promise<Row> {
    const sm = this.e.status;
    const tr = sm && Object.hasOwn(sm.transitions, action) ? sm.transitions[action] : undefined;
    if (!sm || !tr) throw notFound(`${this.e.name} has no action ${action}`);
    if (tr.system && !opts.system) throw forbidden(`A ${this.e.name} is moved to ${tr.to} by the server when what it follows happens, not by a request`);
    // The server's move reaches the row wherever it is in the tenant: the supplier whose appeal
    // moves the buyer's evaluation header does not see that header, but its move is the header's.
    if (opts.system) scope = { ...scope, auth: { ...scope.auth, supplierIds: null } };
    if (!opts.system) {
      // The side a transition belongs to: a buyer never takes the supplier's move (nor the reverse), whatever menus its role holds.
      const supplierSide = !!scope.auth.supplierIds;
      if (tr.by === 'supplier' && !supplierSide) throw forbidden(`Only the supplier may ${action} a ${this.e.name}`);
      if (tr.by === 'buyer' && supplierSide) throw forbidden(`A supplier may not ${action} a ${this.e.name}`);
      await checkPermissionCode(this.ctx.db, scope.auth, tr.permission, `${action} a ${this.e.name}`);
    }
    const run = async (tx: Queryable) => {
      const current = await this.get(scope, id, tx);
      const from = String(current[sm.field] ?? sm.initial);
      if (!tr.from.includes(from)) throw new BusinessError('error.status.transition', `Cannot ${action} a ${this.e.name} in status ${from}`, 'warn');
      if (tr.parentStatus) await this.checkParentStatus(tx, action, tr.parentStatus, current);
      await checkOpening(tx, this.e, current, action);
      // The values it writes are checked once the row is known to be the caller's and in a status the move starts from.
      const written = this.transitionValues(action, tr, body);
      const tenantId = this.rowTenant(scope, current);
      const args: HookArgs = { entity: this.e, auth: scope.auth, tenantId, tx, ctx: this.ctx, ...(opts.system ? { system: true } : {}) };
      for (const h of hooksOf(this.e.name)) await h.beforeWrite?.(current, action, args);
      const version = opts.system ? current.objectVersionNumber : (body.objectVersionNumber ?? current.objectVersionNumber);
      // `restore`: back to the status a `remember` kept (one of the machine's statuses), `to` when none was kept.
      const kept = tr.restore ? current[tr.restore] : undefined;
      const to = typeof kept === 'string' && kept !== '' ? kept : tr.to;
      const values: Row = { ...written };
      if (tr.remember) values[tr.remember] = from;
      if (tr.restore) values[tr.restore] = null;
      if (tr.stamp) values[tr.stamp] = new Date().toISOString();
      const params: unknown[] = [id, version, to, scope.auth.userId];
      const sets = Object.entries(values).map(([name, v]) => {
        params.push(toColumnValue(this.e.fields.find((f) => f.name === name)!, v));
        return `${ident(columnOf(name))} = $${params.length}`;
      });
      const where = [`${this.pk()} = $1`, 't.object_version_number = $2', ...this.scopeWhere(scope, params)];
      const r = await tx.query(
        `update ${ident(this.e.table)} t set ${[`${ident(columnOf(sm.field))} = $3`, ...sets].join(', ')}, object_version_number = t.object_version_number + 1, last_update_date = now(), last_updated_by = $4 where ${where.join(' and ')}`,
        params,
      );
      if (!r.affectedRows) await this.refuseStale(scope, id, tx);
      // A status may be what a formula reads (a cancelled line leaves its document's totals).
      if (hasFormulas(this.e, this.ctx.entities)) await recomputeAfterWrite(tx, this.e, this.ctx.entities, id);
      const row = await this.get(scope, id, tx).catch(async (e: unknown) => {
        // A supplier's move can take the row out of the statuses its side sees (a contract it
        // returns): the update passed the supplier condition, so the caller gets the row it moved.
        if (!(e instanceof HttpError && e.status === 404 && scope.auth.supplierIds)) throw e;
        return this.get({ ...scope, auth: { ...scope.auth, supplierIds: null } }, id, tx);
      });
      for (const h of hooksOf(this.e.name)) await h.afterWrite?.(row, action, args);
      await this.audit(tx, scope, tenantId, id, action.toUpperCase(), { [sm.field]: { from, to }, ...values });
      for (const fx of tr.effects ?? []) {
        const target = this.ctx.entities.get(fx.entity);
        if (!target) throw new Error(`${this.e.name}.${action}: effect on unknown entity ${fx.entity}`);
        const match = Object.fromEntries(Object.entries(fx.match).map(([field, source]) => [field, source === this.e.primaryKey ? id : row[source]]));
        await new EntityRepository(target, this.ctx).moveEvery({ auth: scope.auth, tenantId }, match, fx.action, { tx });
      }
      return row;
    };
    if (opts.tx) return run(opts.tx);
    return this.ctx.db.transaction(run).catch(dbErrorOf(body));
  }

  /**
   * The server's move `action` of every record whose fields equal `match` (and, from `extra`, a
   * module's own conditions) and that is in a status the move starts from; the others are left as
   * they are. Each is a full transition (hooks, formulas, audit). Answers the records moved.
   */
  async moveEvery(scope: Scope, match: Row, action: string, opts: { tx: Queryable; body?: Row; extra?: (params: unknown[]) => string[] }): Promise<Row[]> {
    const sm = this.e.status;
    const tr = sm?.transitions[action];
    if (!sm || !tr || !Object.hasOwn(sm.transitions, action)) throw notFound(`${this.e.name} has no action ${action}`);
    const params: unknown[] = [];
    const where = this.scopeWhere({ ...scope, auth: { ...scope.auth, supplierIds: null } }, params);
    for (const [field, value] of Object.entries(match)) {
      if (field !== this.e.primaryKey && !this.e.fields.some((f) => f.name === field)) throw new Error(`${this.e.name} has no field ${field}`);
      if (value === null || value === undefined) return [];
      params.push(value);
      where.push(`t.${ident(columnOf(field))} = $${params.length}`);
    }
    params.push(tr.from, sm.initial);
    where.push(`coalesce(t.${ident(columnOf(sm.field))}::text, $${params.length}) = any($${params.length - 1}::text[])`);
    if (opts.extra) where.push(...opts.extra(params));
    const ids = (await opts.tx.query<{ id: number }>(`select ${this.pk()}::float8 as id from ${ident(this.e.table)} t where ${where.join(' and ')} order by 1`, params)).rows;
    const moved: Row[] = [];
    for (const { id } of ids) moved.push(await this.transition(scope, id, action, opts.body ?? {}, { system: true, tx: opts.tx }));
    return moved;
  }

  /**
   * The values a transition declaring `fields` writes with the move, taken from the body: a
   * `required` one missing or blank refuses the move naming the field, as does a value too long.
   */
  private transitionValues(action: string, tr: StatusTransition, body: Row): Row {
    const out: Row = {};
    for (const name of tr.fields ?? []) {
      const f = this.e.fields.find((x) => x.name === name);
      if (!f) continue;
      let v = body[name];
      if (typeof v === 'string') v = v.trim();
      const blank = v === undefined || v === null || v === '';
      if (blank && tr.required?.includes(name)) throw Object.assign(badRequest(`${name} is required to ${action} a ${this.e.name}`), { field: name });
      if (body[name] === undefined) continue;
      if (typeof v === 'string' && f.maxLength !== undefined && v.length > f.maxLength) throw Object.assign(badRequest(`${name} is longer than ${f.maxLength} characters`), { field: name });
      if (v !== null && typeof v === 'object') throw Object.assign(badRequest(`${name} must be a value`), { field: name });
      out[name] = blank ? null : v;
    }
    return out;
  }

  /** A line's transition that needs its document in one of `statuses` (a line cancelled only before release). */
  private async checkParentStatus(tx: Queryable, action: string, statuses: string[], row: Row): Promise<void> {
    const doc = this.e.parent && this.ctx.entities.get(this.e.parent.entity);
    if (!doc?.status) return;
    // Locked: the document cannot move (be released) until this line's move commits; `for update`, not
    // `for share`, since the move then writes the document's totals (two shared holders would deadlock).
    const r = await tx.query<{ s: unknown }>(`select ${ident(columnOf(doc.status.field))} as s from ${ident(doc.table)} where ${ident(columnOf(doc.primaryKey))} = $1 for update`, [row[this.e.parent!.field]]);
    const status = String(r.rows[0]?.s ?? doc.status.initial);
    if (!statuses.includes(status)) throw new BusinessError('error.status.transition', `Cannot ${action} a ${this.e.name} while its ${doc.name} is ${status}`, 'warn');
  }

  private async audit(tx: Queryable, scope: Scope, tenantId: number, id: number, action: string, changes: Row) {
    if (this.e.name === 'auditLog' || this.e.name === 'loginLog') return;
    await tx.query(
      `insert into hpfm_audit_log (tenant_id, entity_name, record_id, action, user_id, login_name, changes, audit_date) values ($1,$2,$3,$4,$5,$6,$7,now())`,
      [tenantId, this.e.name, id, action, scope.auth.userId, scope.auth.loginName, JSON.stringify(changes)],
    );
  }
}
