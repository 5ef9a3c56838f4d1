import type { FastifyInstance } from 'fastify';
import type { HistoryEntry } from '../../renderer/schema/history.ts';
import type { ServerContext } from '../context.ts';
import { checkEntityAccess } from './permissions.ts';
import { type Level, resolveScope } from './scope.ts';

const toRoute = (p: string) => p.replace(/\{(\w+)\}/g, ':$1');

/**
 * `GET <entity path>/{id}/history`: the audit entries of one record, newest first, for the detail
 * page's History tab. Whoever may read the entity may read its records' history (the audit log
 * screens, which list every entity's changes, stay behind their own menus). Tenant calls see only
 * the entries written in that tenant.
 */
export async function historyRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  for (const e of ctx.entities.values()) {
    if (e.name === 'auditLog' || e.name === 'loginLog') continue;
    for (const level of ['site', 'tenant'] as Level[]) {
      const base = e.paths[level];
      if (!base) continue;
      // A module that seals fields answers its own records' history (tender bids mask sealed envelopes).
      if (app.hasRoute({ method: 'GET', url: `${toRoute(base)}/:id/history` })) continue;
      app.get(
        `${toRoute(base)}/:id/history`,
        {
          schema: {
            tags: [e.name],
            summary: `Change history of one ${e.name} (${level})`,
            params: { type: 'object', properties: { ...(level === 'tenant' ? { tenantId: { type: 'integer' } } : {}), id: { type: 'integer', minimum: 1 } }, required: ['id'] },
            querystring: { type: 'object', properties: { size: { type: 'integer', minimum: 1, maximum: 200, default: 50 } } },
          },
        },
        async (req): Promise<HistoryEntry[]> => {
          const scope = resolveScope(req, level);
          await checkEntityAccess(ctx.db, e, scope.auth, 'read');
          const { id } = req.params as { id: number };
          const { size } = req.query as { size: number };
          const params: unknown[] = [e.name, id, size];
          let tenant = '';
          if (scope.tenantId !== null) {
            params.push(scope.tenantId);
            tenant = ` and tenant_id = $${params.length}`;
          }
          const r = await ctx.db.query<HistoryEntry>(
            `select audit_id::float8 as "auditId", action, login_name as "loginName", changes, to_char(audit_date, 'YYYY-MM-DD HH24:MI:SS') as "auditDate"
               from hpfm_audit_log where entity_name = $1 and record_id = $2${tenant} order by audit_date desc, audit_id desc limit $3`,
            params,
          );
          return r.rows;
        },
      );
    }
  }
}
