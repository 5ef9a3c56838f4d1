import type { MenuItem } from './menu-types.ts';

/** The menu entries from the top of the tree down to the entry `id` (empty when it is not in the tree): the breadcrumb. */
export function menuTrail(menu: MenuItem[], id: number): MenuItem[] {
  for (const m of menu) {
    if (m.id === id) return [m];
    const below = menuTrail(m.children, id);
    if (below.length) return [m, ...below];
  }
  return [];
}
