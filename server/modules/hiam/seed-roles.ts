import { insertRows } from '../../seed/insert.ts';
import { grantRoleMenus } from '../../seed/role-menus.ts';
import { ROLES } from '../../seed/platform-seed.ts';
import { rng } from '../../../renderer/schema/seed/rng.ts';
import type { SeedStep } from '../../seed/seed.ts';

/**
 * The business roles of a manufacturing tenant (and a few in the second) are fixed rows of
 * schemas/entities/hiam/role.json, their menus in server/seed/role-menus.json: this step grants
 * them and gives some of the generated users a second one, so the role screens page.
 */
export const step: SeedStep = {
  version: 'seed:hiam-roles:v1',
  async run(tx) {
    await grantRoleMenus(tx);
    const business = (
      await tx.query<{ id: number; tenant: number; enabled: number }>(
        'select id::float8 as id, tenant_id::float8 as tenant, enabled_flag as enabled from iam_role where tenant_id in (1, 2) and not (code = any($1::text[])) order by id',
        [ROLES.map((r) => r.code)],
      )
    ).rows;
    const demoRoles = business.filter((x) => x.tenant === 1 && x.enabled === 1).map((x) => x.id);
    const secondRoles = business.filter((x) => x.tenant === 2).map((x) => x.id);
    const r = rng(7100);
    // Generated users (not the demo accounts) get a second role now and then.
    const generated = (
      await tx.query<{ id: number; organization_id: number }>(
        `select id::float8 as id, organization_id::float8 as organization_id from iam_user
          where login_name not in ('admin', 'sysadmin', 'buyer', 'supplier', 'expert', 'approver', 'admin2', 'buyer2') order by id`,
      )
    ).rows;
    const members: Array<Record<string, unknown>> = [];
    for (const u of generated) {
      if (r.next() < 0.5) continue;
      members.push({ user_id: u.id, role_id: r.pick(u.organization_id === 2 ? secondRoles : demoRoles) });
    }
    await insertRows(tx, 'iam_member_role', members);
  },
};
