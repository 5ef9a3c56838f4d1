import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../auth/authenticate.ts';
import type { AuthContext, ServerContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';

interface MenuRow {
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

export interface MenuNode {
  id: number;
  code: string;
  name: string;
  level: string;
  parentId: number;
  rootNode: boolean;
  type: string;
  sort: number;
  icon: string;
  quickIndex: string;
  route: string;
  subMenus: MenuNode[] | null;
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

function toTree(rows: MenuRow[], lang: string): MenuNode[] {
  const nodes = new Map<number, MenuNode>();
  for (const m of rows) {
    nodes.set(m.id, {
      id: m.id,
      code: m.code,
      name: lang === 'en_US' && m.name_en ? m.name_en : m.name,
      level: m.level,
      parentId: m.parent_id ?? 0,
      rootNode: !m.parent_id,
      type: m.type,
      sort: m.sort ?? 0,
      icon: m.icon ?? '',
      quickIndex: m.quick_index ?? '',
      route: m.route ?? '',
      subMenus: null,
    });
  }
  const roots: MenuNode[] = [];
  for (const n of nodes.values()) {
    const parent = n.parentId ? nodes.get(n.parentId) : undefined;
    if (parent) (parent.subMenus ??= []).push(n);
    else roots.push(n);
  }
  return roots;
}

/** The permission codes a role holds: those of its menus (a site role holds all). */
export async function approvedCodes(db: Queryable, auth: Pick<AuthContext, 'roleId' | 'roleLevel'>): Promise<Set<string>> {
  const out = new Set<string>();
  for (const m of await roleMenus(db, auth)) for (const c of m.permission_codes ?? []) out.add(c);
  return out;
}

/** Normalises a code as the original front end does: `/hpfm/value-list.button.create` → `hpfm.value-list.button.create`. */
export const normaliseCode = (code: string) => code.replace(/^\//, '').replace(/\//g, '.').replace(/:/g, '-');

export async function menuRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  app.get('/iam/hzero/v1/menus/tree', async (req) => {
    const a = requireAuth(req);
    // `roldId` (sic) is sent by the original front end and ignored by its server: the token's role decides.
    const lang = String((req.query as Record<string, unknown>).lang ?? a.language);
    return toTree(await roleMenus(ctx.db, a), lang);
  });

  app.post('/iam/hzero/v1/menus/check-permissions', { schema: { body: { type: 'array', maxItems: 2000 } } }, async (req) => {
    const a = requireAuth(req);
    const items = (req.body as unknown[]).map((x) => (typeof x === 'string' ? x : String((x as { code?: unknown })?.code ?? '')));
    const site = a.roleLevel === 'site';
    const codes = site ? new Set<string>() : await approvedCodes(ctx.db, a);
    return items.map((code) => ({ code, approve: site || codes.has(normaliseCode(code)), controllerType: 'hidden' }));
  });
}
