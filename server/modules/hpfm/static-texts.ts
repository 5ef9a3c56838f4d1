import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.ts';
import { selectList } from '../../resources/rows.ts';
import { scopeTenant } from '../../http/call-scope.ts';
import { defineRoute } from '../../http/module-route.ts';

/**
 * `GET /hpfm/v1/[{tenantId}/]static-texts/text/by-code/nullable?textCode=&lang=`: the text in
 * force today in the language asked (default the caller's). The tenant's own text wins over the
 * platform's. "Nullable" means a missing text is an empty body `{}`, never an error: login and
 * registration pages show whatever is there.
 */
export async function staticTextRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const entity = ctx.entities.get('staticText');
  if (!entity) throw new Error('entity staticText is not declared (schemas/entities/hpfm/static-text.json)');
  const schema = {
    params: { type: 'object', properties: { tenantId: { type: 'integer' } } },
    querystring: {
      type: 'object',
      required: ['textCode'],
      properties: { textCode: { type: 'string', minLength: 1, maxLength: 60 }, lang: { type: 'string', pattern: '^[a-z]{2}_[A-Z]{2}$' } },
    },
  };
  for (const prefix of ['/hpfm/v1', '/hpfm/v1/:tenantId']) {
    defineRoute(app, ctx, { method: 'GET', url: `${prefix}/static-texts/text/by-code/nullable`, level: 'platform', schema }, async (req, scope) => {
      const q = req.query as { textCode: string; lang?: string };
      const tenantId = scopeTenant(scope);
      const row = (
        await ctx.db.query<Record<string, unknown>>(
          `select ${selectList(entity)} from hpfm_static_text t
            where t.text_code = $1 and t.lang = $2 and t.tenant_id in (0, $3)
              and (t.start_date is null or t.start_date <= current_date) and (t.end_date is null or t.end_date >= current_date)
            order by (t.tenant_id = $3) desc, t.text_id desc limit 1`,
          [q.textCode, q.lang ?? scope.auth.language, tenantId],
        )
      ).rows[0];
      return row ?? {};
    });
  }
}
