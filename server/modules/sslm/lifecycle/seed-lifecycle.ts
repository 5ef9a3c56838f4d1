import lifeCycleApplication from '../../../../schemas/entities/sslm/life-cycle-application.json' with { type: 'json' };
import type { EntityWorkflow } from '../../../../renderer/schema/entity.ts';
import type { Queryable } from '../../../db/database.ts';
import { DEMO_TENANT, SECOND_TENANT } from '../../../seed/platform-seed.ts';
import type { SeedStep } from '../../../seed/seed.ts';
import { deployDemoProcess, singleApprovalXml, startSeededApprovals } from '../../hwfl/seed-processes.ts';

const WF = lifeCycleApplication.workflow as EntityWorkflow;

/**
 * The life cycle's behaviour: its approval process in both demo tenants and the submitted demo
 * application waiting for it. The rows (stages, applications, questionnaires) are the recipes of
 * the sslm entity files, which replace this step's rows of v1.
 */
async function seedLifeCycle(tx: Queryable): Promise<void> {
  for (const [tenantId, approver] of [[DEMO_TENANT, 'user:approver'], [SECOND_TENANT, 'user:admin2']] as const)
    await deployDemoProcess(tx, tenantId, WF.process, 'Supplier life-cycle approval', 'The purchasing manager approves each upgrade, downgrade and elimination', singleApprovalXml(WF.process, 'Supplier life-cycle approval', 'Purchasing manager', approver));
  const submitted = await tx.query<Record<string, unknown>>(
    `select application_id::float8 as "applicationId", application_num as "applicationNum", supplier_name as "supplierName", to_stage as "toStage", process_status as "processStatus"
       from sslm_life_cycle_application where tenant_id = $1 and process_status = 'SUBMIT' order by application_id`,
    [DEMO_TENANT],
  );
  await startSeededApprovals(tx, DEMO_TENANT, 'buyer', 'lifeCycleApplication', 'applicationId', WF, submitted.rows);
}

export const step: SeedStep = { version: 'seed:sslm-life-cycle:v1', run: (tx) => seedLifeCycle(tx) };
