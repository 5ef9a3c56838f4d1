import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context.ts';
import { forbidden } from '../../http/errors.ts';

/**
 * Prompt bundles: a flat map `promptKey.promptCode → text` for a language. A tenant's own
 * prompts override the platform's, so an administrator's edit shows after a language reload.
 */
export async function promptRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const bundle = async (req: FastifyRequest, tenantId: number) => {
    const lang = (req.params as { lang: string }).lang;
    const raw = (req.query as Record<string, unknown>).promptKey;
    const keys = raw === undefined ? [] : (Array.isArray(raw) ? raw : String(raw).split(',')).map(String).filter(Boolean);
    const r = await ctx.db.query<{ k: string; description: string }>(
      `select prompt_key || '.' || prompt_code as k, description from hpfm_prompt
        where lang = $1 and tenant_id in (0, $2) and (cardinality($3::text[]) = 0 or prompt_key = any($3::text[]))
        order by tenant_id asc`,
      [lang, tenantId, keys],
    );
    const out: Record<string, string> = {};
    for (const row of r.rows) out[row.k] = row.description; // tenant rows come last and win
    return out;
  };
  const langParam = { type: 'object', properties: { lang: { type: 'string', pattern: '^[a-z]{2}[_-][A-Za-z]{2}$' } } };
  app.get('/hpfm/v1/prompt/:lang', { schema: { params: langParam } }, async (req) => bundle(req, 0));
  app.get('/hpfm/v1/:tenantId/prompt/:lang', { schema: { params: langParam } }, async (req) => {
    const t = Number((req.params as Record<string, string>).tenantId);
    if (!req.auth?.tenantIds.includes(t)) throw forbidden(`No access to tenant ${t}`);
    return bundle(req, t);
  });
}
