import catalogue from './role-menus.json' with { type: 'json' };
import type { Queryable } from '../db/database.ts';
import { insertRows } from './insert.ts';

type Grant = string | string[];

/**
 * The demo roles' menus, as data (`role-menus.json`): by role code, `*` (every menu) or the modules
 * whose menus the role gets, where an entry with a slash grants the routes under it and `@name`
 * the entries of a shared group (every person's own workflow pages, a buyer's screens).
 */
function entries(grant: Grant): string[] | '*' {
  if (grant === '*') return '*';
  return [grant].flat().flatMap((x) => (x.startsWith('@') ? (entries((catalogue as Record<string, Grant>)[x]!) as string[]) : [x]));
}

/** Grants the catalogue's menus to every tenant role it names that has none yet (site roles see everything anyway). */
export async function grantRoleMenus(db: Queryable): Promise<void> {
  const menus = (await db.query<{ id: number; route: string }>("select id::float8 as id, route from iam_menu where route is not null and route <> '' order by id")).rows;
  const roles = (
    await db.query<{ id: number; code: string }>(
      "select id::float8 as id, code from iam_role r where level <> 'site' and code = any($1::text[]) and not exists (select 1 from iam_role_menu g where g.role_id = r.id) order by id",
      [Object.keys(catalogue).filter((k) => !k.startsWith('@'))],
    )
  ).rows;
  const grants = roles.flatMap((r) => {
    const list = roleModules(r.code);
    return menus
      .filter((m) => list === '*' || list.some((x) => (x.includes('/') ? m.route.startsWith(`/${x}/`) || m.route === `/${x}` : x === m.route.split('/')[1])))
      .map((m) => ({ role_id: r.id, menu_id: m.id }));
  });
  await insertRows(db, 'iam_role_menu', grants);
}

/** What the catalogue grants a role code: `*` or the modules and routes, groups spelled out. */
export const roleModules = (code: string): string[] | '*' => entries((catalogue as Record<string, Grant>)[code] ?? []);
