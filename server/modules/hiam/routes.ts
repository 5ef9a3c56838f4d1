import type { RouteGroup } from '../../http/route-group.ts';
import { menuRoutes } from './menus.ts';
import { iamPasswordRoutes } from './passwords.ts';
import { iamRoleMenuRoutes } from './role-menus.ts';
import { iamUserImportRoutes } from './user-import.ts';
import { iamUserRoutes } from './users.ts';
import { usersSelfRoutes } from './users-self.ts';

/** Identity and access beyond generic CRUD: the signed-in user, passwords, users' roles and state, role menus, sub-account import, menus. */
export const routes: RouteGroup[] = [usersSelfRoutes, iamPasswordRoutes, iamUserRoutes, iamRoleMenuRoutes, iamUserImportRoutes, menuRoutes];
