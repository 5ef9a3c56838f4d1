import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.ts';
import { notFound } from '../http/errors.ts';
import { resolveScope } from '../resources/scope.ts';
import { describeDocuments, relatedDocuments } from './related.ts';

/**
 * `GET /hpfm/v1/{tenantId}/related-documents/{entity}/{id}`: where a document came from and what
 * it became, for its detail page's related-documents panel. Any entity declaring `document`.
 */
export async function relatedDocumentRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  app.get(
    '/hpfm/v1/:tenantId/related-documents/:entity/:id',
    {
      schema: {
        tags: ['documents'],
        summary: 'The documents one document came from and became',
        params: { type: 'object', properties: { tenantId: { type: 'integer' }, entity: { type: 'string', maxLength: 60 }, id: { type: 'integer', minimum: 1 } }, required: ['entity', 'id'] },
      },
    },
    async (req) => {
      const scope = resolveScope(req, 'tenant');
      const { entity, id } = req.params as { entity: string; id: number };
      const e = ctx.entities.get(entity);
      if (!e?.document) throw notFound(`${entity} is not a document`);
      return relatedDocuments(ctx, scope, e, id);
    },
  );
  // What an action that created documents names in its message (the orders made from requisition lines).
  app.get(
    '/hpfm/v1/:tenantId/documents/:entity',
    {
      schema: {
        tags: ['documents'],
        summary: 'Documents as links: number, status and the page that opens each for the caller',
        params: { type: 'object', properties: { tenantId: { type: 'integer' }, entity: { type: 'string', maxLength: 60 } }, required: ['entity'] },
        querystring: { type: 'object', properties: { ids: { type: 'string', pattern: '^[1-9][0-9]{0,17}(,[1-9][0-9]{0,17}){0,199}$' } }, required: ['ids'] },
      },
    },
    async (req) => {
      const scope = resolveScope(req, 'tenant');
      const { entity } = req.params as { entity: string };
      const e = ctx.entities.get(entity);
      if (!e?.document) throw notFound(`${entity} is not a document`);
      return describeDocuments(ctx, scope, e, (req.query as { ids: string }).ids.split(',').map(Number));
    },
  );
}
