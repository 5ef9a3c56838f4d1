import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.ts';
import type { RouteGroup } from '../../http/route-group.ts';
import { BusinessError, badRequest } from '../../http/errors.ts';
import { checkEntityAccess } from '../../resources/permissions.ts';
import { EntityRepository } from '../../resources/repository.ts';
import { resolveScope } from '../../resources/scope.ts';

type Row = Record<string, unknown>;

const TIMEOUT_MS = 10_000;
const KEEP = 100_000;

/** Request headers of an interface: a JSON object of strings, or nothing. */
function headersOf(text: unknown): Record<string, string> {
  if (text === null || text === undefined || String(text).trim() === '') return {};
  let v: unknown;
  try {
    v = JSON.parse(String(text));
  } catch {
    throw Object.assign(badRequest('requestHeader is not valid JSON'), { field: 'requestHeader' });
  }
  if (!v || typeof v !== 'object' || Array.isArray(v) || Object.values(v).some((x) => typeof x !== 'string')) {
    throw Object.assign(badRequest('requestHeader must be a JSON object of header names and text values'), { field: 'requestHeader' });
  }
  return v as Record<string, string>;
}

/**
 * `POST /hitf/v1/{tenantId}/interfaces/{interfaceId}/invoke`: calls a defined REST interface for
 * real (its server's base URL and the interface's path, method and headers, with the server's
 * authentication) and logs request, response, status, duration and error in the interface log,
 * whatever the outcome. Only http(s) URLs are ever called (the server's URL is checked on save).
 */
async function invokeRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const iface = ctx.entities.get('hitfInterface')!;
  const logs = ctx.entities.get('interfaceLog')!;
  app.post(
    '/hitf/v1/:tenantId/interfaces/:interfaceId/invoke',
    {
      onRequest: async (req) => {
        const s = resolveScope(req, 'tenant');
        await checkEntityAccess(ctx.db, iface, s.auth, 'write');
      },
      schema: {
        params: { type: 'object', required: ['tenantId', 'interfaceId'], properties: { tenantId: { type: 'integer' }, interfaceId: { type: 'integer', minimum: 1 } } },
        body: { type: ['object', 'null'], properties: { body: { type: 'string', maxLength: KEEP } } },
      },
    },
    async (req) => {
      const scope = resolveScope(req, 'tenant');
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
      const headers: Record<string, string> = { accept: 'application/json, text/plain, */*', ...headersOf(i.requestHeader) };
      if (server.authType === 'BASIC') headers.authorization = `Basic ${Buffer.from(`${String(server.authUsername ?? '')}:${String(server.authPassword ?? '')}`).toString('base64')}`;
      const method = String(i.requestMethod ?? 'GET');
      const body = method === 'GET' || method === 'DELETE' ? undefined : ((req.body as { body?: string } | null)?.body ?? '');
      if (body !== undefined && !headers['content-type']) headers['content-type'] = 'application/json';
      const invokeKey = randomUUID();
      const started = Date.now();
      const requestTime = new Date(started);
      let status: number | null = null;
      let response: string | null = null;
      let error: string | null = null;
      try {
        const res = await fetch(url, { method, headers, body, redirect: 'manual', signal: AbortSignal.timeout(TIMEOUT_MS) });
        status = res.status;
        response = (await res.text()).slice(0, KEEP);
        if (!res.ok) error = `HTTP ${res.status} ${res.statusText}`;
      } catch (e) {
        error = String((e as Error)?.cause ?? e).slice(0, KEEP);
      }
      const duration = Date.now() - started;
      const pad = (n: number) => String(n).padStart(2, '0');
      const at = `${requestTime.getFullYear()}-${pad(requestTime.getMonth() + 1)}-${pad(requestTime.getDate())} ${pad(requestTime.getHours())}:${pad(requestTime.getMinutes())}:${pad(requestTime.getSeconds())}`;
      const id = (
        await ctx.db.query<{ id: number }>(
          `insert into hitf_interface_log (tenant_id, interface_id, server_code, interface_code, client_id, invoke_key, request_method, interface_url, request_time,
                                           response_status, result_code, duration, req_body_param, resp_content, stacktrace, created_by, last_updated_by)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $16) returning interface_log_id::float8 as id`,
          [scope.tenantId, i.interfaceId, server.serverCode, i.interfaceCode, scope.auth.loginName, invokeKey, method, url.slice(0, 960), at, status, error ? 'FAILURE' : 'SUCCESS', duration, body ?? null, response, error, scope.auth.userId],
        )
      ).rows[0]!.id;
      return new EntityRepository(logs, ctx).get(scope, id);
    },
  );
}

/** Interfaces: servers, interfaces and applications by the generic paths; calling an interface and its log here. */
export const routes: RouteGroup[] = [invokeRoutes];
