import type { Queryable } from '../../db/database.ts';
import { HttpError, notFound } from '../../http/errors.ts';

/** Rows of the engine's tables as the service uses them (the entity files declare the columns). */
export interface InstanceRow {
  instanceId: number;
  tenantId: number;
  definitionId: number;
  processKey: string;
  processName: string;
  businessKey: string | null;
  entityName: string | null;
  recordId: number | null;
  description: string | null;
  detailRoute: string | null;
  startUserId: number;
  startUserName: string;
  statusCode: 'RUNNING' | 'SUSPENDED' | 'ENDED' | 'EXCEPTION';
  resultCode: string | null;
  state: string | null;
  variables: InstanceVars;
}

export interface InstanceVars {
  record: Record<string, unknown>;
  variables: Record<string, unknown>;
  initiator: { userId: number; loginName: string; name: string };
  /** A step that failed after its task was done, to run again on retry. */
  retry?: { elementId: string; output: Record<string, unknown> };
}

export interface TaskRow {
  taskId: number;
  tenantId: number;
  instanceId: number;
  elementId: string;
  name: string;
  assigneeId: number;
  assigneeName: string;
  ownerName: string | null;
  statusCode: 'PENDING' | 'WAITING' | 'DONE' | 'CANCELED';
  action: string | null;
  batchNum: number;
  approveWay: string;
  sequenceNum: number;
  addedFlag: number;
  endTime: string | null;
}

export interface DefinitionRow {
  definitionId: number;
  tenantId: number;
  modelId: number;
  processKey: string;
  processName: string | null;
  versionNumber: number;
  xml: string;
}

const INSTANCE_COLS = `instance_id::float8 as "instanceId", tenant_id::float8 as "tenantId", definition_id::float8 as "definitionId", process_key as "processKey",
  process_name as "processName", business_key as "businessKey", entity_name as "entityName", record_id::float8 as "recordId", description,
  detail_route as "detailRoute", start_user_id::float8 as "startUserId", start_user_name as "startUserName", status_code as "statusCode",
  result_code as "resultCode", state::text as state, variables`;

const TASK_COLS = `task_id::float8 as "taskId", tenant_id::float8 as "tenantId", instance_id::float8 as "instanceId", element_id as "elementId", name,
  assignee_id::float8 as "assigneeId", assignee_name as "assigneeName", owner_name as "ownerName", status_code as "statusCode", action,
  batch_num::int as "batchNum", approve_way as "approveWay", sequence_num::int as "sequenceNum", added_flag::int as "addedFlag",
  to_char(end_time, 'YYYY-MM-DD HH24:MI:SS') as "endTime"`;

const DEF_COLS = `definition_id::float8 as "definitionId", tenant_id::float8 as "tenantId", model_id::float8 as "modelId", process_key as "processKey",
  process_name as "processName", version_number::int as "versionNumber", xml`;

/** An instance of the tenant, locked for the rest of the transaction (one step at a time per instance). */
export async function lockInstance(tx: Queryable, tenantId: number, instanceId: number): Promise<InstanceRow> {
  const r = await tx.query<InstanceRow>(`select ${INSTANCE_COLS} from hwfl_process_instance where instance_id = $1 and tenant_id = $2 for update`, [instanceId, tenantId]);
  if (!r.rows[0]) throw notFound(`There is no process instance ${instanceId}`);
  return r.rows[0];
}

export async function readInstance(db: Queryable, tenantId: number, instanceId: number): Promise<InstanceRow> {
  const r = await db.query<InstanceRow>(`select ${INSTANCE_COLS} from hwfl_process_instance where instance_id = $1 and tenant_id = $2`, [instanceId, tenantId]);
  if (!r.rows[0]) throw notFound(`There is no process instance ${instanceId}`);
  return r.rows[0];
}

/** The running instance of a document, if any. */
export async function instanceOfRecord(db: Queryable, tenantId: number, entityName: string, recordId: number): Promise<InstanceRow | undefined> {
  const r = await db.query<InstanceRow>(
    `select ${INSTANCE_COLS} from hwfl_process_instance where tenant_id = $1 and entity_name = $2 and record_id = $3 order by instance_id desc limit 1`,
    [tenantId, entityName, recordId],
  );
  return r.rows[0];
}

export async function lockTask(tx: Queryable, tenantId: number, taskId: number): Promise<TaskRow> {
  const r = await tx.query<TaskRow>(`select ${TASK_COLS} from hwfl_task where task_id = $1 and tenant_id = $2 for update`, [taskId, tenantId]);
  if (!r.rows[0]) throw notFound(`There is no task ${taskId}`);
  return r.rows[0];
}

export async function tasksOf(db: Queryable, instanceId: number, where = 'true', params: unknown[] = []): Promise<TaskRow[]> {
  const r = await db.query<TaskRow>(`select ${TASK_COLS} from hwfl_task where instance_id = $1 and (${where}) order by task_id`, [instanceId, ...params]);
  return r.rows;
}

export async function openTasks(db: Queryable, instanceId: number): Promise<TaskRow[]> {
  return tasksOf(db, instanceId, "status_code in ('PENDING', 'WAITING')");
}

export async function latestDefinition(db: Queryable, tenantId: number, processKey: string): Promise<DefinitionRow | undefined> {
  const r = await db.query<DefinitionRow>(`select ${DEF_COLS} from hwfl_process_definition where tenant_id = $1 and process_key = $2 order by version_number desc limit 1`, [tenantId, processKey]);
  return r.rows[0];
}

export async function definitionById(db: Queryable, definitionId: number): Promise<DefinitionRow> {
  const r = await db.query<DefinitionRow>(`select ${DEF_COLS} from hwfl_process_definition where definition_id = $1`, [definitionId]);
  if (!r.rows[0]) throw notFound(`There is no process definition ${definitionId}`);
  return r.rows[0];
}

export interface HistoryEntry {
  instanceId: number;
  taskId?: number | null;
  nodeName?: string | null;
  action: string;
  userId: number;
  userName: string;
  targetName?: string | null;
  comment?: string | null;
  attachmentUuid?: string | null;
}

/** One line of the approval history: who did what, when, with their comment and attachments. */
export async function addHistory(tx: Queryable, tenantId: number, h: HistoryEntry): Promise<void> {
  await tx.query(
    `insert into hwfl_history (tenant_id, instance_id, task_id, node_name, action, user_id, user_name, target_name, comment, attachment_uuid, action_time, created_by, last_updated_by)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, now(), $6, $6)`,
    [tenantId, h.instanceId, h.taskId ?? null, h.nodeName ?? null, h.action, h.userId, h.userName, h.targetName ?? null, h.comment ?? null, h.attachmentUuid ?? null],
  );
}

/** Refusal of an act on a task that is no longer open: says who handled it. */
export function alreadyHandled(t: TaskRow): HttpError {
  const how = t.statusCode === 'DONE' ? `${t.action ?? 'handled'} by ${t.assigneeName}${t.endTime ? ` at ${t.endTime}` : ''}` : 'closed';
  return new HttpError(409, 'hwfl.task.handled', `This task has already been handled (${how}); reload to see where the process stands`);
}
