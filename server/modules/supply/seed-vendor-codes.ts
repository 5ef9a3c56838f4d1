import type { Queryable } from '../../db/database.ts';
import { DEMO_TENANT } from '../../seed/platform-seed.ts';
import type { SeedStep } from '../../seed/seed.ts';

/**
 * Demo vendor code pairs: ten suppliers of the demo tenant (S0006 on) paired, in its first
 * company, with the ERP vendor codes V00001…V00010 (companies come from the organisation seed,
 * so these cannot be a recipe).
 */
async function seedVendorCodes(tx: Queryable): Promise<void> {
  await tx.query(
    `insert into sslm_vendor_code_match (tenant_id, company_id, company_name, supplier_id, supplier_name, erp_vendor_code, erp_vendor_name, enabled_flag, created_by, last_updated_by)
     select s.tenant_id, c.company_id, c.company_name, s.supplier_id, s.supplier_name, 'V' || lpad((row_number() over (order by s.supplier_num) - 5)::text, 5, '0'), s.supplier_name, 1, 1, 1
       from sslm_supplier s
       cross join lateral (select company_id, company_name from hpfm_company where tenant_id = s.tenant_id order by company_id limit 1) c
      where s.tenant_id = $1
      order by s.supplier_num
      offset 5 limit 10`,
    [DEMO_TENANT],
  );
}

export const step: SeedStep = { version: 'seed:supply-vendor-codes:v1', run: (tx) => seedVendorCodes(tx) };
