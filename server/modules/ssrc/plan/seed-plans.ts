import bidPlan from '../../../../schemas/entities/ssrc/bid-plan.json' with { type: 'json' };
import type { EntityWorkflow } from '../../../../renderer/schema/entity.ts';
import type { Queryable } from '../../../db/database.ts';
import { loadEntities } from '../../../resources/entities.ts';
import { recomputeAll } from '../../../resources/formulas.ts';
import { DEMO_TENANT, SECOND_TENANT } from '../../../seed/platform-seed.ts';
import type { SeedStep } from '../../../seed/seed.ts';
import { deployDemoProcess, singleApprovalXml, startSeededApprovals } from '../../hwfl/seed-processes.ts';

const WF = bidPlan.workflow as EntityWorkflow;

/**
 * Bid plans of the demo: their approval process (the purchasing manager approves), running
 * approvals for the plans seeded as approving, line statuses that match their plan's, a few
 * cancelled lines with a reason, and totals computed by the same formula as any plan.
 */
async function seedPlans(tx: Queryable): Promise<void> {
  for (const [tenantId, approver, buyer] of [[DEMO_TENANT, 'user:approver', 'buyer'], [SECOND_TENANT, 'user:admin2', 'buyer2']] as const) {
    await deployDemoProcess(tx, tenantId, WF.process, 'Bid plan approval', 'The purchasing manager approves each tender plan', singleApprovalXml(WF.process, 'Bid plan approval', 'Purchasing manager', approver));
    const approving = await tx.query<Record<string, unknown>>(
      `select bid_plan_id::float8 as "bidPlanId", bid_plan_num as "bidPlanNum", bid_plan_name as "bidPlanName", company_name as "companyName", plan_status as "planStatus"
         from ssrc_bid_plan where tenant_id = $1 and plan_status = 'APPROVING' order by bid_plan_id`,
      [tenantId],
    );
    await startSeededApprovals(tx, tenantId, buyer, 'bidPlan', 'bidPlanId', WF, approving.rows);
  }
  await tx.query(
    `update ssrc_bid_plan_line l set process_status = case p.plan_status when 'RELEASED' then 'APPROVED' when 'REJECTED' then 'REJECT' else 'NEW' end
       from ssrc_bid_plan p where p.bid_plan_id = l.bid_plan_id`,
  );
  await tx.query(
    `update ssrc_bid_plan_line l set cancel_from_status = l.process_status, process_status = 'CANCEL', cancel_reason = 'Merged into the next year''s plan'
       from ssrc_bid_plan p where p.bid_plan_id = l.bid_plan_id and p.plan_status = 'RELEASED' and l.line_num = 3 and l.bid_plan_id % 2 = 0`,
  );
  const entities = loadEntities();
  await recomputeAll(tx, entities.get('bidPlan')!, entities);
}

export const step: SeedStep = { version: 'seed:ssrc-plans:v1', run: (tx) => seedPlans(tx) };
