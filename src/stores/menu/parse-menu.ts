import type { MenuItem, MenuLeaf, ServerMenu } from './menu-types.ts';

const SYS_ADMIN_LEAVES = ['sys.account', 'sys.role', 'svc.dev.value-list'];

/** §6: SYS_ADMINISTRATOR keeps only leaves whose codes end with these, and their parents. */
export function filterForRole(tree: ServerMenu[], roleCode: string | undefined): ServerMenu[] {
  if (roleCode !== 'SYS_ADMINISTRATOR') return tree;
  const keep = (m: ServerMenu): ServerMenu | undefined => {
    const kids = (m.subMenus ?? []).map(keep).filter((x): x is ServerMenu => !!x);
    if (kids.length) return { ...m, subMenus: kids };
    const isLeaf = !m.subMenus?.length;
    return isLeaf && SYS_ADMIN_LEAVES.some((s) => m.code.endsWith(s)) ? m : undefined;
  };
  return tree.map(keep).filter((x): x is ServerMenu => !!x);
}

const isAbsolute = (p: string) => p.startsWith('/') || /^https?:\/\//.test(p);

/**
 * Server menus → shell menus: a relative child path is prefixed by its parent's path, and
 * a child inherits its parent's authority (§2.19).
 */
export function parseMenu(tree: ServerMenu[], parentPath = '', parentAuthority?: string[]): MenuItem[] {
  return tree.map((m) => {
    const route = m.route ?? '';
    const path = !route ? '' : isAbsolute(route) ? route : `${parentPath.replace(/\/$/, '')}/${route}`;
    const authority = parentAuthority;
    return {
      id: m.id,
      name: m.code,
      title: m.name,
      icon: m.icon || undefined,
      path,
      parentId: m.parentId,
      quickIndex: m.quickIndex,
      authority,
      children: parseMenu(m.subMenus ?? [], path || parentPath, authority),
    };
  });
}

/** Leaves with their translated titles: what the menu search box searches. */
export function menuLeaves(menu: MenuItem[], translate: (key: string, fallback: string) => string = (_k, f) => f): MenuLeaf[] {
  const out: MenuLeaf[] = [];
  const walk = (items: MenuItem[]) => {
    for (const m of items) {
      if (m.children.length) walk(m.children);
      else if (m.path) out.push({ name: m.name, title: translate(m.name, m.title), path: m.path, id: m.id });
    }
  };
  walk(menu);
  return out;
}
