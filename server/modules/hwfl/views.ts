import type { Queryable } from '../../db/database.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { deployedConfig, type ProcessConfig } from './bpmn/node-config.ts';
import { definitionById, type InstanceRow, readInstance, type TaskRow, tasksOf } from './store.ts';
import type { Actor } from './workflow.ts';

type Row = Record<string, unknown>;

/** The instance without the engine's internals. */
function publicInstance(i: InstanceRow): Row {
  const { state: _s, variables, ...rest } = i;
  return { ...rest, failedStep: variables.retry?.elementId ?? null };
}

async function history(db: Queryable, instanceId: number): Promise<Row[]> {
  const r = await db.query(
    `select history_id::float8 as "historyId", task_id::float8 as "taskId", node_name as "nodeName", action, user_id::float8 as "userId", user_name as "userName",
            target_name as "targetName", comment, attachment_uuid as "attachmentUuid", to_char(action_time, 'YYYY-MM-DD HH24:MI:SS') as "actionTime"
       from hwfl_history where instance_id = $1 order by history_id`,
    [instanceId],
  );
  return r.rows;
}

/** Whether the person took part: started it, holds or held a task, acted, or was copied. */
async function involved(db: Queryable, inst: InstanceRow, userId: number): Promise<boolean> {
  if (inst.startUserId === userId) return true;
  const r = await db.query(
    `select 1 from hwfl_task where instance_id = $1 and assignee_id = $2
     union all select 1 from hwfl_history where instance_id = $1 and user_id = $2
     union all select 1 from hwfl_carbon_copy where instance_id = $1 and user_id = $2 limit 1`,
    [inst.instanceId, userId],
  );
  return r.rows.length > 0;
}

/** Reads the document of an instance as its detail page shows it (routes.ts gives the repository's read). */
export type ReadDocument = (inst: InstanceRow) => Promise<Row | null>;

/**
 * Everything a page about an instance shows: the instance, its history as a timeline, its tasks,
 * the diagram with the nodes waiting now (`current`) and passed (`done`), the document, and what
 * the caller may do as initiator (recall while nobody has acted, revoke while it runs).
 */
async function bundle(db: Queryable, inst: InstanceRow, actor: Actor, readDoc: ReadDocument): Promise<{ view: Row; config: ProcessConfig }> {
  const def = await definitionById(db, inst.definitionId);
  const tasks = await tasksOf(db, inst.instanceId);
  const hist = await history(db, inst.instanceId);
  const running = ['RUNNING', 'SUSPENDED', 'EXCEPTION'].includes(inst.statusCode);
  const acted = hist.some((h) => ['Approved', 'Rejected', 'ADD_SIGN', 'DELEGATE', 'JUMP'].includes(String(h.action)));
  const config = await deployedConfig(def.xml);
  const view = {
    instance: publicInstance(inst),
    history: hist,
    tasks,
    xml: def.xml,
    current: [...new Set(tasks.filter((t) => t.statusCode === 'PENDING').map((t) => t.elementId))],
    done: [...new Set(tasks.filter((t) => t.statusCode === 'DONE').map((t) => t.elementId))],
    userTasks: [...config.nodes.values()].map((n) => ({ id: n.id, name: n.name })),
    record: await readDoc(inst),
    canRecall: running && inst.statusCode === 'RUNNING' && inst.startUserId === actor.userId && !acted,
    canRevoke: running && inst.startUserId === actor.userId,
    admin: actor.admin,
  };
  return { view, config };
}

export async function instanceView(db: Queryable, tenantId: number, instanceId: number, actor: Actor, readDoc: ReadDocument): Promise<Row> {
  const inst = await readInstance(db, tenantId, instanceId);
  if (!actor.admin && !(await involved(db, inst, actor.userId))) throw forbidden('You are not involved in this approval');
  await db.query('update hwfl_carbon_copy set read_flag = 1 where instance_id = $1 and user_id = $2 and read_flag = 0', [instanceId, actor.userId]);
  return (await bundle(db, inst, actor, readDoc)).view;
}

/** A task of the caller (or any, for an administrator) with its instance and the actions it offers now. */
export async function taskView(db: Queryable, tenantId: number, taskId: number, actor: Actor, readDoc: ReadDocument): Promise<Row> {
  const t = (await db.query<{ instance_id: number; assignee_id: number }>('select instance_id::float8 as instance_id, assignee_id::float8 as assignee_id from hwfl_task where task_id = $1 and tenant_id = $2', [taskId, tenantId])).rows[0];
  if (!t) throw notFound(`There is no task ${taskId}`);
  const inst = await readInstance(db, tenantId, t.instance_id);
  if (t.assignee_id !== actor.userId && !actor.admin && !(await involved(db, inst, actor.userId))) throw forbidden('This task is not yours');
  const { view, config } = await bundle(db, inst, actor, readDoc);
  const task = (view.tasks as TaskRow[]).find((x) => x.taskId === taskId)!;
  const node = config.nodes.get(task.elementId);
  const mine = task.statusCode === 'PENDING' && task.assigneeId === actor.userId && inst.statusCode === 'RUNNING';
  return { ...view, task, actions: mine ? ['Approved', 'Rejected', ...(node?.actions ?? [])] : [] };
}
