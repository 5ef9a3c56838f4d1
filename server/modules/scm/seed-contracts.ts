import type { Queryable } from '../../db/database.ts';
import { loadEntities } from '../../resources/entities.ts';
import { recomputeAll } from '../../resources/formulas.ts';
import { DEMO_TENANT } from '../../seed/platform-seed.ts';
import type { SeedStep } from '../../seed/seed.ts';

/**
 * The demo contracts (rows from the recipe in contract-header.json) made usable on both sides:
 * every third contract of the demo tenant goes to S0001 or S0002, the suppliers the demo
 * `supplier` user works for, so that user sees some in each status the supplier side shows;
 * lines are numbered per contract, and amounts are computed by the same formulas as any contract.
 */
async function seedContracts(tx: Queryable): Promise<void> {
  await tx.query(
    `with s as (select supplier_id, supplier_name, row_number() over (order by supplier_num) - 1 as k from sslm_supplier where tenant_id = $1 and supplier_num in ('S0001', 'S0002'))
     update scm_contract_header h set supplier_id = s.supplier_id, supplier_name = s.supplier_name
       from s where h.tenant_id = $1 and h.pc_header_id % 3 = 0 and s.k = (h.pc_header_id / 3) % 2`,
    [DEMO_TENANT],
  );
  await tx.query(
    `with n as (select pc_line_id, row_number() over (partition by pc_header_id order by pc_line_id) as k from scm_contract_line)
     update scm_contract_line l set line_num = n.k from n where n.pc_line_id = l.pc_line_id`,
  );
  await tx.query("update scm_contract_header set return_comment = 'Please correct the unit price of line 1 and the delivery terms.' where pc_status_code = 'RETURNED'");
  const entities = loadEntities();
  await recomputeAll(tx, entities.get('contractHeader')!, entities);
}

export const step: SeedStep = { version: 'seed:scm-contracts:v1', run: (tx) => seedContracts(tx) };
