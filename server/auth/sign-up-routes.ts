import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.ts';
import { DEFAULT_RULES, passwordViolation, policyOf } from './password-policy.ts';
import { authPage, escape } from './login-page.ts';
import { crossSite, safeRedirect } from './oauth-routes.ts';
import { hashPassword } from './passwords.ts';

/** The role a person who signs up holds: the company registration, invitations, partners, messages (docs/decisions.md, spfm). */
const ROLE = 'REGISTRANT';
const LOGIN = /^[A-Za-z0-9_.@-]{4,40}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface Form {
  loginName?: string;
  realName?: string;
  email?: string;
  phone?: string;
  password?: string;
  confirmPassword?: string;
  /** Hidden from people (off-screen, not in the tab order); a form-filling robot fills it. */
  website?: string;
  redirect_uri?: string;
}

function signUpPage(p: { redirectUri: string; values?: Form; error?: { field: string; message: string } }): string {
  const v = p.values ?? {};
  const field = (name: keyof Form, label: string, attrs: string) => {
    const invalid = p.error?.field === name;
    return `<label for="${name}">${label}</label>
<input id="${name}" name="${name}" ${attrs}${attrs.includes('type="password"') ? '' : ` value="${escape(v[name] ?? '')}"`}${invalid ? ' aria-invalid="true" aria-describedby="sign-up-error"' : ''}>`;
  };
  return authPage(
    'Register',
    `<form method="post" action="/oauth/public/sign-up" novalidate>
<h1>Register · 注册账号</h1>
<input type="hidden" name="redirect_uri" value="${escape(p.redirectUri)}">
${field('loginName', 'Username · 用户名', 'autocomplete="username" required autofocus maxlength="40"')}
${field('realName', 'Your name · 姓名', 'autocomplete="name" required maxlength="60"')}
${field('email', 'Email · 邮箱', 'type="email" autocomplete="email" required maxlength="120"')}
${field('phone', 'Mobile (optional) · 手机（选填）', 'type="tel" autocomplete="tel" maxlength="30"')}
${field('password', 'Password · 密码', 'type="password" autocomplete="new-password" required maxlength="60"')}
${field('confirmPassword', 'Password again · 确认密码', 'type="password" autocomplete="new-password" required maxlength="60"')}
<div class="trap" aria-hidden="true"><label for="website">Website</label><input id="website" name="website" tabindex="-1" autocomplete="off"></div>
${p.error ? `<div class="error" role="alert" id="sign-up-error">${escape(p.error.message)}</div>` : ''}
<button type="submit">Create account · 创建账号</button>
<p class="more"><a href="/oauth/oauth/authorize?response_type=token&amp;client_id=client&amp;redirect_uri=${escape(encodeURIComponent(p.redirectUri))}">Sign in instead · 返回登录</a></p>
</form>`,
  );
}

/**
 * Self sign-up (issue 22: a company that is nobody's supplier yet starts from nothing): a person
 * creates an account of the sign-up tenant with the company-registrant role, then signs in and
 * registers the company. A page the server writes, like sign-in, and posted as a form like it:
 * refused from other sites, a name taken or a password the tenant's policy refuses are said on the
 * page with what was typed kept (never the password), a hidden field catches form robots, and one
 * address creates a few accounts an hour at most. No mail is sent (the platform has no outgoing
 * mail here), so an address is not verified: the certification of the company is the check.
 */
export async function signUpRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const { db, config } = ctx;
  const perHour = config.signUpsPerHour ?? 5;
  const recent = new Map<string, number[]>();
  // A new account's language and time zone: the user entity's declared defaults.
  const defaults = Object.fromEntries((ctx.entities.get('user')?.fields ?? []).filter((f) => f.default !== undefined).map((f) => [f.name, f.default])) as { language?: string; timeZone?: string };
  const tenantOf = async () =>
    config.signUpTenant ? (await db.query<{ id: number }>('select tenant_id::float8 as id from hpfm_tenant where tenant_num = $1 and enabled_flag = 1', [config.signUpTenant])).rows[0]?.id : undefined;

  app.get('/oauth/public/sign-up', async (req, reply) => {
    if ((await tenantOf()) === undefined) return reply.status(404).type('text/plain; charset=utf-8').send('Sign-up is not open on this server');
    const q = req.query as Record<string, string | undefined>;
    return reply.type('text/html; charset=utf-8').send(signUpPage({ redirectUri: safeRedirect(req, q.redirect_uri ?? '/', config.allowedRedirectHosts) }));
  });

  app.post('/oauth/public/sign-up', async (req, reply) => {
    const tenantId = await tenantOf();
    if (tenantId === undefined) return reply.status(404).type('text/plain; charset=utf-8').send('Sign-up is not open on this server');
    const body = (req.body ?? {}) as Form;
    const redirectUri = safeRedirect(req, String(body.redirect_uri ?? '/'), config.allowedRedirectHosts);
    const values: Form = { loginName: String(body.loginName ?? '').trim(), realName: String(body.realName ?? '').trim(), email: String(body.email ?? '').trim(), phone: String(body.phone ?? '').trim() };
    const refuse = (status: number, field: string, message: string) => reply.status(status).type('text/html; charset=utf-8').send(signUpPage({ redirectUri, values, error: { field, message } }));

    if (crossSite(req, config.allowedRedirectHosts)) return refuse(403, 'loginName', 'Register on this site’s own page · 请在本站注册页注册');
    const now = Date.now();
    // Addresses seen over an hour ago are forgotten, so a stream of new addresses cannot grow the map for ever.
    if (recent.size > 10_000) for (const [ip, times] of recent) if (!times.some((t) => now - t < 3_600_000)) recent.delete(ip);
    const mine = (recent.get(req.ip) ?? []).filter((t) => now - t < 3_600_000);
    recent.set(req.ip, mine);
    if (mine.length >= perHour) return refuse(429, 'loginName', 'Too many accounts from this address; try again in an hour · 此地址注册过于频繁，请一小时后再试');
    if (body.website) return refuse(400, 'website', 'The form was not filled in by a person · 表单填写异常');
    const login = values.loginName!;
    if (!LOGIN.test(login)) return refuse(400, 'loginName', 'A username has 4 to 40 letters, digits or _ . @ - · 用户名为4至40位字母、数字或 _ . @ -');
    if (!values.realName) return refuse(400, 'realName', 'Your name is required · 请填写姓名');
    if (!EMAIL.test(values.email!) || values.email!.length > 120) return refuse(400, 'email', 'An email address is required, like name@company.com · 请填写有效邮箱');
    if (values.phone && !/^\+?[0-9 -]{5,30}$/.test(values.phone)) return refuse(400, 'phone', 'A mobile number has digits only · 手机号只能包含数字');
    const password = String(body.password ?? '');
    const rules = (await policyOf(db, tenantId)) ?? DEFAULT_RULES;
    const weak = passwordViolation(rules, password, login);
    if (weak) return refuse(400, 'password', `${weak.en} · ${weak.zh}`);
    if (password !== String(body.confirmPassword ?? '')) return refuse(400, 'confirmPassword', 'The two passwords differ · 两次输入的密码不一致');

    const hash = await hashPassword(password);
    const created = await db.transaction(async (tx) => {
      const taken = await tx.query('select 1 from iam_user where lower(login_name) = lower($1)', [login]);
      if (taken.rows.length) return false;
      const role = (await tx.query<{ id: number }>('select id::float8 as id from iam_role where code = $1 and tenant_id = $2 and enabled_flag = 1', [ROLE, tenantId])).rows[0];
      if (!role) throw new Error(`tenant ${String(config.signUpTenant)} has no enabled ${ROLE} role for sign-ups`);
      const u = (
        await tx.query<{ id: number }>(
          `insert into iam_user (login_name, real_name, email, phone, organization_id, language, time_zone, enabled_flag, start_date_active, password_hash, default_role_id)
           values ($1, $2, $3, $4, $5, $6, $7, 1, current_date, $8, $9) returning id::float8 as id`,
          [login, values.realName, values.email, values.phone || null, tenantId, defaults.language ?? 'zh_CN', defaults.timeZone ?? 'GMT+8', hash, role.id],
        )
      ).rows[0]!;
      await tx.query('insert into iam_member_role (user_id, role_id) values ($1, $2)', [u.id, role.id]);
      await tx.query(
        `insert into iam_password_history (tenant_id, user_id, login_name, change_type, changed_by, change_date, password_hash, created_by, last_updated_by)
         values ($1, $2, $3, 'CREATE', $3, now(), $4, $2, $2)`,
        [tenantId, u.id, login, hash],
      );
      return true;
    });
    if (!created) return refuse(400, 'loginName', `The username ${login} is taken; choose another · 用户名 ${login} 已被使用`);
    mine.push(now);
    return reply.redirect(`/oauth/oauth/authorize?response_type=token&client_id=client&redirect_uri=${encodeURIComponent(redirectUri)}&registered=${encodeURIComponent(login)}`, 303);
  });
}
