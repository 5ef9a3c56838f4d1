import { refuse } from '../../http/errors.ts';
import { registerHooks } from '../../resources/hooks.ts';

type Row = Record<string, unknown>;

const day = (v: unknown) => (v === undefined || v === null || v === '' ? '' : String(v).slice(0, 10));

/**
 * Contracts: the supplier is one of the tenant's suppliers, and its name is the supplier master's
 * (a request cannot name one supplier and show another); a contract ends no earlier than it starts.
 * Checked after each create and update, inside its transaction, so a refusal writes nothing.
 */
registerHooks('contractHeader', {
  async afterWrite(row: Row, action, { tx, tenantId }) {
    if (action !== 'create' && action !== 'update') return;
    const start = day(row.startDateActive);
    const end = day(row.endDateActive);
    if (start && end && end < start) throw refuse('endDateActive', `endDateActive ${end} is before startDateActive ${start}`);
    if (row.supplierId === null || row.supplierId === undefined) return;
    const s = await tx.query<{ name: string }>('select supplier_name as name from sslm_supplier where supplier_id = $1 and tenant_id = $2', [row.supplierId, tenantId]);
    const name = s.rows[0]?.name;
    if (name === undefined) throw refuse('supplierId', `supplierId ${String(row.supplierId)} is not a supplier of this tenant`);
    if (row.supplierName !== name) {
      await tx.query('update scm_contract_header set supplier_name = $2 where pc_header_id = $1', [row.pcHeaderId, name]);
      row.supplierName = name;
    }
  },
});

