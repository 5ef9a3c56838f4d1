import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.ts';
import { iamPasswordRoutes } from './iam-passwords.ts';
import { iamRoleMenuRoutes } from './iam-role-menus.ts';
import { iamUserImportRoutes } from './iam-user-import.ts';
import { iamUserRoutes } from './iam-users.ts';

/** Identity and access calls beyond generic CRUD: passwords, users' roles and state, role menus, sub-account import. */
export async function iamRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  await iamPasswordRoutes(app, ctx);
  await iamUserRoutes(app, ctx);
  await iamRoleMenuRoutes(app, ctx);
  await iamUserImportRoutes(app, ctx);
}
