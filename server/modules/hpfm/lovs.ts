import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireAuth } from '../../auth/authenticate.ts';
import { scopeTenant } from '../../http/call-scope.ts';
import type { ServerContext } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import { EntityRepository } from '../../resources/crud-routes.ts';
import { toPage } from '../../../renderer/schema/wire/page.ts';
import { lovValues } from '../../resources/lov-values.ts';
import { defineRoute } from '../../http/module-route.ts';

/** Value sets and LOV views: `/hpfm/v1/[{tenantId}/]lovs/value|value/batch|data` and `lov-view/info`. */
export async function lovRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const { db } = ctx;
  const lang = (req: FastifyRequest) => String((req.query as Record<string, unknown>).lang ?? requireAuth(req).language);
  const codeQuery = { type: 'object', required: ['lovCode'], properties: { lovCode: { type: 'string', minLength: 1, maxLength: 60 } } };

  for (const prefix of ['/hpfm/v1', '/hpfm/v1/:tenantId']) {
    defineRoute(app, ctx, { method: 'GET', url: `${prefix}/lovs/value`, level: 'platform', schema: { querystring: codeQuery } }, async (req, scope) =>
      lovValues(db, (req.query as { lovCode: string }).lovCode, scopeTenant(scope), lang(req)),
    );

    defineRoute(app, ctx, { method: 'GET', url: `${prefix}/lovs/value/batch`, level: 'platform' }, async (req, scope) => {
      const out: Record<string, unknown> = {};
      const tenantId = scopeTenant(scope);
      for (const [key, code] of Object.entries(req.query as Record<string, string>)) {
        if (key === 'lang' || key === 'tenantId') continue;
        out[key] = await lovValues(db, String(code), tenantId, lang(req));
      }
      return out;
    });

    defineRoute(app, ctx, { method: 'GET', url: `${prefix}/lovs/data`, level: 'platform', schema: { querystring: { ...codeQuery, additionalProperties: true } } }, async (req, scope) => {
      const q = req.query as Record<string, unknown>;
      const tenantId = scopeTenant(scope);
      const lov = (
        await db.query<{ lov_type_code: string; source_entity: string | null }>(
          `select lov_type_code, source_entity from hpfm_lov where lov_code = $1 and tenant_id in (0, $2) order by tenant_id desc limit 1`,
          [q.lovCode, tenantId],
        )
      ).rows[0];
      if (!lov) throw notFound(`No value set ${String(q.lovCode)}`);
      const page = Math.max(0, Number(q.page ?? 0) || 0);
      const size = Math.min(1000, Math.max(1, Number(q.size ?? 10) || 10));
      if (lov.source_entity) {
        const e = ctx.entities.get(lov.source_entity);
        if (!e) throw notFound(`Value set ${String(q.lovCode)} points at unknown entity ${lov.source_entity}`);
        const listTenant = e.tenantScoped ? tenantId : null;
        return new EntityRepository(e, ctx).list({ auth: scope.auth, tenantId: listTenant }, { ...q, page, size });
      }
      const all = await lovValues(db, String(q.lovCode), tenantId, lang(req));
      const needle = String(q.meaning ?? q.value ?? '').toLowerCase();
      const hits = needle ? all.filter((v) => v.meaning.toLowerCase().includes(needle) || v.value.toLowerCase().includes(needle)) : all;
      return toPage(hits.slice(page * size, page * size + size), page, size, hits.length);
    });

    defineRoute(app, ctx, { method: 'GET', url: `${prefix}/lov-view/info`, level: 'platform', schema: { querystring: { type: 'object', required: ['viewCode'], properties: { viewCode: { type: 'string', maxLength: 60 } } } } }, async (req, scope) => {
      const tenantId = scopeTenant(scope);
      const v = (
        await db.query<Record<string, unknown>>(
          `select v.view_code as "viewCode", v.view_name as "viewName", v.lov_code as "lovCode", l.lov_name as "lovName", l.lov_type_code as "lovTypeCode",
                  v.tenant_id::float8 as "tenantId", v.value_field as "valueField", v.display_field as "displayField", coalesce(v.title, v.view_name) as title,
                  coalesce(v.width, 520)::float8 as width, null as height, coalesce(v.page_size, 10)::float8 as "pageSize", 0 as "delayLoadFlag",
                  v.query_fields as "queryFields", v.table_fields as "tableFields"
             from hpfm_lov_view v left join hpfm_lov l on l.lov_code = v.lov_code and l.tenant_id = v.tenant_id
            where v.view_code = $1 and v.tenant_id in (0, $2) and v.enabled_flag = 1 order by v.tenant_id desc limit 1`,
          [(req.query as { viewCode: string }).viewCode, tenantId],
        )
      ).rows[0];
      if (!v) throw notFound(`No LOV view ${(req.query as { viewCode: string }).viewCode}`);
      return { ...v, queryUrl: '/hpfm/v1/{organizationId}/lovs/data', queryFields: v.queryFields ?? [], tableFields: v.tableFields ?? [] };
    });
  }
}
