import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.ts';
import { resolveScope } from './scope.ts';
import { EXPORT_ROW_LIMIT } from './export.ts';

/**
 * `GET /sbsc/v1/{tenantId}/basic-discount-news/export-check` (the last row of §7.3). The product
 * asks it before exporting basic discount news; what it checks is not public and the discount
 * module is not part of this server. The answer chosen: `{exportable: true, maxRows}`: an export
 * is always allowed for a member of the tenant, and `maxRows` tells the client the cap every
 * export here has (EXPORT_ROW_LIMIT), the only limit this server enforces. A caller outside the
 * tenant gets the usual 403.
 */
export async function exportCheckRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  app.get(
    '/sbsc/v1/:tenantId/basic-discount-news/export-check',
    {
      schema: {
        params: { type: 'object', required: ['tenantId'], properties: { tenantId: { type: 'integer' } } },
        // The query carries the list's filters, whatever they are: short plain values only.
        querystring: { type: 'object', additionalProperties: { type: 'string', maxLength: 1000 } },
      },
    },
    async (req) => {
      resolveScope(req, 'tenant');
      return { exportable: true, maxRows: ctx.config.exportRowLimit ?? EXPORT_ROW_LIMIT };
    },
  );
}
