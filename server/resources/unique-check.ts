import type { FastifyInstance } from 'fastify';
import type { EntityDecl } from '../../renderer/schema/entity.ts';
import type { ServerContext } from '../context.ts';
import { badRequest } from '../http/errors.ts';
import { tenantColumn } from './ddl.ts';
import { columnOf, ident } from './naming.ts';
import { checkEntityAccess } from './permissions.ts';
import { type Level, resolveScope, type Scope } from './scope.ts';

type Row = Record<string, unknown>;

export interface UniqueCheckAnswer {
  valid: boolean;
  field: string;
  /** Why it is not valid (English; screens show their own declared message). */
  message?: string;
}

const toRoute = (p: string) => p.replace(/\{(\w+)\}/g, ':$1');

/**
 * Whether a value of a `unique` field is still free, in the same scope as the unique index the
 * table has (ddl.ts): login names platform-wide, codes within the tenant. `excludeId` skips the
 * record being edited, so it does not collide with itself.
 */
export async function isFree(ctx: ServerContext, e: EntityDecl, scope: Scope, field: string, value: string, excludeId?: number): Promise<boolean> {
  const params: unknown[] = [value];
  const where = [`t.${ident(columnOf(field))}::text = $1`];
  const col = tenantColumn(e);
  // A per-tenant index (tenant_id column) only collides within the tenant; tenantField entities are platform-wide.
  if (col === 'tenant_id' && scope.tenantId !== null) {
    params.push(scope.tenantId);
    where.push(`t.tenant_id = $${params.length}`);
  }
  if (excludeId !== undefined) {
    params.push(excludeId);
    where.push(`t.${ident(columnOf(e.primaryKey))} <> $${params.length}`);
  }
  const r = await ctx.db.query(`select 1 from ${ident(e.table)} t where ${where.join(' and ')} limit 1`, params);
  return r.rows.length === 0;
}

/**
 * `GET <entity path>/check?<field>=<value>[&excludeId=<id>]` for every entity with `unique`
 * fields: the async field check of create and edit forms asks it before the insert would fail.
 * Answers `{valid, field, message?}`; only readers of the entity may ask.
 */
export async function uniqueCheckRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  for (const e of ctx.entities.values()) {
    const unique = e.fields.filter((f) => f.unique && !f.private).map((f) => f.name);
    if (!unique.length) continue;
    for (const level of ['site', 'tenant'] as Level[]) {
      const base = e.paths[level];
      if (!base) continue;
      const props: Row = { excludeId: { type: 'integer', minimum: 1 } };
      for (const name of unique) props[name] = { type: 'string', maxLength: 480 };
      app.get(
        `${toRoute(base)}/check`,
        {
          schema: {
            tags: [e.name],
            summary: `Is a ${unique.join(' / ')} of ${e.name} still free (${level})`,
            params: { type: 'object', properties: level === 'tenant' ? { tenantId: { type: 'integer' } } : {} },
            querystring: { type: 'object', properties: props },
          },
        },
        async (req): Promise<UniqueCheckAnswer> => {
          const scope = resolveScope(req, level);
          await checkEntityAccess(ctx.db, e, scope.auth, 'read');
          const q = req.query as Row;
          const asked = unique.filter((n) => q[n] !== undefined);
          if (asked.length !== 1) throw badRequest(`name exactly one of ${unique.join(', ')}`);
          const field = asked[0]!;
          const free = await isFree(ctx, e, scope, field, String(q[field]), q.excludeId as number | undefined);
          return free ? { valid: true, field } : { valid: false, field, message: `${field} "${String(q[field]).slice(0, 60)}" is already taken` };
        },
      );
    }
  }
}
