import type { Queryable } from '../../db/database.ts';
import { DEMO_TENANT } from '../../seed/platform-seed.ts';
import type { SeedStep } from '../../seed/seed.ts';

/**
 * Demo change requests of the suppliers the demo `supplier` user works for: a draft bank change
 * of S0001 (to submit) and a submitted contact change of S0002 with its before and after values
 * (for the buyer to approve), so both sides of the flow have something to open at once.
 */
async function seedChangeRequests(tx: Queryable): Promise<void> {
  const who = (await tx.query<{ id: number }>("select id::float8 as id from iam_user where login_name = 'supplier'")).rows[0]?.id ?? 1;
  await tx.query(
    `insert into sslm_supplier_change_req (tenant_id, req_num, supplier_id, supplier_name, change_type, req_status, change_reason, bank_name, bank_branch_name, bank_account_name, bank_account_num, created_by, last_updated_by)
     select tenant_id, 'SCR-DEMO-01', supplier_id, supplier_name, 'BANK', 'NEW', 'New settlement account from next month', '招商银行', '张江支行', supplier_name, '6214830012345678', $2, $2
       from sslm_supplier where tenant_id = $1 and supplier_num = 'S0001'`,
    [DEMO_TENANT, who],
  );
  await tx.query(
    `insert into sslm_supplier_change_req (tenant_id, req_num, supplier_id, supplier_name, change_type, req_status, change_reason, contact_name, contact_phone, submitted_date, created_by, last_updated_by)
     select tenant_id, 'SCR-DEMO-02', supplier_id, supplier_name, 'CONTACT', 'SUBMITTED', 'Our account manager changed', 'Han Mei', '13900001234', now(), $2, $2
       from sslm_supplier where tenant_id = $1 and supplier_num = 'S0002'`,
    [DEMO_TENANT, who],
  );
  await tx.query(
    `insert into sslm_supplier_change_line (tenant_id, req_id, req_num, supplier_id, field_name, before_value, after_value, applied_flag, created_by, last_updated_by)
     select r.tenant_id, r.req_id, r.req_num, r.supplier_id, f.name, f.before, f.after, 0, $2, $2
       from sslm_supplier_change_req r join sslm_supplier s on s.supplier_id = r.supplier_id
       cross join lateral (values ('contactName', coalesce(s.contact_name, ''), r.contact_name), ('contactPhone', coalesce(s.contact_phone, ''), r.contact_phone)) as f(name, before, after)
      where r.tenant_id = $1 and r.req_num = 'SCR-DEMO-02'`,
    [DEMO_TENANT, who],
  );
}

export const step: SeedStep = { version: 'seed:supply-change-requests:v1', run: (tx) => seedChangeRequests(tx) };
