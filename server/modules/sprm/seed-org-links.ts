import type { SeedStep } from '../../seed/seed.ts';

/**
 * The demo requisitions name their requester, department and company from the organisation, as a
 * new one does (the fields are lookups by id since organisation fields stopped being free text):
 * a requisition whose requester is on the staff keeps them, the others take one of the first
 * people on the staff (the purchasing centre's buyers). The names follow the records.
 */
export const step: SeedStep = {
  version: 'seed:sprm-org-links:v1',
  async run(tx) {
    await tx.query(
      `with staff as (
         select e.*, row_number() over (partition by e.tenant_id order by e.employee_id) - 1 as k, count(*) over (partition by e.tenant_id) as n
           from (select * from hpfm_employee where enabled_flag = 1 and status = 'ON' and company_id is not null and unit_id is not null order by employee_id) e
          where e.employee_id in (select employee_id from hpfm_employee x where x.tenant_id = e.tenant_id and x.enabled_flag = 1 order by employee_id limit 40)
             or e.email like '%@example.com'
       ),
       pick as (
         select h.pr_header_id,
                coalesce((select s.employee_id from staff s where s.tenant_id = h.tenant_id and s.name = h.requested_by limit 1),
                         (select s.employee_id from staff s where s.tenant_id = h.tenant_id and s.k = h.pr_header_id % s.n)) as employee_id
           from sprm_pr_header h where h.requested_by_id is null
       )
       update sprm_pr_header h
          set requested_by_id = e.employee_id, requested_by = e.name, unit_id = e.unit_id, unit_name = e.unit_name, company_id = e.company_id, company_name = e.company_name
         from pick p join hpfm_employee e on e.employee_id = p.employee_id
        where h.pr_header_id = p.pr_header_id`,
    );
  },
};
