import { HttpError } from '../../http/errors.ts';
import type { Queryable } from '../../db/database.ts';
import { registerHooks } from '../../resources/hooks.ts';

type Row = Record<string, unknown>;

const taken = (field: string, message: string) => Object.assign(new HttpError(409, 'error.vendorCode.duplicate', message), { field });

/**
 * Within a company a platform supplier pairs with one ERP vendor code and an ERP vendor code with
 * one supplier; either side paired twice would send documents to two ERP vendors. Checked in the
 * write's transaction, after the row is stored, so a create and an edit are held to the same rule.
 */
async function checkPairs(tx: Queryable, tenantId: number, row: Row): Promise<void> {
  const others = (
    await tx.query<{ supplierId: number; erpVendorCode: string }>(
      `select supplier_id::float8 as "supplierId", erp_vendor_code as "erpVendorCode" from sslm_vendor_code_match
        where tenant_id = $1 and company_id = $2 and match_id <> $3 and (supplier_id = $4 or erp_vendor_code = $5)`,
      [tenantId, row.companyId, row.matchId, row.supplierId, row.erpVendorCode],
    )
  ).rows;
  if (others.some((o) => o.supplierId === Number(row.supplierId)))
    throw taken('supplierId', `${String(row.supplierName ?? row.supplierId)} is already paired with an ERP vendor code in this company`);
  if (others.some((o) => o.erpVendorCode === row.erpVendorCode)) throw taken('erpVendorCode', `ERP vendor code ${String(row.erpVendorCode)} is already paired with another supplier in this company`);
}

/** The names shown beside each side are the masters' own, whatever the request carried. */
async function fillNames(tx: Queryable, tenantId: number, values: Row): Promise<void> {
  const names = (
    await tx.query<{ supplierName: string | null; companyName: string | null; ouName: string | null }>(
      `select (select supplier_name from sslm_supplier where tenant_id = $1 and supplier_id = $2) as "supplierName",
              (select company_name from hpfm_company where tenant_id = $1 and company_id = $3) as "companyName",
              (select ou_name from hpfm_operation_unit where tenant_id = $1 and ou_id = $4) as "ouName"`,
      [tenantId, values.supplierId ?? null, values.companyId ?? null, values.ouId ?? null],
    )
  ).rows[0]!;
  if (values.supplierId !== undefined && !names.supplierName) throw Object.assign(new HttpError(400, 'error.validation', `supplierId ${String(values.supplierId)} is not a supplier of this tenant`), { field: 'supplierId' });
  if (values.companyId !== undefined && !names.companyName) throw Object.assign(new HttpError(400, 'error.validation', `companyId ${String(values.companyId)} is not a company of this tenant`), { field: 'companyId' });
  values.supplierName = names.supplierName;
  values.companyName = names.companyName;
  if (values.ouId !== undefined && values.ouId !== null) values.ouName = names.ouName;
}

registerHooks('vendorCodeMatch', {
  beforeCreate: (values, { tx, tenantId }) => fillNames(tx, tenantId, values),
  async afterWrite(row, action, { tx, tenantId }) {
    if (action !== 'create' && action !== 'update') return;
    if (action === 'update') {
      // An edit may point at another supplier or company: the names follow the ids.
      const names: Row = { supplierId: row.supplierId, companyId: row.companyId, ouId: row.ouId };
      await fillNames(tx, tenantId, names);
      await tx.query('update sslm_vendor_code_match set supplier_name = $2, company_name = $3, ou_name = $4 where match_id = $1', [row.matchId, names.supplierName, names.companyName, names.ouName ?? null]);
    }
    await checkPairs(tx, tenantId, row);
  },
});
