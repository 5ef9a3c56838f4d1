import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { BusinessError, notFound } from '../../http/errors.ts';
import type { Access } from '../../resources/permissions.ts';
import { pageParams } from '../../resources/list-query.ts';
import { toPage } from '../../../renderer/schema/wire/page.ts';
import { selectList } from '../../resources/rows.ts';
import type { Scope } from '../../resources/scope.ts';
import { addMeanings } from '../../resources/lov-values.ts';
import { roleMenus } from '../../auth/role-grants.ts';
import { defineRoute } from '../../http/module-route.ts';

type Row = Record<string, unknown>;

interface RoleRow {
  id: number;
  level: string;
  tenant_id: number;
}

/** A role the scope may manage: on a tenant path a tenant-level role of that tenant. */
async function roleInScope(db: Queryable, scope: Scope, roleId: number): Promise<RoleRow> {
  const params: unknown[] = [roleId];
  let where = 'id = $1';
  if (scope.tenantId !== null) {
    params.push(scope.tenantId);
    where += ` and tenant_id = $2 and level <> 'site'`;
  }
  const r = (await db.query<RoleRow>(`select id::float8 as id, level, tenant_id::float8 as tenant_id from iam_role where ${where}`, params)).rows[0];
  if (!r) throw notFound(`role ${roleId} not found`);
  return r;
}

/**
 * A role's menus (`iam_role_menu`), which decide the menu tree and permission codes its users get
 * after sign-in (see auth/role-grants.ts roleMenus):
 * - `GET .../roles/{roleId}/menus`: the assigned leaves, in menu-tree order, with the folder's name
 *   as `parentIdMeaning`; `GET .../roles/{roleId}/assignable-menus`: the leaves not yet assigned;
 * - `POST .../roles/{roleId}/menus` (a menu or a list) adds, `PUT` replaces the whole set,
 *   `DELETE .../roles/{roleId}/menus/{menuId}` (or `DELETE .../menus` with a list) removes;
 * - `GET .../roles/{roleId}/users`: the users holding the role.
 * A tenant administrator only hands out menus their own role holds; site roles hold every menu
 * already and are not assigned any.
 */
export async function iamRoleMenuRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const { db } = ctx;
  const menuEntity = ctx.entities.get('menu')!;
  const userEntity = ctx.entities.get('user')!;
  const id = { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER };
  const listQuery = {
    type: 'object',
    properties: {
      page: { type: 'integer', minimum: 0 },
      size: { type: 'integer', minimum: 1 },
      code: { type: 'string', maxLength: 128 },
      name: { type: 'string', maxLength: 120 },
      route: { type: 'string', maxLength: 240 },
      loginName: { type: 'string', maxLength: 40 },
      realName: { type: 'string', maxLength: 60 },
    },
  };
  const menuItem = { type: 'object', properties: { id, menuId: id }, additionalProperties: true };
  const menuBody = { anyOf: [menuItem, { type: 'array', maxItems: 2000, items: { anyOf: [id, menuItem] } }] };

  // The role must be one the scope reaches (a record check): asked after the declared access.
  const roleOf = async (req: FastifyRequest, scope: Scope) => ({ role: await roleInScope(db, scope, (req.params as { roleId: number }).roleId) });
  const menuIds = (body: unknown): number[] =>
    (Array.isArray(body) ? body : [body])
      .map((x) => Number(typeof x === 'object' && x ? ((x as Row).menuId ?? (x as Row).id) : x))
      .filter((n) => Number.isSafeInteger(n) && n > 0);

  /** Only leaves (pages) are assigned: folders follow from them. A tenant caller only gives what they hold. */
  async function checkGrantable(tx: Queryable, scope: Scope, role: RoleRow, ids: number[]) {
    const en = scope.auth.language === 'en_US';
    if (role.level === 'site') throw new BusinessError('hiam.warn.role.siteMenus', en ? 'A platform-level role holds every menu' : '平台级角色默认拥有全部菜单，无需分配', 'warn');
    if (!ids.length) return;
    const leaves = new Set(
      (await tx.query<{ id: number }>(`select id::float8 as id from iam_menu where id = any($1::bigint[]) and type not in ('root', 'dir')`, [ids])).rows.map((r) => r.id),
    );
    const bad = ids.find((m) => !leaves.has(m));
    if (bad !== undefined) throw new BusinessError('hiam.warn.menu.notLeaf', en ? `Menu ${bad} is not a page that can be assigned` : `菜单 ${bad} 不是可分配的页面`, 'warn');
    if (scope.auth.roleLevel !== 'site') {
      const held = new Set((await roleMenus(tx, scope.auth)).map((m) => Number(m.id)));
      const missing = ids.find((m) => !held.has(m));
      if (missing !== undefined) throw new BusinessError('hiam.warn.menu.notHeld', en ? `You cannot assign menu ${missing}: your role does not hold it` : `不能分配菜单 ${missing}：当前角色未拥有该菜单`, 'warn');
    }
  }

  /** Menu leaves as `menu` rows, with the folder name for display. */
  async function menuPage(scope: Scope, q: Row, where: string[], params: unknown[]) {
    const { page, size } = pageParams(q);
    for (const [name, col] of [
      ['code', 't.code'],
      ['name', 't.name'],
      ['route', 't.route'],
    ] as const) {
      const v = q[name];
      if (v === undefined || v === '') continue;
      params.push(`%${String(v).replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      where.push(`(${col} ilike $${params.length}${name === 'name' ? ` or t.name_en ilike $${params.length}` : ''})`);
    }
    const w = `where t.type not in ('root', 'dir') and ${where.join(' and ') || 'true'}`;
    const total = Number((await db.query<{ n: number }>(`select count(*)::int as n from iam_menu t ${w}`, params)).rows[0]!.n);
    const en = scope.auth.language === 'en_US';
    const rows = (
      await db.query<Row>(
        `select ${selectList(menuEntity)}, ${en ? "coalesce(nullif(p.name_en, ''), p.name)" : 'p.name'} as "parentIdMeaning"
           from iam_menu t left join iam_menu p on p.id = t.parent_id ${w}
          order by coalesce(p.sort, t.sort), t.sort, t.id limit ${size} offset ${page * size}`,
        params,
      )
    ).rows;
    if (en) for (const r of rows) if (r.nameEn) r.name = r.nameEn;
    await addMeanings(db, rows, menuEntity.fields, scope.tenantId ?? scope.auth.tenantId, scope.auth.language);
    return toPage(rows, page, size, total);
  }

  for (const [prefix, tenant] of [
    ['/iam/hzero/v1', false],
    ['/iam/hzero/v1/:tenantId', true],
  ] as const) {
    const params = (extra: Record<string, unknown>) => ({
      type: 'object',
      required: Object.keys(extra),
      properties: { ...(tenant ? { tenantId: { type: 'integer' } } : {}), ...extra },
    });
    const base = `${prefix}/roles/:roleId`;
    const roleAccess = (access: Access) => ({ level: tenant ? 'tenant' : 'site', entity: 'role', access }) as const;

    defineRoute(app, ctx, { method: 'GET', url: `${base}/menus`, ...roleAccess('read'), schema: { params: params({ roleId: id }), querystring: listQuery } }, async (req, scope) => {
      const { role } = await roleOf(req, scope);
      return menuPage(scope, req.query as Row, ['t.id in (select menu_id from iam_role_menu where role_id = $1)'], [role.id]);
    });

    defineRoute(app, ctx, { method: 'GET', url: `${base}/assignable-menus`, ...roleAccess('write'), schema: { params: params({ roleId: id }), querystring: listQuery } }, async (req, scope) => {
      const { role } = await roleOf(req, scope);
      const where = ['t.enabled_flag = 1', 't.id not in (select menu_id from iam_role_menu where role_id = $1)'];
      const p: unknown[] = [role.id];
      if (scope.auth.roleLevel !== 'site') {
        p.push((await roleMenus(db, scope.auth)).map((m) => Number(m.id)));
        where.push(`t.id = any($${p.length}::bigint[])`);
      }
      return menuPage(scope, req.query as Row, where, p);
    });

    defineRoute(app, ctx, { method: 'POST', url: `${base}/menus`, ...roleAccess('write'), schema: { params: params({ roleId: id }), body: menuBody } }, async (req, scope) => {
      const { role } = await roleOf(req, scope);
      const ids = menuIds(req.body);
      await db.transaction(async (tx) => {
        await checkGrantable(tx, scope, role, ids);
        for (const m of ids) await tx.query('insert into iam_role_menu (role_id, menu_id) values ($1, $2) on conflict do nothing', [role.id, m]);
      });
      return { roleId: role.id, assigned: ids.length };
    });

    defineRoute(app, ctx, { method: 'PUT', url: `${base}/menus`, ...roleAccess('write'), schema: { params: params({ roleId: id }), body: { type: 'array', maxItems: 2000, items: { anyOf: [id, menuItem] } } } }, async (req, scope) => {
      const { role } = await roleOf(req, scope);
      const ids = [...new Set(menuIds(req.body))];
      await db.transaction(async (tx) => {
        await checkGrantable(tx, scope, role, ids);
        // A tenant administrator's replacement leaves the menus they cannot see untouched.
        if (scope.auth.roleLevel === 'site') await tx.query('delete from iam_role_menu where role_id = $1', [role.id]);
        else {
          const held = (await roleMenus(tx, scope.auth)).map((m) => Number(m.id));
          await tx.query('delete from iam_role_menu where role_id = $1 and menu_id = any($2::bigint[])', [role.id, held]);
        }
        for (const m of ids) await tx.query('insert into iam_role_menu (role_id, menu_id) values ($1, $2) on conflict do nothing', [role.id, m]);
      });
      return { roleId: role.id, assigned: ids.length };
    });

    const remove = async (req: FastifyRequest, scope: Scope, ids: number[]) => {
      const { role } = await roleOf(req, scope);
      if (role.level === 'site') await checkGrantable(db, scope, role, []);
      await db.query('delete from iam_role_menu where role_id = $1 and menu_id = any($2::bigint[])', [role.id, ids]);
      return {};
    };
    defineRoute(app, ctx, { method: 'DELETE', url: `${base}/menus/:menuId`, ...roleAccess('write'), schema: { params: params({ roleId: id, menuId: id }) } }, async (req, scope) => remove(req, scope, [(req.params as { menuId: number }).menuId]));
    defineRoute(app, ctx, { method: 'DELETE', url: `${base}/menus`, ...roleAccess('write'), schema: { params: params({ roleId: id }), body: { type: 'array', maxItems: 2000, items: { anyOf: [id, menuItem] } } } }, async (req, scope) =>
      remove(req, scope, menuIds(req.body)),
    );

    // HZERO's path for a role's users is `member-roles/role-users/{roleId}`; ours stays for older callers.
    for (const url of [`${base}/users`, `${prefix}/member-roles/role-users/:roleId`]) {
      defineRoute(app, ctx, { method: 'GET', url, ...roleAccess('read'), schema: { params: params({ roleId: id }), querystring: listQuery } }, async (req, scope) => {
        const { role } = await roleOf(req, scope);
        const q = req.query as Row;
        const { page, size } = pageParams(q);
        const p: unknown[] = [role.id];
        const where = ['t.id in (select user_id from iam_member_role where role_id = $1)'];
        for (const [name, col] of [
          ['loginName', 't.login_name'],
          ['realName', 't.real_name'],
        ] as const) {
          const v = q[name];
          if (v === undefined || v === '') continue;
          p.push(`%${String(v).replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
          where.push(`${col} ilike $${p.length}`);
        }
        const w = where.join(' and ');
        const total = Number((await db.query<{ n: number }>(`select count(*)::int as n from iam_user t where ${w}`, p)).rows[0]!.n);
        const rows = (await db.query<Row>(`select ${selectList(userEntity)} from iam_user t where ${w} order by t.id limit ${size} offset ${page * size}`, p)).rows;
        await addMeanings(db, rows, userEntity.fields, scope.tenantId ?? scope.auth.tenantId, scope.auth.language);
        return toPage(rows, page, size, total);
      });
    }
  }
}
