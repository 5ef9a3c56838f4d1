import type { EntityDecl } from '../../renderer/schema/entity.ts';
import type { AuthContext } from '../context.ts';
import type { Queryable } from '../db/database.ts';
import { cachedReads } from '../db/read-cache.ts';
import { forbidden } from '../http/errors.ts';
import { approvedCodes, normaliseCode } from '../auth/role-grants.ts';

export type Access = 'read' | 'write';

const list = (v: string | string[] | undefined): string[] | undefined => (v === undefined ? undefined : Array.isArray(v) ? v : [v]);

/**
 * The menu routes that open an entity for `access`, or undefined when the declaration does not
 * restrict it. Holding a write route also grants reading.
 */
export function requiredRoutes(e: EntityDecl, access: Access): string[] | undefined {
  const write = list(e.permissions?.write);
  if (access === 'write') return write;
  const read = list(e.permissions?.read);
  return read && [...read, ...(write ?? [])];
}

/**
 * Server-side counterpart of the menus the UI shows: a tenant-level role may use an entity's
 * generic paths only when it holds one of the entity's declared menus. Site roles hold every menu.
 */
export async function checkEntityAccess(db: Queryable, e: EntityDecl, auth: AuthContext, access: Access): Promise<void> {
  const routes = requiredRoutes(e, access);
  if (!routes || auth.roleLevel === 'site') return;
  if (routes.length && (await holdsAnyRoute(db, auth.roleId, routes))) return;
  throw forbidden(access === 'write' ? `Your role may not change ${e.name} records` : `Your role may not view ${e.name} records`);
}

/**
 * Whether the role holds a menu (granted, or a folder above a granted one, as roleMenus counts
 * them) with one of `routes`. Asked on every entity call, so the database answers it directly
 * instead of the whole menu table coming back each time.
 */
export async function holdsAnyRoute(db: Queryable, roleId: number, routes: string[]): Promise<boolean> {
  const r = await cachedReads(db).query(
    `with recursive held(id, parent_id, route) as (
       select m.id, m.parent_id, m.route from iam_role_menu rm join iam_menu m on m.id = rm.menu_id and m.enabled_flag = 1 where rm.role_id = $1
       union
       select p.id, p.parent_id, p.route from iam_menu p join held h on p.id = h.parent_id where p.enabled_flag = 1
     ) select 1 from held where route = any($2::text[]) limit 1`,
    [roleId, routes],
  );
  return r.rows.length > 0;
}

/** A status transition that names a permission code needs the role to hold it (site roles hold all). */
export async function checkPermissionCode(db: Queryable, auth: AuthContext, code: string | undefined, what: string): Promise<void> {
  if (!code || auth.roleLevel === 'site') return;
  if ((await approvedCodes(db, auth)).has(normaliseCode(code))) return;
  throw forbidden(`Your role may not ${what}: it needs the permission code ${normaliseCode(code)}`);
}
