import type { Database } from '../../db/database.ts';
import { notFound } from '../../http/errors.ts';
import { parseApproveWay, processConfig } from './bpmn/node-config.ts';
import { type BpmnProblem, validateBpmn } from './bpmn/validate.ts';
import type { Actor } from './workflow.ts';

/** Variables the engine sets itself after every approval. */
const ENGINE_VARIABLES = new Set(['approveResult', 'lastApprover']);

const ASSIGNEE = /^(user|role|position|auth|rule|expr):.+$|^initiator$/;

/** What a deploy answers: the new version, or every problem naming its element (nothing deployed). */
export type DeployResult = { failed: true; code: string; message: string; type: 'warn'; problems: BpmnProblem[] } | Record<string, unknown>;

/**
 * Checks beyond the BPMN file itself, against the tenant's settings: every user task names its
 * approvers and a known approval method, and every named rule or condition it uses exists.
 */
async function settingProblems(db: Database, tenantId: number, xml: string): Promise<BpmnProblem[]> {
  const problems: BpmnProblem[] = [];
  const config = await processConfig(xml);
  const named = async (type: string) =>
    new Map((await db.query<{ code: string; expression: string | null }>('select code, expression from hwfl_expression where tenant_id = $1 and expression_type = $2 and enabled_flag = 1', [tenantId, type])).rows.map((r) => [r.code, r.expression]));
  const auths = await named('APPROVE_AUTH');
  const ways = await named('APPROVE_WAY');
  const conditions = await named('CONDITION');
  for (const n of config.nodes.values()) {
    if (!n.assignees.length) problems.push({ element: n.id, message: `${n.name}: no approver is set (hwfl:assignee="role:APPROVER", "user:login", "auth:CODE", … or a modeler's assignee/candidateUsers/candidateGroups)` });
    for (const a of n.assignees) {
      if (!ASSIGNEE.test(a)) problems.push({ element: n.id, message: `${n.name}: cannot read the approver "${a}"` });
      else if (a.startsWith('auth:') && !auths.has(a.slice(5))) problems.push({ element: n.id, message: `${n.name}: there is no approver rule ${a.slice(5)} (hwfl/setting/approve-auth)` });
    }
    if (!parseApproveWay(n.approveWay)) {
      const method = ways.get(n.approveWay);
      if (method === undefined) problems.push({ element: n.id, message: `${n.name}: the approval method "${n.approveWay}" is neither ANY, ALL, SEQUENCE, PERCENT:n nor a named one (hwfl/setting/approve-way)` });
      else if (!parseApproveWay(method ?? '')) problems.push({ element: n.id, message: `${n.name}: the approval method ${n.approveWay} is "${method ?? ''}"` });
    }
  }
  const externals = new Map(
    (await db.query<{ code: string; external_type: string }>('select code, external_type from hwfl_external where tenant_id = $1 and enabled_flag = 1', [tenantId])).rows.map((r) => [r.code, r.external_type]),
  );
  for (const n of config.nodes.values()) {
    for (const a of n.assignees) if (a.startsWith('rule:') && externals.get(a.slice(5)) !== 'APPROVE_RULE') problems.push({ element: n.id, message: `${n.name}: there is no approver rule service ${a.slice(5)} (hwfl/setting/approve-rule)` });
  }
  for (const id of config.serviceTasks) {
    const code = config.services.get(id);
    if (!code) problems.push({ element: id, message: 'a service task names what it runs with hwfl:service="CODE" (hwfl/setting/service-task)' });
    else if (!['SERVICE_TASK', 'MESSAGE', 'EXPRESSION'].includes(externals.get(code) ?? '')) problems.push({ element: id, message: `there is no enabled service task, message or expression service ${code}` });
  }
  // Process variables a flow reads are declared (hwfl/setting/process-variable), or set by the engine itself.
  const declared = new Set((await db.query<{ code: string }>('select variable_code as code from hwfl_process_variable where tenant_id = $1', [tenantId])).rows.map((r) => r.code));
  // …or set by this process's own service tasks: an expression service under its code, a set-variable under its `name`.
  const used = [...config.services.values()];
  for (const c of used) declared.add(c);
  const setNames = await db.query<{ v: string }>(
    "select p.default_value as v from hwfl_external e join hwfl_external_param p on p.external_id = e.external_id where e.tenant_id = $1 and e.code = any($2::text[]) and p.parameter_name = 'name' and p.parameter_origin = 'CONSTANT'",
    [tenantId, used],
  );
  for (const r of setNames.rows) if (r.v) declared.add(r.v);
  for (const m of xml.matchAll(/variables\.([A-Za-z_]\w*)/g)) {
    if (!declared.has(m[1]!) && !ENGINE_VARIABLES.has(m[1]!)) problems.push({ element: 'definitions', message: `the process variable ${m[1]} is not declared (hwfl/setting/process-variable)` });
  }
  for (const m of xml.matchAll(/conditions\.([A-Za-z0-9_]+)/g)) {
    if (!conditions.has(m[1]!)) problems.push({ element: 'definitions', message: `there is no condition ${m[1]} (hwfl/setting/condition)` });
  }
  return problems;
}

/** Deploys a model of the tenant as the next version of its process key (the model's key). */
export async function deployModel(db: Database, tenantId: number, modelId: number, actor: Actor): Promise<DeployResult> {
  const m = (await db.query<{ model_key: string; name: string; xml: string | null }>('select model_key, name, xml from hwfl_process_model where model_id = $1 and tenant_id = $2', [modelId, tenantId])).rows[0];
  if (!m) throw notFound(`There is no process model ${modelId}`);
  const xml = m.xml ?? '';
  const checked = xml.trim() ? await validateBpmn(xml) : { problems: [{ element: 'definitions', message: 'the model has no diagram yet; draw it and save before deploying' }] };
  const problems = [...checked.problems];
  if (!problems.length) problems.push(...(await settingProblems(db, tenantId, xml)));
  if (problems.length) {
    const message = `Not deployed: ${problems.length} problem(s). ${problems.slice(0, 3).map((p) => `${p.element}: ${p.message}`).join('; ')}`;
    return { failed: true, code: 'hwfl.deploy.invalid', message, type: 'warn', problems };
  }
  const summary = 'summary' in checked ? checked.summary : undefined;
  return db.transaction(async (tx) => {
    // The model row is locked, so two deploys at once get consecutive versions.
    await tx.query('select 1 from hwfl_process_model where model_id = $1 for update', [modelId]);
    const next = (await tx.query<{ n: number }>('select coalesce(max(version_number), 0)::int + 1 as n from hwfl_process_definition where tenant_id = $1 and process_key = $2', [tenantId, m.model_key])).rows[0]!.n;
    const r = await tx.query<Record<string, unknown>>(
      `insert into hwfl_process_definition (tenant_id, model_id, process_key, process_name, version_number, xml, deploy_time, deployed_by_name, created_by, last_updated_by)
       values ($1, $2, $3, $4, $5, $6, now(), $7, $8, $8)
       returning definition_id::float8 as "definitionId", model_id::float8 as "modelId", process_key as "processKey", process_name as "processName", version_number::int as "versionNumber",
                 to_char(deploy_time, 'YYYY-MM-DD HH24:MI:SS') as "deployTime", deployed_by_name as "deployedByName"`,
      [tenantId, modelId, m.model_key, summary?.processName ?? m.name, next, xml, actor.name, actor.userId],
    );
    await tx.query('update hwfl_process_model set deployed_version = $2 where model_id = $1', [modelId, next]);
    return r.rows[0]!;
  });
}
