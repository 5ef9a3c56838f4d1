import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../../context.ts';
import { EntityRepository } from '../../../resources/repository.ts';
import { openWithPassword, setOpeningPassword } from '../../../sealing/opening.ts';
import { defineRoute } from '../../../http/module-route.ts';

type Row = Record<string, unknown>;

/**
 * The RFx's opening calls (`rfx/{id}/password`, `rfx/open`, the original's): the declared opening
 * (rfx-header.json `opening`) run by server/sealing/opening.ts; the move's hook waits for the
 * quotation end.
 */
export async function openRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const e = ctx.entities.get('rfxHeader')!;
  const repo = new EntityRepository(e, ctx);

  defineRoute(app, ctx, { method: 'PUT', url: '/ssrc/v1/:tenantId/rfx/:id/password', schema: { body: { type: 'object', required: ['password'], properties: { password: { type: 'string', minLength: 4, maxLength: 64 } } } } }, async (req, scope) => {
    return setOpeningPassword({ ctx, e, scope, load: () => repo.get(scope, Number((req.params as Row).id)) }, (req.body as { password: string }).password);
  });

  defineRoute(app, ctx, { method: 'POST', url: '/ssrc/v1/:tenantId/rfx/open', schema: { body: { type: 'object', required: ['rfxHeaderId'], properties: { rfxHeaderId: { type: 'integer', minimum: 1 }, password: { type: 'string', maxLength: 64 } } } } }, async (req, scope) => {
    const body = req.body as { rfxHeaderId: number; password?: string };
    const load = () => repo.get(scope, body.rfxHeaderId);
    return openWithPassword({ ctx, e, scope, load }, () => 'open', body.password, (tx, move) => repo.transition(scope, body.rfxHeaderId, move, {}, { tx, system: true }));
  });
}
