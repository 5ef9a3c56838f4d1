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
