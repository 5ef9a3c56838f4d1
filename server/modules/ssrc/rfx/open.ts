import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../../context.ts';
import { badRequest, BusinessError, forbidden, notFound } from '../../../http/errors.ts';
import { checkPermissionCode } from '../../../resources/permissions.ts';
import { EntityRepository } from '../../../resources/repository.ts';
import { resolveScope } from '../../../resources/scope.ts';
import { DRAFT_STATUSES } from './statuses.ts';

type Row = Record<string, unknown>;

const hash = (password: string, salt = randomBytes(16).toString('hex')) => `${salt}:${scryptSync(password, salt, 32).toString('hex')}`;
function matches(password: string, stored: string): boolean {
  const [salt, digest] = stored.split(':');
  if (!salt || !digest) return false;
  const a = Buffer.from(hash(password, salt).split(':')[1]!, 'hex');
  const b = Buffer.from(digest, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Opening (`rfx/open`, the original's call): the declared `open` move, after the quotation end
 * (its hook), and with the opening password when one was set. The password is checked here and
 * vouched for to the hook by a transaction-local setting, so the generic action path cannot open
 * a password-protected RFx. The password is stored as a salted scrypt digest, set in draft only.
 */
export async function openRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const header = ctx.entities.get('rfxHeader')!;
  const repo = new EntityRepository(header, ctx);
  const row = async (tenantId: number | null, id: number) =>
    (await ctx.db.query<{ status: string; num: string; flag: number; hash: string | null }>('select rfx_status as status, rfx_num as num, password_flag::int as flag, open_password_hash as hash from ssrc_rfx_header where rfx_header_id = $1 and tenant_id = $2', [id, tenantId])).rows[0];

  app.put('/ssrc/v1/:tenantId/rfx/:id/password', { schema: { body: { type: 'object', required: ['password'], properties: { password: { type: 'string', minLength: 4, maxLength: 64 } } } } }, async (req) => {
    const scope = resolveScope(req, 'tenant');
    if (scope.auth.supplierIds) throw forbidden('The opening password is the buyer\'s');
    await checkPermissionCode(ctx.db, scope.auth, 'ssrc.inquiry-hall.rfx-create.button.edit', 'set the opening password of an RFx');
    const id = Number((req.params as Row).id);
    const r = await row(scope.tenantId, id);
    if (!r) throw notFound(`rfxHeader ${id} not found`);
    if (!DRAFT_STATUSES.includes(r.status)) throw new BusinessError('error.status.transition', `${r.num} is ${r.status}: the opening password is set before release`, 'warn');
    await ctx.db.query('update ssrc_rfx_header set open_password_hash = $2, password_flag = 1, object_version_number = object_version_number + 1, last_update_date = now() where rfx_header_id = $1', [id, hash((req.body as { password: string }).password)]);
    return { rfxHeaderId: id, passwordFlag: 1 };
  });

  app.post('/ssrc/v1/:tenantId/rfx/open', { schema: { body: { type: 'object', required: ['rfxHeaderId'], properties: { rfxHeaderId: { type: 'integer', minimum: 1 }, password: { type: 'string', maxLength: 64 } } } } }, async (req) => {
    const scope = resolveScope(req, 'tenant');
    const body = req.body as { rfxHeaderId: number; password?: string };
    // The move's own permission first: nobody else learns whether a password would have fitted.
    if (scope.auth.supplierIds) throw forbidden('Bids are opened by the buyer');
    await checkPermissionCode(ctx.db, scope.auth, header.status!.transitions.open!.permission, 'open an RFx');
    const r = await row(scope.tenantId, body.rfxHeaderId);
    if (!r) throw notFound(`rfxHeader ${body.rfxHeaderId} not found`);
    if (r.flag === 1 && !(body.password && r.hash && matches(body.password, r.hash))) throw Object.assign(badRequest(`The opening password of ${r.num} is not right`), { field: 'password' });
    return ctx.db.transaction(async (tx) => {
      await tx.query("select set_config('ssrc.opening', $1, true)", [String(body.rfxHeaderId)]);
      // Side and permission were checked above, outside the transaction: the repository checks them
      // on the shared connection, which this transaction holds (PGlite has one), so the move is taken as checked.
      return repo.transition(scope, body.rfxHeaderId, 'open', {}, { tx, system: true });
    });
  });
}
