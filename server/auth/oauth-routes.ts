import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.ts';
import { lockoutRule } from './password-policy.ts';
import { loginPage } from './login-page.ts';
import { verifyPassword } from './passwords.ts';
import { issueToken, revokeToken, TOKEN_LIFETIME_SECONDS } from './tokens.ts';
import { tokenOf } from './authenticate.ts';

/** A redirect may only go back to this server or to a configured dev host: no open redirect. */
export function safeRedirect(req: FastifyRequest, uri: string, allowed: string[]): string {
  if (!uri) return '/';
  // A path on this server; not `//host` or `/\host`, which browsers read as another host (they
  // also drop tabs and newlines first, so `/\t/host` is `//host`).
  if (/^\/(?![/\\])/.test(uri) && ![...uri].some((c) => c === '\\' || c.charCodeAt(0) < 32)) return uri;
  try {
    const u = new URL(uri);
    if (/^https?:$/.test(u.protocol) && (u.host === req.headers.host || allowed.includes(u.host))) return uri;
  } catch {
    /* fall through */
  }
  return '/';
}

/**
 * Whether a sign-in was posted by another site (login CSRF: signing the victim in as the attacker).
 * Browsers send `Origin` on every cross-origin POST and `Sec-Fetch-Site`; a request with neither
 * (a script, an old browser) is not a browser's cross-site form and goes on.
 */
export function crossSite(req: FastifyRequest, allowed: string[]): boolean {
  if (req.headers['sec-fetch-site'] === 'cross-site') return true;
  const origin = req.headers.origin;
  if (origin === undefined) return false;
  try {
    const host = new URL(origin).host;
    // `Host: site:80` (or `:443`) and `Origin: http://site` are the same site.
    const bare = (h: string) => h.replace(/:(80|443)$/, '');
    return !(bare(host) === bare(String(req.headers.host ?? '')) || allowed.includes(host));
  } catch {
    return true; // `Origin: null` (a sandboxed frame, a file) or garbage
  }
}

/** A well-formed hash of no real password, checked against when the user does not exist. */
const DUMMY_HASH = `scrypt$16384$${'0'.repeat(32)}$${'0'.repeat(64)}`;

interface UserRow {
  id: number;
  password_hash: string;
  enabled_flag: number;
  locked_until: string | null;
  failed_count: number | null;
  organization_id: number;
}

/**
 * OAuth 2 implicit grant as the original platform exposes it: GET
 * `/oauth/oauth/authorize?response_type=token&client_id=&redirect_uri=` shows the sign-in
 * page; a good password redirects to `redirect_uri#access_token=...&token_type=bearer&expires_in=3600`.
 */
export async function oauthRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const { db, config } = ctx;

  app.get('/oauth/oauth/authorize', async (req, reply) => {
    const q = req.query as Record<string, string | undefined>;
    reply.type('text/html; charset=utf-8');
    // Back from the sign-up page: the new account's name filled in, and a word that it exists.
    const registered = q.registered?.slice(0, 40);
    return loginPage({
      redirectUri: q.redirect_uri ?? '/',
      clientId: q.client_id ?? 'client',
      signUp: !!config.signUpTenant,
      ...(registered ? { username: registered, notice: 'Your account is ready: sign in to register your company · 账号已创建，请登录后注册企业' } : {}),
    });
  });

  app.post('/oauth/oauth/login', async (req, reply) => {
    const body = (req.body ?? {}) as Record<string, string | undefined>;
    const username = String(body.username ?? '').trim();
    const password = String(body.password ?? '');
    const redirectUri = safeRedirect(req, String(body.redirect_uri ?? '/'), config.allowedRedirectHosts);
    const fail = (error: string, status = 401) =>
      reply.status(status).type('text/html; charset=utf-8').send(loginPage({ redirectUri, clientId: String(body.client_id ?? 'client'), error, username, signUp: !!config.signUpTenant }));

    if (crossSite(req, config.allowedRedirectHosts)) return fail('Sign in from this site’s own sign-in page', 403);

    const u = (
      await db.query<UserRow>(
        `select id, password_hash, enabled_flag, locked_until, failed_count, organization_id from iam_user where lower(login_name) = lower($1)`,
        [username],
      )
    ).rows[0];
    const log = (success: boolean, reason: string) =>
      db.query(`insert into iam_login_log (user_id, login_name, login_result, login_message, login_ip, login_date, tenant_id) values ($1,$2,$3,$4,$5,now(),$6)`, [
        u?.id ?? null,
        username,
        success ? 'SUCCESS' : 'FAILURE',
        reason,
        req.ip,
        u?.organization_id ?? 0,
      ]);
    if (!u) {
      // Spend the same scrypt time as a real check, so response times do not reveal which names exist.
      await verifyPassword(password, DUMMY_HASH);
      await log(false, 'unknown user');
      return fail('Invalid username or password');
    }
    if (u.locked_until && new Date(u.locked_until) > new Date()) {
      await log(false, 'locked');
      return fail('The account is locked after repeated failed sign-ins; try again later', 423);
    }
    if (!(await verifyPassword(password, u.password_hash))) {
      const failed = (u.failed_count ?? 0) + 1;
      // The password policy of the user's tenant decides the lockout; without one, the server's settings.
      const rule = await lockoutRule(db, Number(u.organization_id), config);
      const lock = rule.enabled && failed >= rule.maxFailed;
      await db.query(
        `update iam_user set failed_count = $2, locked_until = case when $3 then now() + make_interval(mins => $4) else null end where id = $1`,
        [u.id, lock ? 0 : failed, lock, rule.minutes],
      );
      await log(false, 'bad password');
      return fail(lock ? 'The account is locked after repeated failed sign-ins; try again later' : 'Invalid username or password');
    }
    if (u.enabled_flag !== 1) {
      await log(false, 'frozen');
      return fail('The account is frozen; contact your administrator', 403);
    }
    // The default role: the last used one if still assigned, otherwise the first by id.
    const role = (
      await db.query<{ id: number; tenant_id: number }>(
        `select r.id, r.tenant_id from iam_member_role m join iam_role r on r.id = m.role_id
          where m.user_id = $1 and r.enabled_flag = 1 order by (r.id = (select default_role_id from iam_user where id = $1)) desc, r.id limit 1`,
        [u.id],
      )
    ).rows[0];
    if (!role) {
      await log(false, 'no role');
      return fail('The account has no role; contact your administrator', 403);
    }
    await db.query('update iam_user set failed_count = 0, locked_until = null, last_login_date = now() where id = $1', [u.id]);
    await log(true, 'ok');
    const token = await issueToken(db, u.id, Number(role.tenant_id), Number(role.id));
    const sep = redirectUri.includes('#') ? '&' : '#';
    return reply.redirect(`${redirectUri}${sep}access_token=${token}&token_type=bearer&expires_in=${TOKEN_LIFETIME_SECONDS}`, 302);
  });

  const logout = async (req: FastifyRequest, reply: import('fastify').FastifyReply) => {
    const token = tokenOf(req);
    if (token) await revokeToken(db, token);
    reply.clearCookie('access_token', { path: '/' });
    const q = req.query as Record<string, string | undefined>;
    const back = safeRedirect(req, q.redirect_uri ?? '', config.allowedRedirectHosts);
    if (req.method === 'GET' && q.redirect_uri) return reply.redirect(`/oauth/oauth/authorize?response_type=token&client_id=client&redirect_uri=${encodeURIComponent(back)}`, 302);
    return { success: true };
  };
  app.get('/oauth/logout', logout);
  app.post('/oauth/logout', logout);
}
