import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { bodySchema } from '../../resources/body-schema.ts';
import { EntityRepository } from '../../resources/repository.ts';
import { defineRoute } from '../../http/module-route.ts';

type Row = Record<string, unknown>;

/**
 * The supplier's own calls. A change request is the one record a supplier creates for its
 * supplier (shared documents are otherwise the buyer's to create): only for a supplier it acts
 * for, checked here. `suppliers/mine` is the supplier's own master record (vendorInfo/detail).
 */
export async function changeRequestRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const reqs = ctx.entities.get('supplierChangeReq')!;
  const suppliers = ctx.entities.get('supplier')!;
  const params = { type: 'object', properties: { tenantId: { type: 'integer' } } };
  defineRoute(app, ctx, { method: 'POST', url: '/sslm/v1/:tenantId/supplier-change-reqs/apply', entity: 'supplierChangeReq', access: 'write', schema: { params, body: bodySchema(reqs, 'create', 'tenant') } }, async (req, scope) => {
    const body = req.body as Row;
    const ids = scope.auth.supplierIds;
    if (ids && !ids.includes(Number(body.supplierId))) throw Object.assign(forbidden(`supplierId ${String(body.supplierId)} is not a supplier you act for`), { field: 'supplierId' });
    // Created in the buyer's shape (the generic create refuses supplier-side creates), then read back under the caller's own scope.
    const created = await new EntityRepository(reqs, ctx).create({ ...scope, auth: { ...scope.auth, supplierIds: null } }, body);
    return new EntityRepository(reqs, ctx).get(scope, Number(created.reqId));
  });
  defineRoute(app, ctx, { method: 'GET', url: '/sslm/v1/:tenantId/suppliers/mine', schema: { params } }, async (req, scope) => {
    // Not declared `by: 'supplier'`: a supplier-side role bound to no supplier is answered 404, not 403.
    const ids = scope.auth.supplierIds;
    if (!ids) throw forbidden('Only a supplier-side role has a supplier of its own');
    if (!ids.length) throw notFound('You are not bound to any supplier');
    return new EntityRepository(suppliers, ctx).get(scope, Math.min(...ids));
  });
}
