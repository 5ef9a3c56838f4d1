import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.ts';
import { EntityRepository } from '../../resources/repository.ts';
import { listQuerySchema } from '../../resources/route-schemas.ts';
import { defineRoute } from '../../http/module-route.ts';

/**
 * The requisition lines a buyer can still order: lines of approved requisitions not ordered yet nor cancelled,
 * searched, sorted and paged like any list of lines.
 */
export async function orderableLineRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const prLine = ctx.entities.get('prLine')!;
  const repo = new EntityRepository(prLine, ctx);
  defineRoute(
    app,
    ctx,
    { method: 'GET', url: '/sprm/v1/:tenantId/purchase-request-lines/orderable', entity: 'prLine', access: 'read', schema: { params: { type: 'object', properties: { tenantId: { type: 'integer' } } }, querystring: listQuerySchema(prLine, 'tenant') } },
    async (req, scope) => {
      return repo.list(scope, req.query as Record<string, unknown>, () => [
        "t.execution_status_code = 'NONE'",
        'coalesce(t.cancelled_flag, 0) = 0',
        "exists (select 1 from sprm_pr_header h where h.pr_header_id = t.pr_header_id and h.pr_status_code = 'APPROVED')",
      ]);
    },
  );
}
