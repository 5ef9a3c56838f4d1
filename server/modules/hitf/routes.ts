import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.ts';
import type { RouteGroup } from '../../http/route-group.ts';
import { BusinessError, badRequest } from '../../http/errors.ts';
import { EntityRepository } from '../../resources/repository.ts';
import { KEEP, callAndLog, headersOf } from './call.ts';
import { defineRoute } from '../../http/module-route.ts';

type Row = Record<string, unknown>;

/**
 * `POST /hitf/v1/{tenantId}/interfaces/{interfaceId}/invoke`: calls a defined REST interface for
 * real (its server's base URL and the interface's path, method and headers, with the server's
 * authentication) and logs request, response, status, duration and error in the interface log,
 * whatever the outcome. Only http(s) URLs are ever called (the server's URL is checked on save).
 */
async function invokeRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const iface = ctx.entities.get('hitfInterface')!;
  const logs = ctx.entities.get('interfaceLog')!;
  defineRoute(
    app,
    ctx,
    {
      method: 'POST',
      url: '/hitf/v1/:tenantId/interfaces/:interfaceId/invoke',
      entity: 'hitfInterface',
      access: 'write',
      schema: {
        params: { type: 'object', required: ['tenantId', 'interfaceId'], properties: { tenantId: { type: 'integer' }, interfaceId: { type: 'integer', minimum: 1 } } },
        body: { type: ['object', 'null'], properties: { body: { type: 'string', maxLength: KEEP } } },
      },
    },
    async (req, scope) => {
      const i = await new EntityRepository(iface, ctx).get(scope, (req.params as { interfaceId: number }).interfaceId);
      const server = (
        await ctx.db.query<Row>(
          `select server_code as "serverCode", service_type as "serviceType", domain_url as "domainUrl", auth_type as "authType", auth_username as "authUsername",
                  auth_password as "authPassword", coalesce(enabled_flag, 1) as enabled from hitf_interface_server where interface_server_id = $1 and tenant_id = $2`,
          [i.interfaceServerId, scope.tenantId],
        )
      ).rows[0];
      if (!server) throw badRequest(`interface ${String(i.interfaceCode)} has no server`);
      if (server.serviceType !== 'REST') throw new BusinessError('hitf.error.soap', 'SOAP servers are recorded, not called, by this server', 'warn');
      if (Number(server.enabled) !== 1 || i.status === 'DISABLED') throw new BusinessError('hitf.error.disabled', `Interface ${String(i.interfaceCode)} or its server is disabled`, 'warn');
      const url = `${String(server.domainUrl).replace(/\/+$/, '')}${String(i.interfaceUrl)}`;
      if (!/^https?:\/\//.test(url)) throw Object.assign(badRequest('domainUrl must be an http(s) URL'), { field: 'domainUrl' });
      const headers = headersOf(i.requestHeader);
      if (server.authType === 'BASIC') headers.authorization = `Basic ${Buffer.from(`${String(server.authUsername ?? '')}:${String(server.authPassword ?? '')}`).toString('base64')}`;
      const method = String(i.requestMethod ?? 'GET');
      const { logId: id } = await callAndLog(ctx.db, {
        tenantId: scope.tenantId!,
        userId: scope.auth.userId,
        loginName: scope.auth.loginName,
        url,
        method,
        headers,
        body: (req.body as { body?: string } | null)?.body,
        serverCode: String(server.serverCode),
        interfaceCode: String(i.interfaceCode),
        interfaceId: Number(i.interfaceId),
      });
      return new EntityRepository(logs, ctx).get(scope, id);
    },
  );
}

/** Interfaces: servers, interfaces and applications by the generic paths; calling an interface and its log here. */
export const routes: RouteGroup[] = [invokeRoutes];
