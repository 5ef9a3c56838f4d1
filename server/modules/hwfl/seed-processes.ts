import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import poHeader from '../../../schemas/entities/sodr/po-header.json' with { type: 'json' };
import type { EntityWorkflow } from '../../../renderer/schema/entity.ts';
import type { ServerContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { projectRoot } from '../../paths.ts';
import { DEMO_TENANT, SECOND_TENANT } from '../../seed/platform-seed.ts';
import type { SeedStep } from '../../seed/seed.ts';
import { fillTemplate } from './documents.ts';
import { userById, usersByLogin } from './people.ts';
import { addHistory } from './store.ts';
import { Workflow } from './workflow.ts';

const PO = poHeader.workflow as EntityWorkflow;

/**
 * The demo process models, drawn as a modeler would (`demo/*.bpmn`), with their `{{placeholders}}`
 * filled. The purchase-order approval: the purchasing manager approves; above 100,000 a director
 * approves as well (attributes in the `hwfl` namespace name the approvers; the gateway reads the
 * order, `record`, in the schema expression language). The single one: `assignee` approves (ANY),
 * with delegation, add-sign and copies.
 */
const demoXml = (file: string, vars: Record<string, string>) =>
  readFileSync(join(projectRoot, 'server', 'modules', 'hwfl', 'demo', `${file}.bpmn`), 'utf8').replace(/\{\{(\w+)\}\}/g, (_m, k: string) => vars[k] ?? '');
const poApprovalXml = (manager: string, director: string) => demoXml('po-approval', { key: PO.process, manager, director });
export const singleApprovalXml = (key: string, name: string, step: string, assignee: string) => demoXml('single-approval', { key, name, step, assignee });

/** Per demo tenant: who approves orders (the initiator is never their own approver). */
const APPROVERS: Record<number, { manager: string; director: string; buyer: string }> = {
  [DEMO_TENANT]: { manager: 'user:approver', director: 'user:director', buyer: 'buyer' },
  [SECOND_TENANT]: { manager: 'user:admin2', director: 'user:admin2', buyer: 'buyer2' },
};

/** A demo process of the tenant's procurement category, modelled and deployed as version 1 (other modules' seeds use it too). */
export async function deployDemoProcess(tx: Queryable, tenantId: number, key: string, name: string, description: string, xml: string): Promise<void> {
  const category = await tx.query<{ id: number }>("select category_id::float8 as id from hwfl_process_category where tenant_id = $1 and category_code = 'PROCUREMENT'", [tenantId]);
  const model = await tx.query<{ id: number }>(
    `insert into hwfl_process_model (tenant_id, model_key, name, category_id, description, xml, deployed_version, created_by, last_updated_by)
     values ($1, $2, $3, $4, $5, $6, 1, 0, 0) returning model_id::float8 as id`,
    [tenantId, key, name, category.rows[0]?.id ?? null, description, xml],
  );
  await tx.query(
    `insert into hwfl_process_definition (tenant_id, model_id, process_key, process_name, version_number, xml, deploy_time, deployed_by_name, created_by, last_updated_by)
     values ($1, $2, $3, $4, 1, $5, timestamp '2025-12-01 09:00:00', 'admin', 0, 0)`,
    [tenantId, model.rows[0]!.id, key, name, xml],
  );
}

/**
 * Documents seeded as in approval get their running instance, as if `starterLogin` had submitted
 * each one (quietly: no messages); returns the instance ids in the rows' order.
 */
export async function startSeededApprovals(tx: Queryable, tenantId: number, starterLogin: string, entityName: string, pk: string, wf: EntityWorkflow, rows: Array<Record<string, unknown>>): Promise<number[]> {
  const buyer = (await usersByLogin(tx, tenantId, [starterLogin]))[0];
  if (!buyer || !rows.length) return [];
  const starter = { ...(await userById(tx, tenantId, buyer.userId))!, tenantId, admin: false };
  const engine = new Workflow({} as ServerContext);
  const ids: number[] = [];
  for (const r of rows) {
    const title = fillTemplate(wf.title, r);
    const inst = await engine.start(tx, tenantId, wf.process, { entityName, recordId: Number(r[pk]), businessKey: title, description: title, detailRoute: fillTemplate(wf.detailRoute, r), record: r }, starter, { quiet: true });
    ids.push(inst.instanceId);
  }
  return ids;
}

async function seedProcesses(tx: Queryable): Promise<void> {
  for (const [tenant, who] of Object.entries(APPROVERS)) {
    const tenantId = Number(tenant);
    await deployDemoProcess(tx, tenantId, PO.process, 'Purchase order approval', 'Manager approval; orders over 100,000 also need a director', poApprovalXml(who.manager, who.director));
    // Orders seeded as in approval get their running instance, as if the buyer had submitted them.
    const orders = await tx.query<Record<string, unknown>>(
      `select po_header_id::float8 as "poHeaderId", display_po_num as "displayPoNum", supplier_name as "supplierName", company_name as "companyName", currency_code as "currencyCode",
              amount::float8 as amount, status_code as "statusCode" from sodr_po_header where tenant_id = $1 and status_code = 'APPROVING' order by po_header_id`,
      [tenantId],
    );
    const started = (await startSeededApprovals(tx, tenantId, who.buyer, 'poHeader', 'poHeaderId', PO, orders.rows)).map((x, i) => ({ instanceId: x, amount: Number(orders.rows[i]!.amount) }));
    if (tenantId === DEMO_TENANT) await platformAdminsShare(tx, tenantId, new Workflow({} as ServerContext), started);
  }
}

/**
 * The platform administrator's part in the demo tenant, so each of their own workflow pages has
 * something to show: a task the monitor reassigned to them, a copy, a process they started by
 * hand, and an instance whose step after the manager's approval failed (the director's account
 * was disabled at the time) waiting for a retry on the exceptions page.
 */
async function platformAdminsShare(tx: Queryable, tenantId: number, wf: Workflow, started: Array<{ instanceId: number; amount: number }>): Promise<void> {
  const admin = (await usersByLogin(tx, 0, ['admin']))[0];
  const approver = (await usersByLogin(tx, tenantId, ['approver']))[0];
  if (!admin || !approver || started.length < 3) return;
  const [reassigned, copied] = started;
  const task = (await tx.query<{ id: number }>("select task_id::float8 as id from hwfl_task where instance_id = $1 and status_code = 'PENDING' limit 1", [reassigned!.instanceId])).rows[0];
  if (task) {
    await tx.query("update hwfl_task set assignee_id = $2, assignee_name = $3, owner_name = 'Alex Approver' where task_id = $1", [task.id, admin.userId, admin.name]);
    await addHistory(tx, tenantId, { instanceId: reassigned!.instanceId, taskId: task.id, nodeName: 'Purchasing manager', action: 'DELEGATE', userId: admin.userId, userName: admin.name, targetName: admin.name, comment: 'Taken over while Alex is travelling' });
    await tx.query('update hwfl_process_instance set current_approver = $2 where instance_id = $1', [reassigned!.instanceId, admin.name]);
  }
  await tx.query(
    `insert into hwfl_carbon_copy (tenant_id, instance_id, user_id, from_user_name, process_name, description, read_flag, cc_time, created_by, last_updated_by)
     select tenant_id, instance_id, $2, start_user_name, process_name, description, 0, now(), start_user_id, start_user_id from hwfl_process_instance where instance_id = $1`,
    [copied!.instanceId, admin.userId],
  );
  await addHistory(tx, tenantId, { instanceId: copied!.instanceId, action: 'CARBON_COPY', userId: approver.userId, userName: approver.name, targetName: admin.name });
  const asAdmin = { ...admin, tenantId, admin: true };
  await wf.start(tx, tenantId, PO.process, { businessKey: 'Quarterly office supplies (started by hand)', description: 'Quarterly office supplies (started by hand)', record: { amount: 2400, currencyCode: 'CNY' } }, asAdmin, { quiet: true });
  const big = started.slice(2).find((x) => x.amount > 100_000);
  if (big) {
    const t = (await tx.query<{ id: number }>("select task_id::float8 as id from hwfl_task where instance_id = $1 and status_code = 'PENDING' limit 1", [big.instanceId])).rows[0];
    if (!t) return;
    await tx.query("update hwfl_task set status_code = 'DONE', action = 'Approved', end_time = now() where task_id = $1", [t.id]);
    await addHistory(tx, tenantId, { instanceId: big.instanceId, taskId: t.id, nodeName: 'Purchasing manager', action: 'Approved', userId: approver.userId, userName: approver.name, comment: 'OK from my side' });
    const reason = 'Director (director): the approvers user:director name nobody; nothing was submitted';
    await tx.query(
      `update hwfl_process_instance set status_code = 'EXCEPTION', exception_msg = $2, current_node_name = null, current_approver = null,
         variables = jsonb_set(variables, '{retry}', $3::jsonb) where instance_id = $1`,
      [big.instanceId, reason, JSON.stringify({ elementId: 'manager', output: { approveResult: 'Approved', lastApprover: 'approver' } })],
    );
    await addHistory(tx, tenantId, { instanceId: big.instanceId, action: 'EXCEPTION', userId: approver.userId, userName: approver.name, comment: reason });
  }
}

export const step: SeedStep = { version: 'seed:hwfl-processes:v1', run: (tx) => seedProcesses(tx) };
