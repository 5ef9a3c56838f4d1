import type { SeedStep } from '../../seed/seed.ts';

/**
 * The demo accounts that work in the buying company are on its staff: an employee record holding
 * the account's e-mail (as the workflow finds a post's holders), in a department and post. New
 * documents take their company, department and requester from it (`fill`, server/resources/fill.ts).
 * Suppliers and experts are not the company's staff. [login, tenant, company number, department, post]
 */
const STAFF: Array<[login: string, tenant: number, company: string, unit: string, post: string]> = [
  ['buyer', 1, 'DM1000', '生产采购部', '生产采购专员'],
  ['approver', 1, 'DM1000', '采购中心', '采购总监'],
  ['director', 1, 'DM1000', '总经办', '总经理'],
  ['sysadmin', 1, 'DM1000', '信息技术部', '信息技术专员'],
  ['buyer2', 2, 'ST1000', '采购部', '采购专员'],
];

export const step: SeedStep = {
  version: 'seed:hpfm-md-users:v1',
  async run(tx) {
    for (const [login, tenant, companyNum, unitName, positionName] of STAFF) {
      await tx.query(
        `insert into hpfm_employee (tenant_id, employee_num, name, email, company_id, company_name, unit_id, unit_name, position_id, position_name, entry_date, status, enabled_flag)
         select $2, 'E9' || lpad(u.id::text, 5, '0'), u.real_name, u.email, c.company_id, c.company_name, d.unit_id, d.unit_name, p.position_id, p.position_name, date '2020-03-02', 'ON', 1
           from iam_user u
           join hpfm_company c on c.tenant_id = $2 and c.company_num = $3
           join hpfm_unit d on d.company_id = c.company_id and d.unit_name = $4
           left join hpfm_position p on p.unit_id = d.unit_id and p.position_name = $5
          where u.login_name = $1`,
        [login, tenant, companyNum, unitName, positionName],
      );
    }
  },
};
