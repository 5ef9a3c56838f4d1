import { insertRows } from '../../seed/insert.ts';
import { rng } from '../../../renderer/schema/seed/rng.ts';
import type { SeedStep } from '../../seed/seed.ts';

/** Business roles of a manufacturing tenant, with the modules whose menus they get. */
const ROLES: Array<{ code: string; name: string; modules: string[]; enabled?: 0 }> = [
  { code: 'FINANCE_MANAGER', name: '财务经理', modules: ['sodr', 'scm', 'smdm', 'hmsg'] },
  { code: 'ACCOUNTANT', name: '应付会计', modules: ['sodr', 'smdm'] },
  { code: 'WAREHOUSE_KEEPER', name: '仓库管理员', modules: ['sodr', 'smdm'] },
  { code: 'QUALITY_ENGINEER', name: '质量工程师', modules: ['sslm', 'spfm', 'smdm'] },
  { code: 'SOURCING_MANAGER', name: '寻源经理', modules: ['ssrc', 'sprm', 'smdm', 'hmsg'] },
  { code: 'CATEGORY_MANAGER', name: '品类经理', modules: ['ssrc', 'smdm'] },
  { code: 'CONTRACT_MANAGER', name: '合同管理员', modules: ['scm', 'hmsg'] },
  { code: 'LEGAL_REVIEWER', name: '法务审核员', modules: ['scm', 'hwfl'] },
  { code: 'SUPPLIER_MANAGER', name: '供应商管理员', modules: ['sslm', 'spfm', 'supplierInfo', 'vendorInfo'] },
  { code: 'SUPPLIER_AUDITOR', name: '供应商审核员', modules: ['sslm', 'supplierApprove'] },
  { code: 'PURCHASE_DIRECTOR', name: '采购总监', modules: ['sodr', 'ssrc', 'sprm', 'scm', 'hwfl'] },
  { code: 'REQUISITIONER', name: '需求申请人', modules: ['sprm', 'hmsg'] },
  { code: 'TENDER_ADMIN', name: '招标管理员', modules: ['tender', 'ssrc', 'clarifyLetter', 'stnd'] },
  { code: 'BID_EVALUATOR', name: '评标专家', modules: ['tender'] },
  { code: 'IT_ADMIN', name: '信息化管理员', modules: ['hiam', 'hpfm', 'hfile'] },
  { code: 'SECURITY_ADMIN', name: '安全管理员', modules: ['hiam'] },
  { code: 'AUDITOR', name: '内部审计员', modules: ['hpfm'] },
  { code: 'MASTER_DATA_ADMIN', name: '主数据管理员', modules: ['smdm', 'hpfm'] },
  { code: 'MESSAGE_ADMIN', name: '消息管理员', modules: ['hmsg'] },
  { code: 'PORTAL_EDITOR', name: '门户编辑', modules: ['hptl'] },
  { code: 'WORKFLOW_ADMIN', name: '流程管理员', modules: ['hwfl'] },
  { code: 'REPORT_VIEWER', name: '报表查看员', modules: ['hrpt'] },
  { code: 'INTERFACE_ADMIN', name: '接口管理员', modules: ['hitf', 'sitf'], enabled: 0 },
  { code: 'SCHEDULER_ADMIN', name: '调度管理员', modules: ['hsdr'], enabled: 0 },
];

const SECOND_TENANT_ROLES = ['FINANCE_MANAGER', 'WAREHOUSE_KEEPER', 'QUALITY_ENGINEER'];

/**
 * More roles in the demo tenant (and a few in the second), each granted the menus of its
 * modules, and held by some of the generated users: enough for the role screens to page.
 */
export const step: SeedStep = {
  version: 'seed:hiam-roles:v1',
  async run(tx) {
    const menus = (await tx.query<{ id: number; route: string }>("select id::float8 as id, route from iam_menu where route is not null and route <> ''")).rows;
    const r = rng(7100);
    const add = async (tenantId: number, role: (typeof ROLES)[number]) => {
      const id = (
        await tx.query<{ id: number }>(
          `insert into iam_role (code, name, level, tenant_id, enabled_flag, description) values ($1, $2, 'organization', $3, $4, $5) returning id::float8 as id`,
          [role.code, role.name, tenantId, role.enabled ?? 1, `${role.name}：${role.modules.join('、')}`],
        )
      ).rows[0]!.id;
      const grants = menus.filter((m) => role.modules.includes(m.route.split('/')[1] ?? '')).map((m) => ({ role_id: id, menu_id: m.id }));
      await insertRows(tx, 'iam_role_menu', grants);
      return id;
    };
    const demoRoles: number[] = [];
    for (const role of ROLES) {
      const id = await add(1, role);
      if (role.enabled !== 0) demoRoles.push(id);
    }
    const secondRoles: number[] = [];
    for (const code of SECOND_TENANT_ROLES) secondRoles.push(await add(2, ROLES.find((x) => x.code === code)!));

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
