import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import type { RouteGroup } from '../../http/route-group.ts';
import { EntityRepository } from '../../resources/repository.ts';
import { checkEntityAccess, holdsAnyRoute } from '../../resources/permissions.ts';
import { listQuerySchema } from '../../resources/route-schemas.ts';
import type { Scope } from '../../resources/scope.ts';
import { connectDocuments } from './documents.ts';
import { deployModel } from './deploy.ts';
import { instanceOfRecord } from './store.ts';
import { approvalReaders } from './record-readers.ts';
import { instanceView, type ReadDocument, taskView } from './views.ts';
import { userById } from './people.ts';
import { type Actor, type TaskAct, Workflow } from './workflow.ts';
import { defineRoute } from '../../http/module-route.ts';

const BASE = '/hwfl/v1/:tenantId';
/** Holders of the monitor may jump, suspend, terminate, reassign and retry any instance of the tenant. */
const ADMIN_ROUTES = ['/hwfl/workflow/monitor/list', '/hwfl/setting/task-monitor'];

const id = { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER };
const params = (extra: Record<string, unknown> = {}) => ({ type: 'object', required: ['tenantId', ...Object.keys(extra)], properties: { tenantId: { type: 'integer' }, ...extra } });
const comment = { type: 'string', maxLength: 2000 };

/** The signed-in person acting in the tenant of the path. */
async function actorOf(ctx: ServerContext, scope: Scope): Promise<{ scope: Scope; actor: Actor }> {
  const tenantId = scope.tenantId!;
  const person = await userById(ctx.db, tenantId, scope.auth.userId);
  const admin = scope.auth.roleLevel === 'site' || (await holdsAnyRoute(ctx.db, scope.auth.roleId, ADMIN_ROUTES));
  return { scope, actor: { userId: scope.auth.userId, loginName: scope.auth.loginName, name: person?.name ?? scope.auth.loginName, tenantId, admin } };
}

/**
 * The approval engine's calls (`/hwfl/v1/{tenantId}/…`, the paths the original's front end
 * uses where it has them): acting on tasks, the initiator's recall and revoke, the monitor's
 * moves, deploying a model, and the lists of instances a person started, took part in or was
 * copied on. Lists of one's own tasks and the settings are the entities' generic paths.
 */
async function workflowRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const wf = new Workflow(ctx);
  connectDocuments(ctx, wf);
  const tenantOf = (req: FastifyRequest) => Number((req.params as { tenantId: number }).tenantId);
  const p = <T>(req: FastifyRequest) => req.params as T;
  // The document as its detail page shows it (display texts included), read in the instance's tenant.
  const readDoc: ReadDocument = async (inst) => {
    const e = inst.entityName ? ctx.entities.get(inst.entityName) : undefined;
    if (!e || !inst.recordId) return inst.variables.record ?? null;
    const auth = { token: '', userId: inst.startUserId, loginName: '', tenantId: inst.tenantId, roleId: 0, roleCode: 'hwfl', roleLevel: 'organization', tenantIds: [inst.tenantId], memberTenantIds: [inst.tenantId], language: 'en_US', supplierIds: null };
    return new EntityRepository(e, ctx).get({ auth, tenantId: inst.tenantId }, inst.recordId).catch(() => null);
  };

  defineRoute(app, ctx, { method: 'GET', url: `${BASE}/activiti/task/:taskId`, schema: { tags: ['workflow'], summary: 'A task with its document, history, diagram and the actions it allows', params: params({ taskId: id }) } }, async (req, scope) => {
    const { actor } = await actorOf(ctx, scope);
    return taskView(ctx.db, tenantOf(req), p<{ taskId: number }>(req).taskId, actor, readDoc);
  });

  const actBody = {
    type: 'object',
    required: ['action'],
    additionalProperties: false,
    properties: {
      action: { type: 'string', enum: ['Approved', 'Rejected', 'DELEGATE', 'ADD_SIGN', 'CARBON_COPY'] },
      comment,
      targetUserId: id,
      carbonCopyUserIds: { type: 'array', maxItems: 50, items: id },
      attachmentUuid: { type: 'string', maxLength: 64 },
    },
  };
  defineRoute(app, ctx, { method: 'POST', url: `${BASE}/runtime/tasks/:taskId`, schema: { tags: ['workflow'], summary: 'Act on a task: Approved, Rejected, DELEGATE, ADD_SIGN, CARBON_COPY', params: params({ taskId: id }), body: actBody } }, async (req, scope) => {
    const { actor } = await actorOf(ctx, scope);
    return wf.act(tenantOf(req), p<{ taskId: number }>(req).taskId, actor, req.body as TaskAct);
  });

  // A document's own page (an e-mail link such as /pub/tender/tenderHall/decisionWorkflow/:id) approves
  // or rejects without the task id: the caller's pending task on the document's running approval.
  const decideBody = { type: 'object', required: ['action'], additionalProperties: false, properties: { action: { type: 'string', enum: ['Approved', 'Rejected'] }, comment } };
  defineRoute(app, ctx, {
    method: 'POST',
    url: `${BASE}/runtime/documents/:entity/:recordId`,
    schema: { tags: ['workflow'], summary: "Approve or reject a document through the caller's pending task on it", params: params({ entity: { type: 'string', pattern: '^[a-z][A-Za-z0-9]*$', maxLength: 60 }, recordId: id }), body: decideBody },
  }, async (req, scope) => {
    const { actor } = await actorOf(ctx, scope);
    const { entity, recordId } = p<{ entity: string; recordId: number }>(req);
    const tenantId = tenantOf(req);
    const inst = ctx.entities.get(entity)?.workflow ? await instanceOfRecord(ctx.db, tenantId, entity, recordId) : undefined;
    if (!inst) throw notFound(`${entity} ${recordId} has no approval`);
    const task = (await ctx.db.query<{ id: number }>("select task_id::float8 as id from hwfl_task where instance_id = $1 and assignee_id = $2 and status_code = 'PENDING' order by task_id limit 1", [inst.instanceId, actor.userId])).rows[0];
    if (!task) throw forbidden(`You have no pending approval task on this ${entity}`);
    return wf.act(tenantId, task.id, actor, req.body as TaskAct);
  });

  defineRoute(app, ctx, { method: 'GET', url: `${BASE}/process/instance/:instanceId`, schema: { tags: ['workflow'], summary: 'An instance with its document, history and diagram (initiator, participants, copied people, administrators)', params: params({ instanceId: id }) } }, async (req, scope) => {
    const { actor } = await actorOf(ctx, scope);
    return instanceView(ctx.db, tenantOf(req), p<{ instanceId: number }>(req).instanceId, actor, readDoc);
  });


  // The document page's view of its approval: whether one runs and whether the caller, its
  // initiator, may still take it back (before any approver acted), and the recall itself by the
  // document, so the page needs no instance id. The document must be one the caller may read.
  const docParams = params({ entity: { type: 'string', pattern: '^[a-z][A-Za-z0-9]*$', maxLength: 60 }, recordId: id });
  const runningOf = async (req: FastifyRequest, scope: Scope) => {
    const { actor } = await actorOf(ctx, scope);
    const { entity, recordId } = p<{ entity: string; recordId: number }>(req);
    const e = ctx.entities.get(entity);
    if (!e?.workflow) throw notFound(`${entity} has no approval`);
    await checkEntityAccess(ctx.db, e, scope.auth, 'read');
    await new EntityRepository(e, ctx).get(scope, recordId);
    const inst = await instanceOfRecord(ctx.db, tenantOf(req), entity, recordId);
    return { actor, inst: inst && inst.statusCode !== 'ENDED' ? inst : undefined };
  };
  defineRoute(app, ctx, { method: 'GET', url: `${BASE}/runtime/documents/:entity/:recordId/approval`, schema: { tags: ['workflow'], summary: "A document's running approval as its page shows it: its initiator and whether the caller may recall it", params: docParams } }, async (req, scope) => {
    const { actor, inst } = await runningOf(req, scope);
    if (!inst) return { running: false };
    const acted = (await ctx.db.query("select 1 from hwfl_history where instance_id = $1 and action in ('Approved', 'Rejected', 'ADD_SIGN', 'DELEGATE', 'JUMP') limit 1", [inst.instanceId])).rows.length > 0;
    return { running: true, instanceId: inst.instanceId, startUserName: inst.startUserName, mayRecall: inst.startUserId === actor.userId && !acted };
  });
  defineRoute(app, ctx, { method: 'POST', url: `${BASE}/runtime/documents/:entity/:recordId/recall`, schema: { tags: ['workflow'], summary: 'The initiator takes a document back from its approval (before any approver acted)', params: docParams, body: { type: ['object', 'null'], additionalProperties: false, properties: { comment } } } }, async (req, scope) => {
    const { actor, inst } = await runningOf(req, scope);
    if (!inst) throw notFound('This document has no running approval to recall');
    await wf.withdraw(tenantOf(req), inst.instanceId, actor, 'RECALL', (req.body as { comment?: string } | null)?.comment);
    return {};
  });
  const withComment = { type: ['object', 'null'], additionalProperties: false, properties: { comment } };
  for (const [path, kind] of [['back', 'RECALL'], ['revoke', 'REVOKE']] as const) {
    defineRoute(app, ctx, { method: 'POST', url: `${BASE}/runtime/prc/${path}/:instanceId`, schema: { tags: ['workflow'], summary: `${kind}: the initiator takes the approval back`, params: params({ instanceId: id }), body: withComment } }, async (req, scope) => {
      const { actor } = await actorOf(ctx, scope);
      await wf.withdraw(tenantOf(req), p<{ instanceId: number }>(req).instanceId, actor, kind, (req.body as { comment?: string } | null)?.comment);
      return {};
    });
  }
  for (const [path, op] of [['end', 'TERMINATE'], ['suspend', 'SUSPEND'], ['active', 'RESUME']] as const) {
    defineRoute(app, ctx, { method: 'POST', url: `${BASE}/runtime/prc/${path}/:instanceId`, schema: { tags: ['workflow'], summary: `Monitor: ${op.toLowerCase()} an instance`, params: params({ instanceId: id }), body: withComment } }, async (req, scope) => {
      const { actor } = await actorOf(ctx, scope);
      await wf.control(tenantOf(req), p<{ instanceId: number }>(req).instanceId, actor, op, (req.body as { comment?: string } | null)?.comment);
      return {};
    });
  }
  defineRoute(
    app,
    ctx,
    {
      method: 'POST',
      url: `${BASE}/runtime/execute/:instanceId`,
      schema: {
        tags: ['workflow'],
        summary: 'Monitor: jump to a node, or reassign an open task',
        params: params({ instanceId: id }),
        body: {
          type: 'object',
          required: ['action'],
          additionalProperties: false,
          properties: { action: { type: 'string', enum: ['jump', 'delegate'] }, jumpTarget: { type: 'string', maxLength: 120 }, taskId: id, targetUserId: id, comment },
        },
      },
    },
    async (req, scope) => {
      const { actor } = await actorOf(ctx, scope);
      const b = req.body as { action: string; jumpTarget?: string; taskId?: number; targetUserId?: number; comment?: string };
      const instanceId = p<{ instanceId: number }>(req).instanceId;
      if (b.action === 'jump') {
        if (!b.jumpTarget) throw Object.assign(new Error('body.jumpTarget is required'), { statusCode: 400 });
        await wf.jump(tenantOf(req), instanceId, actor, b.jumpTarget, b.comment);
      } else {
        if (!b.taskId || !b.targetUserId) throw Object.assign(new Error('body.taskId and body.targetUserId are required'), { statusCode: 400 });
        await wf.reassign(tenantOf(req), b.taskId, actor, b.targetUserId, b.comment);
      }
      return {};
    },
  );
  defineRoute(app, ctx, { method: 'POST', url: `${BASE}/runtime/execute/retry`, schema: { tags: ['workflow'], summary: 'Monitor: run again the step that failed', params: params(), body: { type: 'object', required: ['instanceId'], additionalProperties: false, properties: { instanceId: id } } } }, async (req, scope) => {
    const { actor } = await actorOf(ctx, scope);
    await wf.retry(tenantOf(req), (req.body as { instanceId: number }).instanceId, actor);
    return {};
  });

  defineRoute(app, ctx, { method: 'POST', url: `${BASE}/process/models/:modelId/deploy`, schema: { tags: ['workflow'], summary: 'Deploy a model as a new version (refused, naming each element, when it is not valid)', params: params({ modelId: id }) } }, async (req, scope) => {
    const { actor } = await actorOf(ctx, scope);
    if (!actor.admin && !(await holdsAnyRoute(ctx.db, scope.auth.roleId, ['/hwfl/setting/process-define/list']))) throw forbidden('Your role may not deploy processes');
    return deployModel(ctx.db, tenantOf(req), p<{ modelId: number }>(req).modelId, actor);
  });

  defineRoute(
    app,
    ctx,
    {
      method: 'POST',
      url: `${BASE}/process/instance/start-up`,
      schema: {
        tags: ['workflow'],
        summary: 'Start a process by hand (no document): its variables are the record the conditions read',
        params: params(),
        body: {
          type: 'object',
          required: ['processKey', 'description'],
          additionalProperties: false,
          properties: { processKey: { type: 'string', maxLength: 60 }, description: { type: 'string', minLength: 1, maxLength: 480 }, businessKey: { type: 'string', maxLength: 120 }, variables: { type: 'object' } },
        },
      },
    },
    async (req, scope) => {
      const { actor } = await actorOf(ctx, scope);
      const b = req.body as { processKey: string; description: string; businessKey?: string; variables?: Record<string, unknown> };
      const inst = await ctx.db.transaction((tx) => wf.start(tx, tenantOf(req), b.processKey, { businessKey: b.businessKey ?? b.description, description: b.description, record: b.variables ?? {} }, actor));
      return { instanceId: inst.instanceId };
    },
  );

  // Lists of instances by how the caller is involved; filters, sort and paging as every list.
  const instances = new EntityRepository(ctx.entities.get('wflInstance')!, ctx);
  const lists: Record<string, (userId: number) => (params: unknown[]) => string[]> = {
    started: (userId) => (ps) => (ps.push(userId), [`t.start_user_id = $${ps.length}`]),
    involved: (userId) => (ps) => (
      ps.push(userId),
      [`(t.instance_id in (select h.instance_id from hwfl_history h where h.user_id = $${ps.length} and h.action <> 'START') or t.instance_id in (select k.instance_id from hwfl_task k where k.assignee_id = $${ps.length} and k.status_code = 'DONE'))`]
    ),
    'carbon-copy': (userId) => (ps) => (ps.push(userId), [`t.instance_id in (select c.instance_id from hwfl_carbon_copy c where c.user_id = $${ps.length})`]),
  };
  for (const [name, where] of Object.entries(lists)) {
    defineRoute(app, ctx, { method: 'GET', url: `${BASE}/process/instance/${name}`, schema: { tags: ['workflow'], summary: `Instances the caller ${name === 'started' ? 'started' : name === 'involved' ? 'took part in' : 'was copied on'}`, params: params(), querystring: listQuerySchema(ctx.entities.get('wflInstance')!, 'tenant') } }, async (req, scope) => {
      return instances.list(scope, req.query as Record<string, unknown>, where(scope.auth.userId));
    });
  }

  // Every open task of the tenant, whoever holds it (the task monitor): the task entity without its owner rule.
  const taskEntity = ctx.entities.get('wflTask')!;
  const allTasks = new EntityRepository({ ...taskEntity, ownerField: undefined }, ctx);
  defineRoute(app, ctx, { method: 'GET', url: `${BASE}/tasks/all`, schema: { tags: ['workflow'], summary: "Monitor: every task of the tenant, whoever's", params: params(), querystring: listQuerySchema(taskEntity, 'tenant') } }, async (req, scope) => {
    const { actor } = await actorOf(ctx, scope);
    if (!actor.admin) throw forbidden('Only a process administrator can see every task');
    return allTasks.list(scope, req.query as Record<string, unknown>);
  });

  // People a task can be passed to (delegate, add sign, copy): the tenant's enabled users.
  defineRoute(app, ctx, { method: 'GET', url: `${BASE}/users`, schema: { tags: ['workflow'], summary: 'Users of the tenant to pass a task to', params: params(), querystring: { type: 'object', properties: { name: { type: 'string', maxLength: 60 } } } } }, async (req, scope) => {
    const name = (req.query as { name?: string }).name?.replace(/[\\%_]/g, (c) => `\\${c}`) ?? '';
    const r = await ctx.db.query<{ userId: number; loginName: string; name: string }>(
      `select u.id::float8 as "userId", u.login_name as "loginName", coalesce(u.real_name, u.login_name) as name from iam_user u
        where u.organization_id = $1 and u.enabled_flag = 1 and (u.login_name ilike $2 or u.real_name ilike $2) order by u.login_name limit 50`,
      [scope.tenantId, `%${name}%`],
    );
    return r.rows;
  });
}

export const routes: RouteGroup[] = [workflowRoutes, approvalReaders];
