import prHeader from '../../../schemas/entities/sprm/pr-header.json' with { type: 'json' };
import type { EntityWorkflow } from '../../../renderer/schema/entity.ts';
import type { Queryable } from '../../db/database.ts';
import { loadEntities } from '../../resources/entities.ts';
import { recomputeAll } from '../../resources/formulas.ts';
import { DEMO_TENANT, SECOND_TENANT } from '../../seed/platform-seed.ts';
import type { SeedStep } from '../../seed/seed.ts';
import { deployDemoProcess, singleApprovalXml, startSeededApprovals } from '../hwfl/seed-processes.ts';

const PR = prHeader.workflow as EntityWorkflow;

/**
 * Requisitions of the demo: their approval process (the purchasing manager approves), suggested
 * suppliers on the lines of the demo tenant (so approved lines can become orders), and amounts
 * computed by the same formulas as any requisition.
 */
async function seedRequisitions(tx: Queryable): Promise<void> {
  for (const [tenantId, approver, buyer] of [[DEMO_TENANT, 'user:approver', 'buyer'], [SECOND_TENANT, 'user:admin2', 'buyer2']] as const) {
    await deployDemoProcess(tx, tenantId, PR.process, 'Purchase requisition approval', 'The purchasing manager approves each requisition', singleApprovalXml(PR.process, 'Purchase requisition approval', 'Purchasing manager', approver));
    // Requisitions seeded as in approval wait in the approver's tasks, as if the buyer had submitted them.
    const approving = await tx.query<Record<string, unknown>>(
      `select pr_header_id::float8 as "prHeaderId", display_pr_num as "displayPrNum", title, company_name as "companyName", currency_code as "currencyCode", pr_status_code as "prStatusCode"
         from sprm_pr_header where tenant_id = $1 and pr_status_code = 'APPROVING' order by pr_header_id`,
      [tenantId],
    );
    await startSeededApprovals(tx, tenantId, buyer, 'prHeader', 'prHeaderId', PR, approving.rows);
  }
  await tx.query(
    `with s as (select supplier_id, supplier_name, row_number() over (order by supplier_num) - 1 as k from sslm_supplier where tenant_id = $1 and supplier_num <= 'S0004')
     update sprm_pr_line l set suggested_supplier_id = s.supplier_id, suggested_supplier_name = s.supplier_name
       from s where l.tenant_id = $1 and s.k = l.pr_line_id % 4`,
    [DEMO_TENANT],
  );
  const entities = loadEntities();
  await recomputeAll(tx, entities.get('prHeader')!, entities);
}

export const step: SeedStep = { version: 'seed:sprm-requisitions:v1', run: (tx) => seedRequisitions(tx) };
