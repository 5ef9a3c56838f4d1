import type { Queryable } from '../../db/database.ts';
import { DEMO_TENANT, SECOND_TENANT } from '../../seed/platform-seed.ts';
import type { SeedStep } from '../../seed/seed.ts';
import { deployDemoProcess, singleApprovalXml } from '../hwfl/seed-processes.ts';

const PROCESS = 'SSRC_RFX_RESULT_APPROVAL';
const APPROVER: Record<number, string> = { [DEMO_TENANT]: 'user:approver', [SECOND_TENANT]: 'user:admin2' };

/** The RFx result approval (rfx-header.json `workflow`): one step by the purchasing manager, deployed in each demo tenant. */
async function seedRfx(tx: Queryable): Promise<void> {
  for (const [tenant, assignee] of Object.entries(APPROVER))
    await deployDemoProcess(tx, Number(tenant), PROCESS, 'RFx result approval', 'The purchasing manager approves the awards of an RFx', singleApprovalXml(PROCESS, 'RFx result approval', 'Purchasing manager', assignee));
}

export const step: SeedStep = { version: 'seed:ssrc-rfx:v1', run: (tx) => seedRfx(tx) };
