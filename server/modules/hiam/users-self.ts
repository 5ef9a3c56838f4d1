import type { FastifyInstance } from 'fastify';
import { updateTokenContext } from '../../auth/tokens.ts';
import type { ServerContext } from '../../context.ts';
import { BusinessError, forbidden } from '../../http/errors.ts';
import { contextFacts } from '../../resources/fill.ts';
import { defineRoute } from '../../http/module-route.ts';

const LANGUAGE_NAMES: Record<string, string> = { zh_CN: '简体中文', en_US: 'English' };

/**
 * A role's name in the user's language (their saved one, which the language switch writes before
 * the shell reloads these): roles keep the original's name plus an English `name_en`, as menus do.
 */
const roleName = (role: string, user: string) => `case when coalesce(${user}.language, 'zh_CN') = 'en_US' then coalesce(nullif(${role}.name_en, ''), ${role}.name) else ${role}.name end`;

/** Current user, tenants, roles and the switches of §7.3, with the original platform's field names. */
export async function usersSelfRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const { db } = ctx;

  defineRoute(app, ctx, { method: 'GET', url: '/iam/hzero/v1/users/self', level: 'user' }, async (req, scope) => {
    const a = scope.auth;
    const u = (
      await db.query<Record<string, unknown>>(
        `select u.id::float8 as id, u.login_name as "loginName", u.real_name as "realName", u.email, u.phone,
                u.organization_id::float8 as "organizationId", u.language, u.time_zone as "timeZone", u.date_format as "dateFormat", u.avatar_uuid as "imageUrl",
                t.tenant_name as "tenantName", t.tenant_num as "tenantNum",
                ${roleName('r', 'u')} as "currentRoleName", r.code as "currentRoleCode", r.level as "currentRoleLevel"
           from iam_user u, hpfm_tenant t, iam_role r
          where u.id = $1 and t.tenant_id = $2 and r.id = $3`,
        [a.userId, a.tenantId, a.roleId],
      )
    ).rows[0];
    if (!u) throw new BusinessError('hiam.warn.user.selfError', 'The user, role or tenant is disabled', 'error');
    const language = String(u.language || 'zh_CN');
    return {
      ...u,
      tenantId: a.tenantId,
      currentRoleId: a.roleId,
      language,
      languageName: LANGUAGE_NAMES[language] ?? language,
      timeZone: u.timeZone || 'GMT+8',
      // The user's chosen format (user info page), else §9's.
      dateFormat: u.dateFormat || 'YYYY-MM-DD',
      timeFormat: 'HH:mm:ss',
      dateTimeFormat: `${String(u.dateFormat || 'YYYY-MM-DD')} HH:mm:ss`,
      changePasswordFlag: 0,
      roleMergeFlag: 0,
      // What new records' `fill` fields take (their company, department, currency …): the form shows what the server would fill.
      fills: await contextFacts(db, a.userId, a.tenantId),
    };
  });

  defineRoute(app, ctx, { method: 'GET', url: '/iam/hzero/v1/users/self-tenants', level: 'user' }, async (req, scope) => {
    const a = scope.auth;
    const home = (await db.query<{ organization_id: number }>('select organization_id::float8 as organization_id from iam_user where id = $1', [a.userId])).rows[0];
    const r = await db.query<Record<string, unknown>>(
      `select tenant_id::float8 as "tenantId", tenant_num as "tenantNum", tenant_name as "tenantName" from hpfm_tenant
        where tenant_id = any($1::bigint[]) and enabled_flag = 1 order by tenant_id`,
      [a.roleLevel === 'site' ? a.tenantIds : a.memberTenantIds],
    );
    return r.rows.map((t) => ({ ...t, userId: a.userId, defaultTenantId: home?.organization_id ?? a.tenantId }));
  });

  defineRoute(app, ctx, { method: 'GET', url: '/iam/hzero/v1/member-roles/self-roles', level: 'user' }, async (req, scope) => {
    const a = scope.auth;
    const r = await db.query<Record<string, unknown>>(
      `select r.id::float8 as id, ${roleName('r', 'u')} as name, r.code, r.level, r.tenant_id::float8 as "tenantId", t.tenant_name as "tenantName", t.tenant_num as "tenantNum",
              r.enabled_flag = 1 as "isEnabled"
         from iam_member_role m join iam_role r on r.id = m.role_id join iam_user u on u.id = m.user_id left join hpfm_tenant t on t.tenant_id = r.tenant_id
        where m.user_id = $1 and r.enabled_flag = 1 and (r.level = 'site' or r.tenant_id = $2) order by r.id`,
      [a.userId, a.tenantId],
    );
    return r.rows;
  });

  const switchRole = async (userId: number, token: string, roleId: number) => {
    const r = await db.query<{ tenant_id: number }>(
      'select r.tenant_id::float8 as tenant_id from iam_member_role m join iam_role r on r.id = m.role_id where m.user_id = $1 and m.role_id = $2 and r.enabled_flag = 1',
      [userId, roleId],
    );
    if (!r.rows[0]) throw forbidden('The role is not assigned to you');
    await updateTokenContext(db, token, { roleId });
    await db.query('update iam_user set default_role_id = $2 where id = $1', [userId, roleId]);
  };

  for (const p of ['/iam/v1/users/roles', '/iam/hzero/v1/users/roles']) {
    defineRoute(app, ctx, { method: 'PUT', url: p, level: 'user', schema: { querystring: { type: 'object', required: ['roleId'], properties: { roleId: { type: 'integer' } } } } }, async (req, scope) => {
      const a = scope.auth;
      await switchRole(a.userId, a.token, (req.query as { roleId: number }).roleId);
      return {};
    });
  }

  for (const p of ['/iam/v1/users/tenant-id', '/iam/hzero/v1/users/tenant-id']) {
    defineRoute(app, ctx, { method: 'PUT', url: p, level: 'user', schema: { querystring: { type: 'object', required: ['tenantId'], properties: { tenantId: { type: 'integer' } } } } }, async (req, scope) => {
      const a = scope.auth;
      const tenantId = (req.query as { tenantId: number }).tenantId;
      if (!a.tenantIds.includes(tenantId) && !a.memberTenantIds.includes(tenantId)) throw forbidden('The tenant is not yours');
      // A new tenant means a role of that tenant (or keep a site role, which spans tenants).
      const role = (
        await db.query<{ id: number }>(
          `select r.id::float8 as id from iam_member_role m join iam_role r on r.id = m.role_id
            where m.user_id = $1 and r.enabled_flag = 1 and (r.tenant_id = $2 or r.level = 'site') order by (r.id = $3) desc, r.id limit 1`,
          [a.userId, tenantId, a.roleId],
        )
      ).rows[0];
      await updateTokenContext(db, a.token, { tenantId, roleId: role?.id ?? a.roleId });
      return {};
    });
  }

  defineRoute(app, ctx, { method: 'PUT', url: '/iam/hzero/v1/users/default-language', level: 'user' }, async (req, scope) => {
    const a = scope.auth;
    const q = { ...(req.query as Record<string, unknown>), ...((req.body as Record<string, unknown>) ?? {}) };
    const language = String(q.language ?? '');
    if (!/^[a-z]{2}_[A-Z]{2}$/.test(language)) throw new BusinessError('error.validation', 'language must look like zh_CN', 'error');
    await db.query('update iam_user set language = $2 where id = $1', [a.userId, language]);
    return {};
  });

  // The spec lists GET /api/users (a leftover of the original's mock layer): answer with the caller only.
  defineRoute(app, ctx, { method: 'GET', url: '/api/users', level: 'user' }, async (req, scope) => {
    const a = scope.auth;
    return [{ id: a.userId, loginName: a.loginName }];
  });
}
