import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../../context.ts';
import { forbidden, notFound } from '../../../http/errors.ts';
import { EntityRepository } from '../../../resources/repository.ts';
import { holdsAnyRoute } from '../../../resources/permissions.ts';
import type { Scope } from '../../../resources/scope.ts';
import { defineRoute } from '../../../http/module-route.ts';

type Row = Record<string, unknown>;

/** What an expert maintains about themselves; level, category, type and enabling stay the administrator's. */
export const PERSONAL_FIELDS = ['mobilephone', 'mail', 'workUnit', 'itemCategories', 'resume'] as const;

const PERSONAL_ROUTE = '/ssrc/expert-personal';
const tenantParams = { type: 'object', properties: { tenantId: { type: 'integer' } } } as const;

/** The caller's own expert record in the tenant of the path: its id, or 404 when the account is not an expert's. */
async function ownExpertId(ctx: ServerContext, scope: Scope): Promise<number> {
  const r = await ctx.db.query<{ id: number }>('select expert_id::float8 as id from ssrc_expert where tenant_id = $1 and user_id = $2', [scope.tenantId, scope.auth.userId]);
  const id = r.rows[0]?.id;
  if (id === undefined) throw notFound('Your account is not registered as an expert in this tenant');
  return id;
}

/**
 * `/ssrc/expert-personal`: the signed-in expert reads and changes their own record only. The record
 * is found from the token, never from the request, so no body or path can point at another
 * expert; a body naming another `expertId` is refused (403) rather than quietly applied to one's own.
 * The generic expert paths stay with the menus that declare them (maintenance and query).
 */
export async function expertPersonalRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const repo = new EntityRepository(ctx.entities.get('expert')!, ctx);
  const access = async (scope: Scope) => {
    if (scope.auth.roleLevel !== 'site' && !(await holdsAnyRoute(ctx.db, scope.auth.roleId, [PERSONAL_ROUTE]))) throw forbidden('Your role has no expert profile page');
  };
  defineRoute(app, ctx, { method: 'GET', url: '/ssrc/v1/:tenantId/experts/personal', schema: { params: tenantParams } }, async (req, scope) => {
    await access(scope);
    return repo.get(scope, await ownExpertId(ctx, scope));
  });
  defineRoute(
    app,
    ctx,
    {
      method: 'PUT',
      url: '/ssrc/v1/:tenantId/experts/personal',
      schema: {
        params: tenantParams,
        body: {
          type: 'object',
          required: ['objectVersionNumber'],
          properties: {
            objectVersionNumber: { type: 'integer' },
            expertId: { type: ['integer', 'null'] },
            mobilephone: { type: 'string', minLength: 6, maxLength: 30, pattern: '^\\+?[0-9][0-9 -]{5,28}$' },
            mail: { type: 'string', maxLength: 120, pattern: '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$' },
            workUnit: { type: ['string', 'null'], maxLength: 120 },
            itemCategories: { type: ['string', 'null'], maxLength: 480 },
            resume: { type: ['string', 'null'], maxLength: 2000 },
          },
        },
      },
    },
    async (req, scope) => {
      await access(scope);
      const id = await ownExpertId(ctx, scope);
      const body = req.body as Row;
      if (body.expertId !== undefined && body.expertId !== null && Number(body.expertId) !== id) throw forbidden('An expert changes only their own profile');
      const changes: Row = { objectVersionNumber: body.objectVersionNumber };
      for (const f of PERSONAL_FIELDS) if (body[f] !== undefined) changes[f] = body[f];
      return repo.update(scope, id, changes);
    },
  );
  /**
   * What the expert portal's entry page (`/ssrc/sims-login`) shows the signed-in person: whether
   * they are registered as an expert here, and their record's headline. Never a 404: not being an
   * expert is an answer the page explains.
   */
  defineRoute(app, ctx, { method: 'GET', url: '/ssrc/v1/:tenantId/experts/portal', schema: { params: tenantParams } }, async (req, scope) => {
    const r = await ctx.db.query<Row>(
      `select expert_num as "expertNum", expert_name as "expertName", enabled_flag::int as "enabledFlag", expert_level as "expertLevel", expert_category as "expertCategory"
         from ssrc_expert where tenant_id = $1 and user_id = $2`,
      [scope.tenantId, scope.auth.userId],
    );
    const pending = await ctx.db.query<{ n: number }>("select count(*)::int as n from ssrc_expert_req where tenant_id = $1 and user_id = $2 and expert_req_status = 'SUBMITTED'", [scope.tenantId, scope.auth.userId]);
    return { registered: !!r.rows[0], expert: r.rows[0] ?? null, pendingRequisitions: pending.rows[0]?.n ?? 0 };
  });
}
