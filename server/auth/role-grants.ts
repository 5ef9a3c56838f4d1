// What a role holds, read by the generic permission checks and operation guards as well as by the
// menu routes: core, so the checks do not depend on the hiam module.
import type { AuthContext } from '../context.ts';
import type { Queryable } from '../db/database.ts';

/** An `iam_menu` row, as the menu tree and the permission checks read it. */
export interface MenuRow {
  id: number;
  code: string;
  name: string;
  name_en: string | null;
  parent_id: number | null;
  type: string;
  level: string;
  route: string | null;
  icon: string | null;
  sort: number | null;
  quick_index: string | null;
  permission_codes: string[] | null;
}

/** Menus the current role may open: a site role sees all, other roles their assigned menus and the folders above them. */
export async function roleMenus(db: Queryable, auth: Pick<AuthContext, 'roleId' | 'roleLevel'>): Promise<MenuRow[]> {
  const all = (
    await db.query<MenuRow>(
      `select id::float8 as id, code, name, name_en, parent_id::float8 as parent_id, type, level, route, icon, sort::float8 as sort, quick_index, permission_codes
         from iam_menu where enabled_flag = 1 order by sort, id`,
    )
  ).rows;
  if (auth.roleLevel === 'site') return all;
  const granted = new Set(
    (await db.query<{ menu_id: number }>('select menu_id::float8 as menu_id from iam_role_menu where role_id = $1', [auth.roleId])).rows.map((r) => r.menu_id),
  );
  const byId = new Map(all.map((m) => [m.id, m]));
  const keep = new Set<number>();
  for (const id of granted) {
    for (let m = byId.get(id); m && !keep.has(m.id); m = m.parent_id ? byId.get(m.parent_id) : undefined) keep.add(m.id);
  }
  return all.filter((m) => keep.has(m.id));
}

/** The permission codes a role holds: those of its menus (a site role holds all). */
export async function approvedCodes(db: Queryable, auth: Pick<AuthContext, 'roleId' | 'roleLevel'>): Promise<Set<string>> {
  const out = new Set<string>();
  for (const m of await roleMenus(db, auth)) for (const c of m.permission_codes ?? []) out.add(c);
  return out;
}

/** Normalises a code as the original front end does: `/hpfm/value-list.button.create` → `hpfm.value-list.button.create`. */
export const normaliseCode = (code: string) => code.replace(/^\//, '').replace(/\//g, '.').replace(/:/g, '-');
