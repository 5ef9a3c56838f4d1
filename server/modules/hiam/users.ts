import type { FastifyInstance } from 'fastify';
import type { AuthContext, ServerContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { badRequest, BusinessError, notFound } from '../../http/errors.ts';
import { registerHooks } from '../../resources/hooks.ts';
import { type Access, checkEntityAccess } from '../../resources/permissions.ts';
import { EntityRepository } from '../../resources/repository.ts';
import { pageParams } from '../../resources/list-query.ts';
import { toPage } from '../../../renderer/schema/wire/page.ts';
import { selectList } from '../../resources/rows.ts';
import type { Scope } from '../../resources/scope.ts';
import { addMeanings } from '../../resources/lov-values.ts';
import { managedUser } from './passwords.ts';
import { defineRoute } from '../../http/module-route.ts';

type Row = Record<string, unknown>;

const tenantParam = { tenantId: { type: 'integer' } };
const PREFIXES = [
  ['/iam/hzero/v1', false],
  ['/iam/hzero/v1/:tenantId', true],
] as const;

const en = (a: AuthContext) => a.language === 'en_US';

/** Free-text filters of the hand-written lists: case-insensitive substring, values bound as parameters. */
function likeFilters(q: Record<string, unknown>, columns: Record<string, string>, params: unknown[]): string[] {
  const out: string[] = [];
  for (const [name, col] of Object.entries(columns)) {
    const v = q[name];
    if (v === undefined || v === null || v === '') continue;
    params.push(`%${String(v).replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    out.push(`${col}::text ilike $${params.length}`);
  }
  return out;
}

/**
 * Roles a caller may hand out in a scope: on a tenant path the enabled tenant-level roles of that
 * tenant; on a site path (a site administrator) every enabled role.
 */
function assignableRoleWhere(scope: Scope, params: unknown[], alias = 'r', enabledOnly = true): string {
  const enabled = enabledOnly ? `${alias}.enabled_flag = 1` : 'true';
  if (scope.tenantId === null) return enabled;
  params.push(scope.tenantId);
  return `${enabled} and ${alias}.level <> 'site' and ${alias}.tenant_id = $${params.length}`;
}

/** A data authority shows whose it is: login and real name are copied from the user it names. */
async function userNames(tx: Queryable, userId: unknown): Promise<{ loginName: string; realName: string }> {
  const u = (await tx.query<{ loginName: string; realName: string }>('select login_name as "loginName", real_name as "realName" from iam_user where id = $1', [userId])).rows[0];
  if (!u) throw badRequest(`userId ${String(userId)} is not a user`);
  return u;
}
registerHooks('userAuthority', {
  async beforeCreate(values, { tx }) {
    Object.assign(values, await userNames(tx, values.userId));
  },
  async afterWrite(row, action, { tx }) {
    if (action !== 'update') return;
    const names = await userNames(tx, row.userId);
    if (names.loginName === row.loginName && names.realName === row.realName) return;
    await tx.query('update iam_user_authority set login_name = $2, real_name = $3 where authority_id = $1', [row.authorityId, names.loginName, names.realName]);
    Object.assign(row, names);
  },
});

/**
 * Users' roles, tenants, freezing, their own profile and sign-in log:
 * - `GET .../member-roles/user-roles/{userId}`, `GET .../users/{userId}/assignable-roles`,
 *   `POST .../users/{userId}/roles` (a role or a list), `DELETE .../users/{userId}/roles/{roleId}`,
 *   and the original platform's `POST .../member-roles/batch-assign` / `DELETE .../member-roles/batch-delete`;
 * - `GET .../users/{id}/tenants` (the tenants a user reaches: home tenant and the tenants of their roles);
 * - `POST .../users/{id}/frozen|unfrozen|unlocked`;
 * - `PUT /iam/hzero/v1/users/self` (own realName, email, phone, language, timeZone, dateFormat);
 * - `GET .../audit-logins/self` (sign-ins: all of the scope for user administrators, else one's own).
 * Every call exists at `/iam/hzero/v1/...` (site) and `/iam/hzero/v1/{tenantId}/...` (tenant).
 */
export async function iamUserRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const { db } = ctx;
  const userEntity = ctx.entities.get('user')!;
  const roleEntity = ctx.entities.get('role')!;
  const tenantEntity = ctx.entities.get('tenant')!;
  const loginLogEntity = ctx.entities.get('loginLog')!;
  const users = new EntityRepository(userEntity, ctx);

  const params = (tenant: boolean, extra: Record<string, unknown>) => ({ type: 'object', properties: { ...(tenant ? tenantParam : {}), ...extra }, required: Object.keys(extra) });
  const id = { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER };
  const listQuery = { type: 'object', properties: { page: { type: 'integer', minimum: 0 }, size: { type: 'integer', minimum: 1 } } };

  /** Assigns roles to a user inside a scope; roles already held are skipped. */
  async function assign(tx: Queryable, scope: Scope, userId: number, roleIds: number[]) {
    await managedUser(tx, scope, userId);
    for (const roleId of roleIds) {
      const p: unknown[] = [roleId];
      const ok = (await tx.query(`select 1 from iam_role r where r.id = $1 and ${assignableRoleWhere(scope, p)}`, p)).rows.length;
      if (!ok) throw new BusinessError('hiam.warn.role.notAssignable', en(scope.auth) ? `Role ${roleId} cannot be assigned here` : `角色 ${roleId} 不可分配`, 'warn');
      await tx.query('insert into iam_member_role (user_id, role_id) values ($1, $2) on conflict do nothing', [userId, roleId]);
    }
  }

  /** Takes roles from a user; a tenant administrator only takes roles of their tenant. */
  async function unassign(tx: Queryable, scope: Scope, userId: number, roleIds: number[]) {
    await managedUser(tx, scope, userId);
    for (const roleId of roleIds) {
      const p: unknown[] = [roleId];
      const ok = (await tx.query(`select 1 from iam_role r where r.id = $1 and ${assignableRoleWhere(scope, p, 'r', false)}`, p)).rows.length;
      if (!ok) throw notFound(`role ${roleId} not found`);
      if (userId === scope.auth.userId && roleId === scope.auth.roleId) {
        throw new BusinessError('hiam.warn.role.removeCurrent', en(scope.auth) ? 'You cannot take away the role you are using' : '不能移除当前正在使用的角色', 'warn');
      }
      await tx.query('delete from iam_member_role where user_id = $1 and role_id = $2', [userId, roleId]);
    }
  }

  const idsOf = (body: unknown, key: string): number[] => {
    const items = Array.isArray(body) ? body : [body];
    return items.map((x) => Number(typeof x === 'object' && x ? (x as Row)[key] : x)).filter((n) => Number.isSafeInteger(n) && n > 0);
  };
  const roleItems = { type: 'object', properties: { id: id, roleId: id }, additionalProperties: true };

  for (const [prefix, tenant] of PREFIXES) {
    const userAccess = (access: Access) => ({ level: tenant ? 'tenant' : 'site', entity: 'user', access }) as const;
    // The roles a user holds, as role rows.
    defineRoute(app, ctx, { method: 'GET', url: `${prefix}/member-roles/user-roles/:userId`, ...userAccess('read'), schema: { params: params(tenant, { userId: id }), querystring: listQuery } }, async (req, scope) => {
      const userId = (req.params as { userId: number }).userId;
      await managedUser(db, scope, userId);
      const q = req.query as Row;
      const { page, size } = pageParams(q);
      const p: unknown[] = [userId];
      const where = ['m.user_id = $1', ...likeFilters(q, { code: 't.code', name: 't.name' }, p)];
      const total = Number((await db.query<{ n: number }>(`select count(*)::int as n from iam_role t join iam_member_role m on m.role_id = t.id where ${where.join(' and ')}`, p)).rows[0]!.n);
      const rows = (
        await db.query<Row>(`select ${selectList(roleEntity)} from iam_role t join iam_member_role m on m.role_id = t.id where ${where.join(' and ')} order by t.id limit ${size} offset ${page * size}`, p)
      ).rows;
      await addMeanings(db, rows, roleEntity.fields, scope.tenantId ?? scope.auth.tenantId, scope.auth.language);
      return toPage(rows, page, size, total);
    });

    // Roles the caller may still give this user.
    defineRoute(app, ctx, { method: 'GET', url: `${prefix}/users/:userId/assignable-roles`, ...userAccess('write'), schema: { params: params(tenant, { userId: id }), querystring: listQuery } }, async (req, scope) => {
      const userId = (req.params as { userId: number }).userId;
      await managedUser(db, scope, userId);
      const q = req.query as Row;
      const { page, size } = pageParams(q);
      const p: unknown[] = [userId];
      const where = [
        'not exists (select 1 from iam_member_role m where m.user_id = $1 and m.role_id = t.id)',
        assignableRoleWhere(scope, p, 't'),
        ...likeFilters(q, { code: 't.code', name: 't.name' }, p),
      ];
      const total = Number((await db.query<{ n: number }>(`select count(*)::int as n from iam_role t where ${where.join(' and ')}`, p)).rows[0]!.n);
      const rows = (await db.query<Row>(`select ${selectList(roleEntity)} from iam_role t where ${where.join(' and ')} order by t.id limit ${size} offset ${page * size}`, p)).rows;
      await addMeanings(db, rows, roleEntity.fields, scope.tenantId ?? scope.auth.tenantId, scope.auth.language);
      return toPage(rows, page, size, total);
    });

    defineRoute(
      app,
      ctx,
      { method: 'POST', url: `${prefix}/users/:userId/roles`, ...userAccess('write'), schema: { params: params(tenant, { userId: id }), body: { anyOf: [roleItems, { type: 'array', maxItems: 500, items: roleItems }] } } },
      async (req, scope) => {
        const userId = (req.params as { userId: number }).userId;
        const roleIds = idsOf(req.body, 'id');
        await db.transaction((tx) => assign(tx, scope, userId, roleIds));
        return { userId, assigned: roleIds.length };
      },
    );

    defineRoute(app, ctx, { method: 'DELETE', url: `${prefix}/users/:userId/roles/:roleId`, ...userAccess('write'), schema: { params: params(tenant, { userId: id, roleId: id }) } }, async (req, scope) => {
      const { userId, roleId } = req.params as { userId: number; roleId: number };
      await db.transaction((tx) => unassign(tx, scope, userId, [roleId]));
      return {};
    });

    const memberItems = { type: 'array', maxItems: 500, items: { type: 'object', required: ['roleId', 'memberId'], properties: { roleId: id, memberId: id, memberType: { type: 'string' } } } };
    defineRoute(app, ctx, { method: 'POST', url: `${prefix}/member-roles/batch-assign`, ...userAccess('write'), schema: { params: params(tenant, {}), body: memberItems } }, async (req, scope) => {
      const items = req.body as Array<{ roleId: number; memberId: number }>;
      await db.transaction(async (tx) => {
        for (const it of items) await assign(tx, scope, it.memberId, [it.roleId]);
      });
      return items;
    });
    defineRoute(app, ctx, { method: 'DELETE', url: `${prefix}/member-roles/batch-delete`, ...userAccess('write'), schema: { params: params(tenant, {}), body: memberItems } }, async (req, scope) => {
      const items = req.body as Array<{ roleId: number; memberId: number }>;
      await db.transaction(async (tx) => {
        for (const it of items) await unassign(tx, scope, it.memberId, [it.roleId]);
      });
      return {};
    });

    // The tenants a user reaches, as authenticate.ts computes them: the home tenant and those of enabled roles.
    defineRoute(app, ctx, { method: 'GET', url: `${prefix}/users/:id/tenants`, ...userAccess('read'), schema: { params: params(tenant, { id }), querystring: listQuery } }, async (req, scope) => {
      const u = await managedUser(db, scope, (req.params as { id: number }).id);
      const { page, size } = pageParams(req.query as Row);
      const rows = (
        await db.query<Row>(
          `select ${selectList(tenantEntity)} from hpfm_tenant t
            where t.tenant_id in (select r.tenant_id from iam_member_role m join iam_role r on r.id = m.role_id where m.user_id = $1 and r.enabled_flag = 1
                                  union select $2::bigint)
            order by t.tenant_id`,
          [u.id, u.organizationId],
        )
      ).rows;
      return toPage(rows.slice(page * size, page * size + size), page, size, rows.length);
    });

    const freezeLike = (action: 'frozen' | 'unfrozen' | 'unlocked') =>
      defineRoute(app, ctx, { method: 'POST', url: `${prefix}/users/:id/${action}`, ...userAccess('write'), schema: { params: params(tenant, { id }) } }, async (req, scope) => {
        const u = await managedUser(db, scope, (req.params as { id: number }).id);
        if (action === 'frozen' && u.id === scope.auth.userId) {
          throw new BusinessError('hiam.warn.user.freezeSelf', en(scope.auth) ? 'You cannot freeze yourself' : '不能冻结当前登录用户', 'warn');
        }
        await db.transaction(async (tx) => {
          const set = action === 'unlocked' ? 'failed_count = 0, locked_until = null' : `enabled_flag = ${action === 'frozen' ? 0 : 1}`;
          await tx.query(`update iam_user set ${set}, object_version_number = object_version_number + 1, last_update_date = now(), last_updated_by = $2 where id = $1`, [
            u.id,
            scope.auth.userId,
          ]);
          // A frozen user's sessions end now, not when their tokens expire.
          if (action === 'frozen') await tx.query('update oauth_token set revoked = true where user_id = $1', [u.id]);
          await tx.query(
            `insert into hpfm_audit_log (tenant_id, entity_name, record_id, action, user_id, login_name, changes, audit_date) values ($1, 'user', $2, $3, $4, $5, $6, now())`,
            [u.organizationId, u.id, action.toUpperCase(), scope.auth.userId, scope.auth.loginName, JSON.stringify({ enabledFlag: action === 'frozen' ? 0 : action === 'unfrozen' ? 1 : undefined })],
          );
        });
        return users.get(scope, u.id);
      });
    freezeLike('frozen');
    freezeLike('unfrozen');
    freezeLike('unlocked');

    // Sign-ins: a user administrator sees every sign-in of the scope, anyone else their own.
    const logQuery = {
      type: 'object',
      properties: {
        page: { type: 'integer', minimum: 0 },
        size: { type: 'integer', minimum: 1 },
        sort: { type: 'array', items: { type: 'string', maxLength: 200 } },
        loginName: { type: 'string', maxLength: 120 },
        loginResult: { type: 'string', maxLength: 20 },
        loginIp: { type: 'string', maxLength: 60 },
        loginDateFrom: { type: 'string', maxLength: 20 },
        loginDateTo: { type: 'string', maxLength: 20 },
      },
    };
    // HZERO's path is the platform service's `/hpfm/v1/audit-logins/self`; ours under iam stays for older callers.
    // Its `self` path has no tenant segment and serves every user: a tenant-level role reads its current tenant's log.
    for (const url of [`${prefix}/audit-logins/self`, ...(tenant ? [] : ['/hpfm/v1/audit-logins/self'])]) {
      // The platform's `self` path serves every user: a site role spans the tenants, anyone else reads their current tenant's log.
      const level = tenant ? 'tenant' : url === '/hpfm/v1/audit-logins/self' ? 'platform' : 'site';
      defineRoute(app, ctx, { method: 'GET', url: url, level, schema: { params: params(tenant, {}), querystring: logQuery } }, async (req, scope) => {
        const q = { ...(req.query as Row) };
        let admin = true;
        try {
          await checkEntityAccess(db, loginLogEntity, scope.auth, 'read');
        } catch {
          admin = false;
        }
        if (!admin) q.userId = scope.auth.userId;
        else delete q.userId;
        return new EntityRepository(loginLogEntity, ctx).list(scope, q);
      });
    }
  }

  /** The profile fields `GET /iam/hzero/v1/users/self` also answers, after an update. */
  const selfShape = async (a: AuthContext) =>
    (
      await db.query<Row>(
        `select u.id::float8 as id, u.login_name as "loginName", u.real_name as "realName", u.email, u.phone, u.organization_id::float8 as "organizationId",
                u.language, u.time_zone as "timeZone", u.date_format as "dateFormat", u.avatar_uuid as "imageUrl", t.tenant_name as "tenantName", t.tenant_num as "tenantNum",
                u.object_version_number as "objectVersionNumber"
           from iam_user u left join hpfm_tenant t on t.tenant_id = $2 where u.id = $1`,
        [a.userId, a.tenantId],
      )
    ).rows[0]!;

  defineRoute(
    app,
    ctx,
    {
      method: 'PUT',
      url: '/iam/hzero/v1/users/self',
      level: 'user',
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          properties: {
            realName: { type: 'string', minLength: 1, maxLength: 60 },
            email: { type: ['string', 'null'], maxLength: 120, pattern: '^$|^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$' },
            phone: { type: ['string', 'null'], maxLength: 30 },
            language: { type: 'string', pattern: '^[a-z]{2}_[A-Z]{2}$' },
            timeZone: { type: 'string', maxLength: 10 },
            dateFormat: { type: ['string', 'null'], maxLength: 20 },
          },
        },
      },
    },
    async (req, scope) => {
      const a = scope.auth;
      const body = req.body as Row;
      const sets: string[] = [];
      const values: unknown[] = [a.userId];
      for (const [field, col] of [
        ['realName', 'real_name'],
        ['email', 'email'],
        ['phone', 'phone'],
        ['language', 'language'],
        ['timeZone', 'time_zone'],
        ['dateFormat', 'date_format'],
      ] as const) {
        if (body[field] === undefined) continue;
        values.push(body[field] === '' ? null : body[field]);
        sets.push(`${col} = $${values.length}`);
      }
      // Unknown properties are dropped by validation: a body left with none of these changes nothing and is refused.
      if (!sets.length) throw Object.assign(badRequest('body names none of realName, email, phone, language, timeZone, dateFormat'), { field: 'body' });
      for (const [field, lov] of [
        ['language', 'HPFM.LANGUAGE'],
        ['timeZone', 'HPFM.TIME_ZONE'],
        ['dateFormat', 'HPFM.DATE_FORMAT'],
      ] as const) {
        // A cleared date format goes back to the language's default; the others must hold a value.
        if (body[field] === undefined || (field === 'dateFormat' && (body[field] === null || body[field] === ''))) continue;
        const ok = (await db.query('select 1 from hpfm_lov_value where lov_code = $1 and value = $2 and enabled_flag = 1', [lov, body[field]])).rows.length;
        if (!ok) throw new BusinessError('error.lov.value', `${field} ${String(body[field])} is not a value of ${lov}`, 'warn');
      }
      if (sets.length) {
        await db.query(`update iam_user set ${sets.join(', ')}, object_version_number = object_version_number + 1, last_update_date = now(), last_updated_by = $1 where id = $1`, values);
      }
      return selfShape(a);
    },
  );

}
