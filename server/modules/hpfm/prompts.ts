import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context.ts';
import { defineRoute } from '../../http/module-route.ts';

/**
 * Prompt bundles: a flat map `promptKey.promptCode → text` for a language. A tenant's own
 * prompts override the platform's, so an administrator's edit shows after a language reload.
 */
export async function promptRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const bundle = async (req: FastifyRequest, tenantId: number) => {
    const lang = (req.params as { lang: string }).lang;
    const raw = (req.query as Record<string, unknown>).promptKey;
    const keys = String(raw).split(',').filter(Boolean);
    const r = await ctx.db.query<{ k: string; description: string }>(
      `select prompt_key || '.' || prompt_code as k, description from hpfm_prompt
        where lang = $1 and tenant_id in (0, $2) and prompt_key = any($3::text[])
        order by tenant_id asc`,
      [lang, tenantId, keys],
    );
    const out: Record<string, string> = {};
    for (const row of r.rows) out[row.k] = row.description; // tenant rows come last and win
    return out;
  };
  const langParam = { type: 'object', properties: { lang: { type: 'string', pattern: '^[a-z]{2}[_-][A-Za-z]{2}$' } } };
  // HZERO requires the prompt keys (`hzero.common,hiam.user`); so does this server, so a caller that forgets them fails here too.
  const keyQuery = { type: 'object', required: ['promptKey'], properties: { promptKey: { type: 'string', minLength: 1, maxLength: 8000, pattern: '^[A-Za-z0-9_.-]+(,[A-Za-z0-9_.-]+)*$' } } };
  // The sign-in page reads the platform's texts before anyone signs in (auth/authenticate.ts lists the path as public).
  defineRoute(app, ctx, { method: 'GET', url: '/hpfm/v1/prompt/:lang', auth: false, schema: { params: langParam, querystring: keyQuery } }, async (req) => bundle(req, 0));
  defineRoute(app, ctx, { method: 'GET', url: '/hpfm/v1/:tenantId/prompt/:lang', schema: { params: langParam, querystring: keyQuery } }, async (req, scope) => bundle(req, scope.tenantId!));
}
