import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthContext, ServerContext } from '../context.ts';
import { HttpError } from '../http/errors.ts';
import { cachedReads } from '../db/read-cache.ts';
import { findToken } from './tokens.ts';

/** API paths: `/{service}/v1/...`, `/iam/hzero/...`, `/oauth/...`. Everything else is the UI. */
export function isApiPath(url: string): boolean {
  const path = url.split('?')[0]!;
  return /^\/(oauth|api-docs|api)(\/|$)/.test(path) || /^\/[a-z0-9-]+\/(v\d+|hzero)(\/|$)/.test(path) || path === '/health';
}

const PUBLIC = [/^\/oauth\//, /^\/api-docs/, /^\/health$/, /^\/hpfm\/v1\/prompt\/[A-Za-z_]+$/, /^\/[a-z]+\/v1\/pub\//];

/**
 * The bearer header wins. The `access_token` query parameter and cookie exist for what a browser
 * fetches without headers (file downloads, hidden-form exports, the websocket, images): they count
 * for GET and HEAD only, so a form another application posts with the cookie changes nothing.
 */
export function tokenOf(req: FastifyRequest): string | undefined {
  const h = req.headers.authorization;
  if (h && /^bearer\s+/i.test(h)) return h.replace(/^bearer\s+/i, '').trim();
  if (req.method !== 'GET' && req.method !== 'HEAD') return undefined;
  const q = (req.query as Record<string, unknown> | undefined)?.access_token;
  if (typeof q === 'string' && q) return q;
  const c = req.cookies?.access_token;
  return c || undefined;
}

export async function loadAuthContext(ctx: ServerContext, token: string): Promise<AuthContext | null> {
  // Asked on every call: answered from the read cache while no token, user, role or tenant changed.
  const db = cachedReads(ctx.db);
  const row = await findToken(db, token);
  if (!row) return null;
  // The token's role counts only while it is still assigned and enabled: revoking a role takes effect at once.
  const r = await db.query<{ login_name: string; language: string; enabled_flag: number; code: string; level: string; supplier_flag: number | null; role_tenant: number }>(
    `select u.login_name, u.language, u.enabled_flag, r.code, r.level, r.supplier_flag, r.tenant_id::float8 as role_tenant
       from iam_user u
       join iam_member_role m on m.user_id = u.id and m.role_id = $2
       join iam_role r on r.id = m.role_id and r.enabled_flag = 1
      where u.id = $1`,
    [row.user_id, row.role_id],
  );
  const u = r.rows[0];
  if (!u || u.enabled_flag !== 1) return null;
  const member = await db.query<{ tenant_id: number }>(
    `select distinct r.tenant_id from iam_member_role m join iam_role r on r.id = m.role_id where m.user_id = $1 and r.enabled_flag = 1
     union select organization_id from iam_user where id = $1`,
    [row.user_id],
  );
  const memberTenantIds = member.rows.map((t) => Number(t.tenant_id));
  // What the current role reaches: a site role every tenant; a tenant role only its own tenant,
  // so a user with roles in two tenants never acts in one with the other's role.
  const tenantIds =
    u.level === 'site'
      ? (await db.query<{ tenant_id: number }>('select tenant_id from hpfm_tenant')).rows.map((t) => Number(t.tenant_id))
      : (await db.query<{ tenant_id: number }>('select tenant_id::float8 as tenant_id from iam_role where id = $1', [row.role_id])).rows.map((t) => Number(t.tenant_id));
  // A supplier-side role acts for the companies its user is bound to in the role's tenant, and no others.
  const supplierIds =
    Number(u.supplier_flag) === 1
      ? (
          await db.query<{ id: number }>('select supplier_id::float8 as id from sslm_supplier_user where user_id = $1 and tenant_id = $2 and enabled_flag = 1 order by supplier_id', [
            row.user_id,
            u.role_tenant,
          ])
        ).rows.map((s) => Number(s.id))
      : null;
  return {
    token,
    userId: Number(row.user_id),
    loginName: u.login_name,
    tenantId: Number(row.tenant_id),
    roleId: Number(row.role_id),
    roleCode: u.code,
    roleLevel: u.level,
    tenantIds,
    memberTenantIds,
    language: u.language || 'zh_CN',
    supplierIds,
  };
}

/** Every API call but the public ones needs a live token; 401 otherwise, which sends the UI to sign-in. */
export function installAuthentication(app: FastifyInstance, ctx: ServerContext): void {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (req) => {
    if (!isApiPath(req.url)) return;
    // Form-encoded bodies are what a cross-site form can send without asking: only sign-in takes them.
    const type = String(req.headers['content-type'] ?? '').toLowerCase();
    if (type.startsWith('application/x-www-form-urlencoded') && !/^\/oauth\//.test(req.url)) {
      throw new HttpError(415, 'error.mediaType', 'This call takes a JSON body (application/json), not a form');
    }
    const token = tokenOf(req);
    req.auth = token ? await loadAuthContext(ctx, token) : null;
    const path = req.url.split('?')[0]!;
    if (PUBLIC.some((p) => p.test(path))) return;
    if (!req.auth) throw new HttpError(401, 'error.unauthorized', token ? 'The access token is invalid or expired' : 'Sign-in required');
  });
}

export function requireAuth(req: FastifyRequest): AuthContext {
  if (!req.auth) throw new HttpError(401, 'error.unauthorized', 'Sign-in required');
  return req.auth;
}
