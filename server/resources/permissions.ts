import type { EntityDecl } from '../../renderer/schema/entity.ts';
import type { AuthContext } from '../context.ts';
import type { Queryable } from '../db/database.ts';
import { forbidden } from '../http/errors.ts';
import { approvedCodes, normaliseCode, roleMenus } from '../platform/menus.ts';

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
  if (routes.length) {
    const held = new Set((await roleMenus(db, auth)).map((m) => m.route).filter(Boolean));
    if (routes.some((r) => held.has(r))) return;
  }
  throw forbidden(access === 'write' ? `Your role may not change ${e.name} records` : `Your role may not view ${e.name} records`);
}

/** A status transition that names a permission code needs the role to hold it (site roles hold all). */
export async function checkPermissionCode(db: Queryable, auth: AuthContext, code: string | undefined, what: string): Promise<void> {
  if (!code || auth.roleLevel === 'site') return;
  if ((await approvedCodes(db, auth)).has(normaliseCode(code))) return;
  throw forbidden(`Your role may not ${what}`);
}
