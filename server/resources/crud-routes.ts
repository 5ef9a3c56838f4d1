import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { EntityDecl } from '../../renderer/schema/entity.ts';
import type { ServerContext } from '../context.ts';
import type { Queryable } from '../db/database.ts';
import { BusinessError, notFound } from '../http/errors.ts';
import { addMeanings } from '../platform/lov-values.ts';
import { bodySchema, writableFields } from './body-schema.ts';
import { tenantColumn } from './ddl.ts';
import { hooksOf } from './hooks.ts';
import { filters, orderBy, pageParams } from './list-query.ts';
import { columnOf, ident } from './naming.ts';
import { toPage } from './page.ts';
import { selectList, toColumnValue } from './rows.ts';
import { type Level, resolveScope, type Scope, tenantWhere } from './scope.ts';

type Row = Record<string, unknown>;

const toRoute = (p: string) => p.replace(/\{(\w+)\}/g, ':$1');

/** Turns a PostgreSQL constraint error into the platform's business error. */
function dbError(e: unknown): never {
  const code = (e as { code?: string }).code;
  if (code === '23505') throw new BusinessError('error.db.duplicateKey', 'A record with the same code already exists', 'warn');
  if (code === '22001') throw new BusinessError('error.db.valueTooLong', 'A value is longer than the field allows', 'warn');
  throw e;
}

export class EntityRepository {
  constructor(
    readonly e: EntityDecl,
    private readonly ctx: ServerContext,
  ) {}

  private pk = () => `t.${ident(columnOf(this.e.primaryKey))}`;

  async list(scope: Scope, q: Record<string, unknown>) {
    const { page, size, sort } = pageParams(q);
    const params: unknown[] = [];
    const where = [...tenantWhere(this.e, scope, params, q), ...filters(this.e, q, params)];
    const w = where.length ? `where ${where.join(' and ')}` : '';
    const t = ident(this.e.table);
    const total = Number((await this.ctx.db.query<{ n: number }>(`select count(*)::int as n from ${t} t ${w}`, params)).rows[0]?.n ?? 0);
    const rows = (
      await this.ctx.db.query<Row>(`select ${selectList(this.e)} from ${t} t ${w} order by ${orderBy(this.e, sort)} limit ${size} offset ${page * size}`, params)
    ).rows;
    await addMeanings(this.ctx.db, rows, this.e.fields, scope.tenantId ?? scope.auth.tenantId, scope.auth.language);
    return toPage(rows, page, size, total);
  }

  async get(scope: Scope, id: number, db: Queryable = this.ctx.db): Promise<Row> {
    const params: unknown[] = [id];
    const where = [`${this.pk()} = $1`, ...tenantWhere(this.e, scope, params)];
    const row = (await db.query<Row>(`select ${selectList(this.e)} from ${ident(this.e.table)} t where ${where.join(' and ')}`, params)).rows[0];
    if (!row) throw notFound(`${this.e.name} ${id} not found`);
    await addMeanings(db, [row], this.e.fields, scope.tenantId ?? scope.auth.tenantId, scope.auth.language);
    return row;
  }

  async create(scope: Scope, body: Row): Promise<Row> {
    const values: Row = {};
    for (const f of writableFields(this.e)) {
      if (body[f.name] !== undefined) values[f.name] = body[f.name];
      else if (f.default !== undefined) values[f.name] = f.default;
    }
    if (this.e.status && values[this.e.status.field] === undefined) values[this.e.status.field] = this.e.status.initial;
    const tenantCol = tenantColumn(this.e);
    const tenantId = scope.tenantId ?? (typeof body.tenantId === 'number' ? body.tenantId : this.e.tenantField ? Number(values[this.e.tenantField] ?? 0) : 0);
    if (this.e.tenantField) values[this.e.tenantField] = tenantId;
    return this.ctx.db
      .transaction(async (tx) => {
        const args = { entity: this.e, auth: scope.auth, tenantId, tx };
        for (const h of hooksOf(this.e.name)) await h.beforeCreate?.(values, args);
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
        const row = await this.get(scope, id, tx);
        for (const h of hooksOf(this.e.name)) await h.afterWrite?.(row, 'create', args);
        await this.audit(tx, scope, tenantId, id, 'CREATE', values);
        return row;
      })
      .catch(dbError);
  }

  /** Optimistic locking: the row changes only if `objectVersionNumber` still matches; nothing is overwritten otherwise. */
  async update(scope: Scope, id: number, body: Row): Promise<Row> {
    const sets: string[] = [];
    const params: unknown[] = [id, body.objectVersionNumber];
    const changes: Row = {};
    for (const f of writableFields(this.e)) {
      if (body[f.name] === undefined || f.name === this.e.tenantField) continue;
      if (this.e.status && f.name === this.e.status.field) continue;
      params.push(toColumnValue(f, body[f.name]));
      sets.push(`${ident(columnOf(f.name))} = $${params.length}`);
      changes[f.name] = body[f.name];
    }
    const where = [`${this.pk()} = $1`, `t.object_version_number = $2`, ...tenantWhere(this.e, scope, params)];
    return this.ctx.db
      .transaction(async (tx) => {
        const r = await tx.query(
          `update ${ident(this.e.table)} t set ${[...sets, 'object_version_number = t.object_version_number + 1', 'last_update_date = now()', `last_updated_by = ${Number(scope.auth.userId)}`].join(', ')} where ${where.join(' and ')}`,
          params,
        );
        if (!r.affectedRows) await this.refuseStale(scope, id, tx);
        const row = await this.get(scope, id, tx);
        const tenantId = scope.tenantId ?? Number(row.tenantId ?? row[this.e.tenantField ?? ''] ?? 0);
        for (const h of hooksOf(this.e.name)) await h.afterWrite?.(row, 'update', { entity: this.e, auth: scope.auth, tenantId, tx });
        await this.audit(tx, scope, tenantId, id, 'UPDATE', changes);
        return row;
      })
      .catch(dbError);
  }

  private async refuseStale(scope: Scope, id: number, tx: Queryable): Promise<never> {
    await this.get(scope, id, tx); // 404 when it is not there (or not this tenant's)
    throw new BusinessError('error.data.changed', 'The record was changed by someone else; reload it and apply your change again', 'warn');
  }

  async remove(scope: Scope, id: number, version?: number): Promise<void> {
    const params: unknown[] = [id];
    const where = [`${this.pk()} = $1`, ...tenantWhere(this.e, scope, params)];
    if (version !== undefined) {
      params.push(version);
      where.push(`t.object_version_number = $${params.length}`);
    }
    await this.ctx.db.transaction(async (tx) => {
      const r = await tx.query(`delete from ${ident(this.e.table)} t where ${where.join(' and ')}`, params);
      if (!r.affectedRows) await this.refuseStale(scope, id, tx);
      await this.audit(tx, scope, scope.tenantId ?? scope.auth.tenantId, id, 'DELETE', {});
    });
  }

  /** A declared status transition; refused when the current status is not one it starts from. */
  async transition(scope: Scope, id: number, action: string, body: Row): Promise<Row> {
    const sm = this.e.status;
    const tr = sm?.transitions[action];
    if (!sm || !tr) throw notFound(`${this.e.name} has no action ${action}`);
    const current = await this.get(scope, id);
    const from = String(current[sm.field] ?? '');
    if (!tr.from.includes(from)) throw new BusinessError('error.status.transition', `Cannot ${action} a ${this.e.name} in status ${from}`, 'warn');
    const version = body.objectVersionNumber ?? current.objectVersionNumber;
    const params: unknown[] = [id, version, tr.to];
    const where = [`${this.pk()} = $1`, 't.object_version_number = $2', ...tenantWhere(this.e, scope, params)];
    return this.ctx.db.transaction(async (tx) => {
      const r = await tx.query(
        `update ${ident(this.e.table)} t set ${ident(columnOf(sm.field))} = $3, object_version_number = t.object_version_number + 1, last_update_date = now() where ${where.join(' and ')}`,
        params,
      );
      if (!r.affectedRows) await this.refuseStale(scope, id, tx);
      const row = await this.get(scope, id, tx);
      const tenantId = scope.tenantId ?? Number(row.tenantId ?? 0);
      for (const h of hooksOf(this.e.name)) await h.afterWrite?.(row, action, { entity: this.e, auth: scope.auth, tenantId, tx });
      await this.audit(tx, scope, tenantId, id, action.toUpperCase(), { [sm.field]: { from, to: tr.to } });
      return row;
    });
  }

  private async audit(tx: Queryable, scope: Scope, tenantId: number, id: number, action: string, changes: Row) {
    if (this.e.name === 'auditLog' || this.e.name === 'loginLog') return;
    await tx.query(
      `insert into hpfm_audit_log (tenant_id, entity_name, record_id, action, user_id, login_name, changes, audit_date) values ($1,$2,$3,$4,$5,$6,$7,now())`,
      [tenantId, this.e.name, id, action, scope.auth.userId, scope.auth.loginName, JSON.stringify(changes)],
    );
  }
}

/** Registers list/get/create/update/delete/action routes for every declared path of every entity. */
export async function crudRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  for (const e of ctx.entities.values()) {
    const repo = new EntityRepository(e, ctx);
    for (const level of ['site', 'tenant'] as Level[]) {
      const base = e.paths[level];
      if (!base) continue;
      const path = toRoute(base);
      const scope = (req: FastifyRequest) => resolveScope(req, level);
      const idOf = (req: FastifyRequest) => {
        const raw = (req.params as Record<string, string>).id ?? (req.body as Row | undefined)?.[e.primaryKey];
        const id = Number(raw);
        if (!Number.isInteger(id)) throw new BusinessError('error.validation', `${e.primaryKey} is required`, 'error');
        return id;
      };
      const idParam = { type: 'object', properties: { id: { type: 'integer' } } };
      app.get(path, async (req) => repo.list(scope(req), req.query as Row));
      app.get(`${path}/:id`, { schema: { params: idParam } }, async (req) => repo.get(scope(req), idOf(req)));
      app.post(path, { schema: { body: bodySchema(e, 'create') } }, async (req) => repo.create(scope(req), req.body as Row));
      app.put(path, { schema: { body: bodySchema(e, 'update') } }, async (req) => repo.update(scope(req), idOf(req), req.body as Row));
      app.put(`${path}/:id`, { schema: { body: bodySchema(e, 'update'), params: idParam } }, async (req) => repo.update(scope(req), idOf(req), req.body as Row));
      app.delete(`${path}/:id`, { schema: { params: idParam } }, async (req) => {
        const v = (req.query as Row).objectVersionNumber;
        await repo.remove(scope(req), idOf(req), v === undefined ? undefined : Number(v));
        return {};
      });
      // The platform's batch delete: DELETE with a body listing the records.
      app.delete(path, { schema: { body: { type: 'array', items: { type: 'object', required: [e.primaryKey] } } } }, async (req) => {
        const s = scope(req);
        for (const r of req.body as Row[]) await repo.remove(s, Number(r[e.primaryKey]), r.objectVersionNumber === undefined ? undefined : Number(r.objectVersionNumber));
        return {};
      });
      if (e.status) {
        app.post(`${path}/:id/actions/:action`, { schema: { params: { type: 'object', properties: { id: { type: 'integer' }, action: { type: 'string', maxLength: 40 } } } } }, async (req) =>
          repo.transition(scope(req), idOf(req), (req.params as Row).action as string, (req.body as Row) ?? {}),
        );
      }
    }
  }
}
