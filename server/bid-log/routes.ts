import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.ts';
import type { RouteGroup } from '../http/route-group.ts';
import { readThroughList } from '../resources/sealed.ts';
import { resolveScope } from '../resources/scope.ts';
import type { BidLogDocument } from './chain.ts';
import { bidLogAnswer } from './view.ts';

type Row = Record<string, unknown>;

/**
 * `GET <document path>/{id}/bid-log`: whoever reads the document by id (its module's
 * readThroughList: the same menus, tenant and supplier-side conditions) reads its bid log; a
 * document they cannot read is a 404 like the document itself.
 */
function bidLogRoute(entity: BidLogDocument, path: string, what: string): RouteGroup {
  return async (app: FastifyInstance, ctx: ServerContext) => {
    const readDocument = readThroughList(ctx, ctx.entities.get(entity)!);
    const params = { type: 'object', properties: { tenantId: { type: 'integer' }, id: { type: 'integer', minimum: 1 } } };
    app.get(path, { schema: { tags: ['bid log'], summary: `The tamper-evident bid log of ${what}: entries and whether every hash link holds`, params } }, async (req) => {
      await readDocument(req);
      return bidLogAnswer(ctx.db, entity, Number((req.params as Row).id), resolveScope(req, 'tenant').auth.supplierIds);
    });
  };
}

export const rfxBidLogRoutes = bidLogRoute('rfxHeader', '/ssrc/v1/:tenantId/rfx/:id/bid-log', 'an RFx');
export const tenderBidLogRoutes = bidLogRoute('tenderHeader', '/ssrc/v1/:tenantId/bid/:id/bid-log', 'a tender');
