import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.ts';
import { installDataPermissions } from './data-permission.ts';
import { sqlExecuteRoutes } from './sql-execute.ts';

/**
 * The configuration screens of hpfm beyond generic CRUD: data permissions applied to every list
 * and the site administrator's read-only SQL console.
 */
export async function hpfmConfigRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  installDataPermissions(ctx.entities);
  await sqlExecuteRoutes(app, ctx);
}
