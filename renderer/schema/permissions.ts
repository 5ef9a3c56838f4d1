/**
 * Button permission codes follow the original platform's convention: the page path with
 * slashes as dots, then `.button.<action>` (`/hiam/user` → `hiam.user.button.create`).
 * The seeded catalogue holds these actions for every menu page; `schemas:check` refuses others.
 */
export const STANDARD_PERMISSION_ACTIONS = [
  'create',
  'edit',
  'delete',
  'export',
  'import',
  'submit',
  'release',
  'approve',
  'reject',
  'cancel',
  'close',
  'publish',
  'freeze',
  'unfreeze',
  'reset-password',
  'assign',
  'send',
  'execute',
] as const;

export type PermissionAction = (typeof STANDARD_PERMISSION_ACTIONS)[number];

/** `/hpfm/value-list/list` → `hpfm.value-list.list` */
export function pageCode(route: string): string {
  return route.replace(/^\//, '').replace(/\//g, '.').replace(/:/g, '-');
}

export function permissionCode(route: string, action: PermissionAction): string {
  return `${pageCode(route)}.button.${action}`;
}

/** One route of the catalogue (`schemas/catalogue/routes.json`). */
export interface CatalogueRoute {
  path: string;
  module: string;
  kind: string;
  authorized: boolean;
  public: boolean;
}

/** Routes that get a menu entry: openable pages (no parameters), neither public nor the shell's own. */
export const isMenuRoute = (r: CatalogueRoute): boolean => r.module !== 'shell' && !r.public && !r.path.includes(':');

/**
 * Every permission code the seeded catalogue holds: the standard actions of every menu page. The
 * checker refuses a code outside it, the seed grants from it, so both read this one rule.
 */
export function permissionCatalogue(routes: CatalogueRoute[], special: SpecialMenu[]): Set<string> {
  const pages = [...special.map((s) => s.route), ...routes.filter(isMenuRoute).map((r) => r.path)];
  return new Set(pages.flatMap((route) => STANDARD_PERMISSION_ACTIONS.map((a) => permissionCode(route, a))));
}

/** A menu leaf outside the module folders (`schemas/catalogue/special-menus.json`: the tenant administrator's menu). */
export interface SpecialMenu {
  folder: { code: string; zh: string; en: string };
  code: string;
  route: string;
  zh: string;
  en: string;
}
