import type { EntityWorkflow } from '../../../renderer/schema/entity.ts';
import { workflowsOf } from '../../../renderer/schema/status/workflows.ts';
import rfxHeader from '../../../schemas/entities/ssrc/rfx-header.json' with { type: 'json' };
import type { Queryable } from '../../db/database.ts';
import { DEMO_TENANT, SECOND_TENANT } from '../../seed/platform-seed.ts';
import type { SeedStep } from '../../seed/seed.ts';
import { deployDemoProcess, singleApprovalXml, startSeededApprovals } from '../hwfl/seed-processes.ts';

const WF = workflowsOf(rfxHeader as never).find((w) => w.submit === 'submitRelease') as EntityWorkflow;
const APPROVER: Record<number, string> = { [DEMO_TENANT]: 'user:approver', [SECOND_TENANT]: 'user:admin2' };

/**
 * The RFx release approval (rfx-header.json's first `workflow`): one step by the purchasing
 * manager in each demo tenant; demo RFx seeded in release approval get their running instance, as
 * if the buyer had submitted them, so the approver finds them in My tasks.
 */
async function seedRfxRelease(tx: Queryable): Promise<void> {
  for (const [tenant, assignee] of Object.entries(APPROVER)) {
    const tenantId = Number(tenant);
    await deployDemoProcess(tx, tenantId, WF.process, 'RFx release approval', 'The purchasing manager approves an RFx before its suppliers are invited', singleApprovalXml(WF.process, 'RFx release approval', 'Purchasing manager', assignee));
    const waiting = await tx.query<Record<string, unknown>>(
      `select rfx_header_id::float8 as "rfxHeaderId", rfx_num as "rfxNum", rfx_title as "rfxTitle", rfx_status as "rfxStatus" from ssrc_rfx_header
        where tenant_id = $1 and rfx_status = 'RELEASE_APPROVING' and not exists (select 1 from hwfl_process_instance i where i.entity_name = 'rfxHeader' and i.record_id = rfx_header_id)
        order by rfx_header_id`,
      [tenantId],
    );
    await startSeededApprovals(tx, tenantId, 'buyer', 'rfxHeader', 'rfxHeaderId', WF, waiting.rows);
  }
}

export const step: SeedStep = { version: 'seed:ssrc-rfx-release:v1', run: (tx) => seedRfxRelease(tx) };
