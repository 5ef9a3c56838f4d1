import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.ts';
import { approvedCodes, type MenuRow, normaliseCode, roleMenus } from '../../auth/role-grants.ts';
import { defineRoute } from '../../http/module-route.ts';

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

export async function menuRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  defineRoute(app, ctx, { method: 'GET', url: '/iam/hzero/v1/menus/tree', level: 'user' }, async (req, scope) => {
    const a = scope.auth;
    // `roldId` (sic) is sent by the original front end and ignored by its server: the token's role decides.
    const lang = String((req.query as Record<string, unknown>).lang ?? a.language);
    return toTree(await roleMenus(ctx.db, a), lang);
  });

  defineRoute(app, ctx, { method: 'POST', url: '/iam/hzero/v1/menus/check-permissions', level: 'user', schema: { body: { type: 'array', maxItems: 2000 } } }, async (req, scope) => {
    const a = scope.auth;
    const items = (req.body as unknown[]).map((x) => (typeof x === 'string' ? x : String((x as { code?: unknown })?.code ?? '')));
    const site = a.roleLevel === 'site';
    const codes = site ? new Set<string>() : await approvedCodes(ctx.db, a);
    return items.map((code) => ({ code, approve: site || codes.has(normaliseCode(code)), controllerType: 'hidden' }));
  });
}
