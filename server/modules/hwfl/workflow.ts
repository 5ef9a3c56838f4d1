import type { ServerContext } from '../../context.ts';
import { afterCommit, type Queryable } from '../../db/database.ts';
import { BusinessError, forbidden, HttpError } from '../../http/errors.ts';
import { EntityRepository } from '../../resources/repository.ts';
import { sendMessages } from '../hmsg/message-store.ts';
import { deployedConfig, type NodeConfig, type ProcessConfig } from './bpmn/node-config.ts';
import { jumpRun, type RunResult, type ServiceRunner, signalRun, startRun } from './bpmn/run.ts';
import { runExternal } from './handlers.ts';
import { decideRound } from './decide.ts';
import { approveWayOf, namedConditions } from './named.ts';
import { delegateOf, type Person, resolveAssignees, userById } from './people.ts';
import {
  addHistory, alreadyHandled, type DefinitionRow, definitionById, type InstanceRow, type InstanceVars, latestDefinition, lockInstance, lockTask, openTasks, type TaskRow, tasksOf,
} from './store.ts';

/** Who acts: the signed-in user in the tenant of the instance. */
export interface Actor extends Person {
  tenantId: number;
  /** Holds the monitor (jump, suspend, terminate, reassign, retry). */
  admin: boolean;
}

/** A document submitted for approval: the `record` its process reads, and where it is shown. */
export interface DocumentRef {
  entityName?: string;
  recordId?: number;
  businessKey: string;
  description: string;
  detailRoute?: string;
  record: Record<string, unknown>;
  /** Applied to the document when the instance ends (entity `workflow` declaration). */
  onEnd?: (tx: Queryable, result: string) => Promise<void>;
}

/** The body of an act on a task (§4's labels). */
export interface TaskAct {
  action: string;
  comment?: string;
  targetUserId?: number;
  carbonCopyUserIds?: number[];
  attachmentUuid?: string;
}

type Outbox = Array<{ userIds: number[]; subject: string; content?: string }>;

/** Results that end an instance, and the document move each applies (entity `workflow`). */
export type EndResult = 'APPROVED' | 'REJECTED' | 'RECALLED' | 'REVOKED' | 'TERMINATED';

/** What happens to a document when its instance ends: applied in the same transaction. */
export type DocumentMove = (tx: Queryable, inst: InstanceRow, result: EndResult, actor: Actor) => Promise<void>;

const ts = () => new Date().toISOString().slice(0, 19).replace('T', ' ');

/**
 * The approval engine's service: instances and tasks in the database, the flow run by
 * bpmn-engine from the state stored after every step. Every step locks its instance row, so two
 * people (or two server instances on one PostgreSQL) acting at once are serialised and exactly
 * one of two acts on the same task wins; the other is told who handled it.
 */
export class Workflow {
  private moves = new Map<string, DocumentMove>();

  constructor(private readonly ctx: ServerContext) {}

  /** How the documents of an entity follow their instance's end (documents.ts registers them). */
  onDocumentEnd(entityName: string, move: DocumentMove): void {
    this.moves.set(entityName, move);
  }

  private config(def: DefinitionRow): Promise<ProcessConfig> {
    return deployedConfig(def.xml);
  }

  /** Starts the latest deployed version of `processKey` for a document, inside the caller's transaction. */
  async start(tx: Queryable, tenantId: number, processKey: string, doc: DocumentRef, starter: Actor, opts: { quiet?: boolean } = {}): Promise<InstanceRow> {
    const def = await latestDefinition(tx, tenantId, processKey);
    if (!def) throw new BusinessError('hwfl.process.notDeployed', `No version of the process ${processKey} is deployed in this tenant; deploy it on Process definitions first`, 'warn');
    const vars: InstanceVars = { record: doc.record, variables: {}, initiator: { userId: starter.userId, loginName: starter.loginName, name: starter.name } };
    const detailRoute = await this.documentPage(tx, tenantId, processKey, doc);
    const r = await tx.query<{ id: number }>(
      `insert into hwfl_process_instance (tenant_id, definition_id, process_key, process_name, version_number, business_key, entity_name, record_id, description, detail_route,
         start_user_id, start_user_name, start_time, status_code, variables, created_by, last_updated_by)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, now(), 'RUNNING', $13, $11, $11) returning instance_id::float8 as id`,
      [tenantId, def.definitionId, def.processKey, def.processName ?? def.processKey, def.versionNumber, doc.businessKey, doc.entityName ?? null, doc.recordId ?? null,
        doc.description, detailRoute, starter.userId, starter.name, JSON.stringify(vars)],
    );
    const inst = await lockInstance(tx, tenantId, r.rows[0]!.id);
    await addHistory(tx, tenantId, { instanceId: inst.instanceId, action: 'START', userId: starter.userId, userName: starter.name, nodeName: def.processName ?? def.processKey });
    const outbox: Outbox = [];
    await this.listen(tx, inst, 'PROCESS', 'start', outbox);
    const services = await this.services(tx, inst, def, outbox);
    const run = await this.step(() => this.conditions(tx, inst).then((conditions) => startRun(this.runName(inst), def.xml, { ...vars, conditions }, services)));
    await this.afterStep(tx, inst, def, run, starter, outbox);
    if (!opts.quiet) this.send(tx, tenantId, outbox, starter);
    return inst;
  }

  /** An act on a task by its assignee: Approved, Rejected, DELEGATE, ADD_SIGN or CARBON_COPY. */
  async act(tenantId: number, taskId: number, actor: Actor, body: TaskAct): Promise<{ instanceId: number; statusCode: string; resultCode: string | null }> {
    return this.ctx.db.transaction(async (tx) => {
      // The instance first, then the task: every step of one instance takes the locks in the same order.
      const peek = await tx.query<{ instance_id: number }>('select instance_id::float8 as instance_id from hwfl_task where task_id = $1 and tenant_id = $2', [taskId, tenantId]);
      if (!peek.rows[0]) throw new HttpError(404, 'error.not_found', `There is no task ${taskId}`);
      const inst = await lockInstance(tx, tenantId, peek.rows[0].instance_id);
      const task = await lockTask(tx, tenantId, taskId);
      if (task.statusCode !== 'PENDING') throw alreadyHandled(task);
      if (task.assigneeId !== actor.userId) throw forbidden(`This task is assigned to ${task.assigneeName}; only they can act on it`);
      if (inst.statusCode === 'SUSPENDED') throw new BusinessError('hwfl.instance.suspended', 'The process is suspended by an administrator; it cannot be approved until it is resumed', 'warn');
      if (inst.statusCode !== 'RUNNING') throw new BusinessError('hwfl.instance.notRunning', `The process is ${inst.statusCode.toLowerCase()}`, 'warn');
      const def = await definitionById(tx, inst.definitionId);
      const config = await this.config(def);
      const node = config.nodes.get(task.elementId);
      // Separation of duties holds however the task reached them (a delegation, a reassignment by the monitor).
      if ((body.action === 'Approved' || body.action === 'Rejected') && actor.userId === inst.startUserId && !config.selfApproval) {
        throw forbidden(`${inst.startUserName} submitted this document and may not decide its approval; this process does not allow approving one's own document`);
      }
      if ((body.action === 'DELEGATE' || body.action === 'ADD_SIGN') && body.targetUserId === inst.startUserId && !config.selfApproval) {
        throw new BusinessError('hwfl.delegate.initiator', `${inst.startUserName} submitted this document: its approval cannot go to them`, 'warn');
      }
      const outbox: Outbox = [];
      const handler = this.actions[body.action];
      if (!handler) throw new HttpError(400, 'error.validation', `action must be one of ${Object.keys(this.actions).join(', ')}`);
      if (node && !['Approved', 'Rejected'].includes(body.action) && !node.actions.includes(body.action)) {
        throw new BusinessError('hwfl.action.notAllowed', `${node.name} does not allow ${body.action}`, 'warn');
      }
      await handler.call(this, tx, { inst, def, task, node, actor, body, outbox });
      // Approved and Rejected copy within their step (before the flow moves on); the others after it.
      if (body.carbonCopyUserIds?.length && !['CARBON_COPY', 'Approved', 'Rejected'].includes(body.action)) await this.carbonCopy(tx, { inst, def, task, node, actor, body, outbox });
      this.send(tx, tenantId, outbox, actor);
      const now = await lockInstance(tx, tenantId, inst.instanceId);
      return { instanceId: now.instanceId, statusCode: now.statusCode, resultCode: now.resultCode };
    });
  }

  private readonly actions: Record<string, (this: Workflow, tx: Queryable, c: ActContext) => Promise<void>> = {
    Approved: (tx, c) => this.complete(tx, c, 'Approved'),
    Rejected: (tx, c) => this.complete(tx, c, 'Rejected'),
    DELEGATE: async (tx, c) => {
      const to = await this.target(tx, c);
      if (to.userId === c.task.assigneeId) throw new BusinessError('hwfl.delegate.self', 'The task is already yours', 'warn');
      await tx.query('update hwfl_task set assignee_id = $2, assignee_name = $3, owner_name = coalesce(owner_name, $4), object_version_number = object_version_number + 1, last_update_date = now() where task_id = $1', [
        c.task.taskId, to.userId, to.name, c.task.assigneeName,
      ]);
      await addHistory(tx, c.inst.tenantId, { instanceId: c.inst.instanceId, taskId: c.task.taskId, nodeName: c.task.name, action: 'DELEGATE', userId: c.actor.userId, userName: c.actor.name, targetName: to.name, comment: c.body.comment ?? null, attachmentUuid: c.body.attachmentUuid ?? null });
      c.outbox.push(this.taskMessage(c.inst, c.task.name, [to.userId], `${c.actor.name} passed this approval to you`));
      await this.refreshCurrent(tx, c.inst);
    },
    ADD_SIGN: async (tx, c) => {
      const to = await this.target(tx, c);
      const open = await tasksOf(tx, c.inst.instanceId, "batch_num = $2 and element_id = $3 and assignee_id = $4 and status_code in ('PENDING', 'WAITING')", [c.task.batchNum, c.task.elementId, to.userId]);
      if (open.length) throw new BusinessError('hwfl.addSign.already', `${to.name} is already an approver of ${c.task.name}`, 'warn');
      await this.insertTask(tx, c.inst, { elementId: c.task.elementId, name: c.task.name, person: to, status: 'PENDING', batchNum: c.task.batchNum, approveWay: c.task.approveWay, sequenceNum: 0, added: true });
      await addHistory(tx, c.inst.tenantId, { instanceId: c.inst.instanceId, taskId: c.task.taskId, nodeName: c.task.name, action: 'ADD_SIGN', userId: c.actor.userId, userName: c.actor.name, targetName: to.name, comment: c.body.comment ?? null, attachmentUuid: c.body.attachmentUuid ?? null });
      c.outbox.push(this.taskMessage(c.inst, c.task.name, [to.userId], `${c.actor.name} asked you to approve as well`));
      await this.refreshCurrent(tx, c.inst);
    },
    CARBON_COPY: (tx, c) => this.carbonCopy(tx, c),
  };

  private async target(tx: Queryable, c: ActContext): Promise<Person> {
    if (!c.body.targetUserId) throw new HttpError(400, 'error.validation', `targetUserId is required for ${c.body.action}`);
    const to = await userById(tx, c.inst.tenantId, c.body.targetUserId);
    if (!to) throw new HttpError(400, 'error.validation', `targetUserId ${c.body.targetUserId} is not an enabled user of this tenant`);
    return to;
  }

  private async carbonCopy(tx: Queryable, c: ActContext): Promise<void> {
    const ids = [...new Set(c.body.carbonCopyUserIds ?? [])];
    if (!ids.length) throw new HttpError(400, 'error.validation', 'carbonCopyUserIds is required for CARBON_COPY');
    const people: Person[] = [];
    for (const id of ids) {
      const p = await userById(tx, c.inst.tenantId, id);
      if (!p) throw new HttpError(400, 'error.validation', `carbonCopyUserIds: ${id} is not an enabled user of this tenant`);
      people.push(p);
    }
    for (const p of people) {
      await tx.query(
        `insert into hwfl_carbon_copy (tenant_id, instance_id, user_id, from_user_name, process_name, description, read_flag, cc_time, created_by, last_updated_by)
         values ($1, $2, $3, $4, $5, $6, 0, now(), $7, $7)`,
        [c.inst.tenantId, c.inst.instanceId, p.userId, c.actor.name, c.inst.processName, c.inst.description, c.actor.userId],
      );
    }
    await addHistory(tx, c.inst.tenantId, { instanceId: c.inst.instanceId, taskId: c.task.taskId, nodeName: c.task.name, action: 'CARBON_COPY', userId: c.actor.userId, userName: c.actor.name, targetName: people.map((p) => p.name).join(', '), comment: c.body.action === 'CARBON_COPY' ? (c.body.comment ?? null) : null });
    c.outbox.push({ userIds: people.map((p) => p.userId), subject: `[CC] ${c.inst.processName}: ${c.inst.description ?? ''}`, content: `${c.actor.name} sent you a copy of this approval.` });
  }

  /** Approved or Rejected: the task is done; the node's approve way decides whether the flow moves on. */
  private async complete(tx: Queryable, c: ActContext, action: 'Approved' | 'Rejected'): Promise<void> {
    const done = await tx.query(
      "update hwfl_task set status_code = 'DONE', action = $2, end_time = now(), object_version_number = object_version_number + 1, last_update_date = now() where task_id = $1 and status_code = 'PENDING'",
      [c.task.taskId, action],
    );
    if (!done.affectedRows) throw alreadyHandled(c.task);
    await addHistory(tx, c.inst.tenantId, { instanceId: c.inst.instanceId, taskId: c.task.taskId, nodeName: c.task.name, action, userId: c.actor.userId, userName: c.actor.name, comment: c.body.comment ?? null, attachmentUuid: c.body.attachmentUuid ?? null });
    if (c.body.carbonCopyUserIds?.length) await this.carbonCopy(tx, c);
    await this.listen(tx, c.inst, 'TASK', 'complete', c.outbox);
    const round = await tasksOf(tx, c.inst.instanceId, 'batch_num = $2', [c.task.batchNum]);
    const decision = decideRound(c.task.approveWay, round.map((t) => ({ status: t.statusCode, action: t.action, added: !!t.addedFlag, sequenceNum: t.sequenceNum })));
    if (decision.outcome === 'wait') {
      if (decision.wake !== undefined) {
        const next = round.find((t) => t.statusCode === 'WAITING' && t.sequenceNum === decision.wake)!;
        await tx.query("update hwfl_task set status_code = 'PENDING', create_time = now() where task_id = $1", [next.taskId]);
        c.outbox.push(this.taskMessage(c.inst, next.name, [next.assigneeId]));
      }
      await this.refreshCurrent(tx, c.inst);
      return;
    }
    await tx.query("update hwfl_task set status_code = 'CANCELED', end_time = now() where instance_id = $1 and batch_num = $2 and status_code in ('PENDING', 'WAITING')", [c.inst.instanceId, c.task.batchNum]);
    if (decision.outcome === 'rejected') return this.finish(tx, c.inst, 'REJECTED', c.actor, c.outbox);
    await this.advance(tx, c.inst, c.def, c.task.elementId, { approveResult: 'Approved', lastApprover: c.actor.loginName }, c.actor, c.outbox);
  }

  /**
   * Moves the engine past a node. A failure here (a condition that cannot be evaluated, a next
   * node whose rule names nobody) does not undo the approval just given: the instance is marked
   * EXCEPTION with the reason and the step waits for a retry from the monitor.
   */
  private async advance(tx: Queryable, inst: InstanceRow, def: DefinitionRow, elementId: string, output: Record<string, unknown>, actor: Actor, outbox: Outbox): Promise<void> {
    const vars: InstanceVars = { ...inst.variables, variables: { ...inst.variables.variables, ...output } };
    delete vars.retry;
    await tx.query('savepoint hwfl_step');
    try {
      const next = { ...inst, variables: vars };
      const conditions = await this.conditions(tx, next);
      const services = await this.services(tx, next, def, outbox);
      const run = await this.step(() => signalRun(this.runName(inst), inst.state!, elementId, output, { variables: vars.variables, conditions }, services));
      await this.afterStep(tx, next, def, run, actor, outbox);
      await tx.query('release savepoint hwfl_step');
    } catch (e) {
      if (!(e instanceof BusinessError)) throw e;
      await tx.query('rollback to savepoint hwfl_step');
      await tx.query("update hwfl_process_instance set status_code = 'EXCEPTION', exception_msg = $2, variables = $3, current_approver = null where instance_id = $1", [
        inst.instanceId, e.message, JSON.stringify({ ...vars, retry: { elementId, output } }),
      ]);
      await addHistory(tx, inst.tenantId, { instanceId: inst.instanceId, action: 'EXCEPTION', userId: actor.userId, userName: actor.name, comment: e.message });
    }
  }

  /** After the engine moved: store its state, open the tasks of the nodes it now waits on, or end. */
  private async afterStep(tx: Queryable, inst: InstanceRow, def: DefinitionRow, run: RunResult, actor: Actor, outbox: Outbox): Promise<void> {
    // Service tasks may have set process variables (services() put them on inst): stored with the state.
    await tx.query("update hwfl_process_instance set state = $2, variables = $3, status_code = 'RUNNING', exception_msg = null, last_update_date = now() where instance_id = $1", [
      inst.instanceId, run.state, JSON.stringify(inst.variables),
    ]);
    inst.state = run.state;
    if (run.ended) return this.finish(tx, inst, 'APPROVED', actor, outbox);
    const config = await this.config(def);
    const open = new Set((await openTasks(tx, inst.instanceId)).map((t) => t.elementId));
    for (const w of run.waiting) {
      if (open.has(w.id)) continue;
      await this.openNode(tx, inst, config.nodes.get(w.id) ?? { id: w.id, name: w.name ?? w.id, assignees: [], approveWay: 'ANY', actions: [] }, outbox, config.selfApproval);
    }
    await this.refreshCurrent(tx, inst);
  }

  /** A node's round: one task per approver (a sequence wakes them one by one), delegations applied. */
  private async openNode(tx: Queryable, inst: InstanceRow, node: NodeConfig, outbox: Outbox, selfApproval: boolean): Promise<void> {
    const named = await resolveAssignees(tx, inst.tenantId, node.assignees, inst.variables as unknown as Record<string, unknown>);
    // Nobody approves their own document: the rule's other people do; where it names only the
    // initiator, the process must say it allows that (hwfl:selfApproval), or the step is refused.
    const others = named.filter((p) => p.userId !== inst.startUserId);
    if (!others.length && named.length && !selfApproval) {
      throw new BusinessError('hwfl.assignee.selfOnly', `${node.name} (${node.id}): the only approver named is ${inst.startUserName}, who submitted it, and this process does not let anyone approve their own document; name another approver`, 'warn');
    }
    const people = others.length ? others : named;
    if (!people.length) {
      throw new BusinessError('hwfl.assignee.nobody', `${node.name} (${node.id}): ${node.assignees.length ? `the approvers ${node.assignees.join(', ')} name nobody` : 'no approver is set'}; nothing was submitted`, 'warn');
    }
    const way = await approveWayOf(tx, inst.tenantId, node.approveWay, `${node.name} (${node.id})`);
    const batch = (await tx.query<{ n: number }>('select coalesce(max(batch_num), 0)::int + 1 as n from hwfl_task where instance_id = $1', [inst.instanceId])).rows[0]!.n;
    const woken: number[] = [];
    for (const [i, p] of people.entries()) {
      const standing = await delegateOf(tx, inst.tenantId, p.userId);
      // A standing delegation does not hand the initiator their own document's approval.
      const delegate = standing && standing.userId === inst.startUserId && !selfApproval ? undefined : standing;
      const status = way === 'SEQUENCE' && i > 0 ? 'WAITING' : 'PENDING';
      const taskId = await this.insertTask(tx, inst, { elementId: node.id, name: node.name, person: delegate ?? p, owner: delegate ? p : undefined, status, batchNum: batch, approveWay: way, sequenceNum: i + 1, added: false });
      if (delegate) {
        await addHistory(tx, inst.tenantId, { instanceId: inst.instanceId, taskId, nodeName: node.name, action: 'AUTO_DELEGATE', userId: p.userId, userName: p.name, targetName: delegate.name, comment: 'delegation rule' });
      }
      if (status === 'PENDING') woken.push((delegate ?? p).userId);
    }
    if (woken.length) outbox.push(this.taskMessage(inst, node.name, woken));
    await this.listen(tx, inst, 'TASK', 'create', outbox);
  }

  private async insertTask(
    tx: Queryable,
    inst: InstanceRow,
    t: { elementId: string; name: string; person: Person; owner?: Person; status: string; batchNum: number; approveWay: string; sequenceNum: number; added: boolean },
  ): Promise<number> {
    const r = await tx.query<{ id: number }>(
      `insert into hwfl_task (tenant_id, instance_id, element_id, name, process_key, process_name, description, start_user_name, assignee_id, assignee_name, owner_name,
         status_code, batch_num, approve_way, sequence_num, added_flag, detail_route, priority, create_time, created_by, last_updated_by)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, 50, now(), $9, $9) returning task_id::float8 as id`,
      [inst.tenantId, inst.instanceId, t.elementId, t.name, inst.processKey, inst.processName, inst.description, inst.startUserName, t.person.userId, t.person.name, t.owner?.name ?? null,
        t.status, t.batchNum, t.approveWay, t.sequenceNum, t.added ? 1 : 0, inst.detailRoute],
    );
    return r.rows[0]!.id;
  }

  /** The instance ends: open tasks close, the document moves, the initiator is told. */
  async finish(tx: Queryable, inst: InstanceRow, result: EndResult, actor: Actor, outbox: Outbox): Promise<void> {
    await tx.query("update hwfl_task set status_code = 'CANCELED', end_time = now() where instance_id = $1 and status_code in ('PENDING', 'WAITING')", [inst.instanceId]);
    await tx.query(
      "update hwfl_process_instance set status_code = 'ENDED', result_code = $2, end_time = now(), current_node_name = null, current_approver = null, exception_msg = null, last_update_date = now() where instance_id = $1",
      [inst.instanceId, result],
    );
    await addHistory(tx, inst.tenantId, { instanceId: inst.instanceId, action: 'END', userId: actor.userId, userName: actor.name, targetName: result });
    await this.listen(tx, inst, 'PROCESS', 'end', outbox);
    if (inst.entityName) await this.moves.get(inst.entityName)?.(tx, inst, result, actor);
    outbox.push({ userIds: [inst.startUserId], subject: `[${result}] ${inst.processName}: ${inst.description ?? ''}`, content: `${inst.processName} ${inst.description ?? ''} ended: ${result.toLowerCase()} (${actor.name}, ${ts()}).` });
    if (inst.entityName && inst.recordId) {
      const payload = { entity: inst.entityName, id: inst.recordId, instanceId: inst.instanceId, result };
      afterCommit(tx, () => this.ctx.events.publish({ type: 'record.changed', userId: 0, tenantId: inst.tenantId, payload }));
    }
  }

  /** Who the instance waits on now, for the lists. */
  private async refreshCurrent(tx: Queryable, inst: InstanceRow): Promise<void> {
    const open = await tasksOf(tx, inst.instanceId, "status_code = 'PENDING'");
    const nodes = [...new Set(open.map((t) => t.name))].join(', ');
    const people = [...new Set(open.map((t) => t.assigneeName))].join(', ');
    await tx.query('update hwfl_process_instance set current_node_name = $2, current_approver = $3 where instance_id = $1', [inst.instanceId, nodes || null, people || null]);
  }

  // ---- the initiator's and the administrator's moves ----

  /**
   * The initiator takes the submission back: RECALL while no approver has acted yet (the
   * document returns to its draft status), REVOKE at any point while it runs.
   */
  async withdraw(tenantId: number, instanceId: number, actor: Actor, kind: 'RECALL' | 'REVOKE', comment?: string): Promise<void> {
    await this.ctx.db.transaction(async (tx) => {
      const inst = await lockInstance(tx, tenantId, instanceId);
      if (inst.startUserId !== actor.userId && !(kind === 'REVOKE' && actor.admin)) throw forbidden(`Only ${inst.startUserName}, who started it, can ${kind.toLowerCase()} this approval`);
      if (inst.statusCode === 'ENDED') throw new BusinessError('hwfl.instance.ended', 'The approval has already ended', 'warn');
      if (kind === 'RECALL') {
        const acted = await tx.query("select 1 from hwfl_history where instance_id = $1 and action in ('Approved', 'Rejected', 'ADD_SIGN', 'DELEGATE', 'JUMP') limit 1", [instanceId]);
        if (acted.rows.length) throw new BusinessError('hwfl.recall.tooLate', 'An approver has already acted on it; it can no longer be recalled (revoke it instead)', 'warn');
      }
      await addHistory(tx, tenantId, { instanceId, action: kind, userId: actor.userId, userName: actor.name, comment: comment ?? null });
      const outbox: Outbox = [];
      const waiting = (await openTasks(tx, instanceId)).map((t) => t.assigneeId);
      if (waiting.length) outbox.push({ userIds: waiting, subject: `[${kind}] ${inst.processName}: ${inst.description ?? ''}`, content: `${actor.name} took this approval back; the task is closed.` });
      await this.finish(tx, inst, kind === 'RECALL' ? 'RECALLED' : 'REVOKED', actor, outbox);
      this.send(tx, tenantId, outbox, actor);
    });
  }

  /** Monitor: suspend, resume or terminate a running instance. */
  async control(tenantId: number, instanceId: number, actor: Actor, op: 'SUSPEND' | 'RESUME' | 'TERMINATE', comment?: string): Promise<void> {
    if (!actor.admin) throw forbidden('Only a process administrator can do this');
    await this.ctx.db.transaction(async (tx) => {
      const inst = await lockInstance(tx, tenantId, instanceId);
      const allowed: Record<typeof op, string[]> = { SUSPEND: ['RUNNING'], RESUME: ['SUSPENDED'], TERMINATE: ['RUNNING', 'SUSPENDED', 'EXCEPTION'] };
      if (!allowed[op].includes(inst.statusCode)) throw new BusinessError('hwfl.instance.status', `Cannot ${op.toLowerCase()} an instance that is ${inst.statusCode.toLowerCase()}`, 'warn');
      await addHistory(tx, tenantId, { instanceId, action: op, userId: actor.userId, userName: actor.name, comment: comment ?? null });
      const outbox: Outbox = [];
      if (op === 'TERMINATE') await this.finish(tx, inst, 'TERMINATED', actor, outbox);
      else await tx.query('update hwfl_process_instance set status_code = $2, last_update_date = now() where instance_id = $1', [instanceId, op === 'SUSPEND' ? 'SUSPENDED' : 'RUNNING']);
      this.send(tx, tenantId, outbox, actor);
    });
  }

  /** Monitor: the instance leaves its current nodes and waits on `target` (any user task, forward or back). */
  async jump(tenantId: number, instanceId: number, actor: Actor, target: string, comment?: string): Promise<void> {
    if (!actor.admin) throw forbidden('Only a process administrator can jump');
    await this.ctx.db.transaction(async (tx) => {
      const inst = await lockInstance(tx, tenantId, instanceId);
      if (!['RUNNING', 'EXCEPTION'].includes(inst.statusCode)) throw new BusinessError('hwfl.instance.status', `Cannot jump in an instance that is ${inst.statusCode.toLowerCase()}`, 'warn');
      const def = await definitionById(tx, inst.definitionId);
      const node = (await this.config(def)).nodes.get(target);
      if (!node) throw new HttpError(400, 'error.validation', `jumpTarget ${target} is not a user task of ${def.processKey}`);
      await tx.query("update hwfl_task set status_code = 'CANCELED', end_time = now() where instance_id = $1 and status_code in ('PENDING', 'WAITING')", [instanceId]);
      await addHistory(tx, tenantId, { instanceId, action: 'JUMP', userId: actor.userId, userName: actor.name, targetName: node.name, comment: comment ?? null });
      const vars = { ...inst.variables };
      delete vars.retry;
      const outbox: Outbox = [];
      const conditions = await this.conditions(tx, inst);
      const next = { ...inst, variables: vars };
      const services = await this.services(tx, next, def, outbox);
      const run = await this.step(() => jumpRun(this.runName(inst), def.xml, target, { ...vars, conditions }, services));
      await this.afterStep(tx, next, def, run, actor, outbox);
      this.send(tx, tenantId, outbox, actor);
    });
  }

  /** Monitor or exceptions: runs again the step that failed after its task was done. */
  async retry(tenantId: number, instanceId: number, actor: Actor): Promise<void> {
    if (!actor.admin) throw forbidden('Only a process administrator can retry');
    await this.ctx.db.transaction(async (tx) => {
      const inst = await lockInstance(tx, tenantId, instanceId);
      const retry = inst.variables.retry;
      if (inst.statusCode !== 'EXCEPTION' || !retry) throw new BusinessError('hwfl.instance.noException', 'The instance has no failed step to retry', 'warn');
      await addHistory(tx, tenantId, { instanceId, action: 'RETRY', userId: actor.userId, userName: actor.name });
      const outbox: Outbox = [];
      const def = await definitionById(tx, inst.definitionId);
      await this.advance(tx, inst, def, retry.elementId, retry.output, actor, outbox);
      const now = await lockInstance(tx, tenantId, instanceId);
      if (now.statusCode === 'EXCEPTION') throw new BusinessError('hwfl.retry.failed', `The step failed again: ${(await tx.query<{ m: string }>('select exception_msg as m from hwfl_process_instance where instance_id = $1', [instanceId])).rows[0]?.m}`, 'warn');
      this.send(tx, tenantId, outbox, actor);
    });
  }

  /** Monitor: hands an open task to someone else (the administrator's delegate). */
  async reassign(tenantId: number, taskId: number, actor: Actor, targetUserId: number, comment?: string): Promise<void> {
    if (!actor.admin) throw forbidden('Only a process administrator can reassign a task');
    await this.ctx.db.transaction(async (tx) => {
      const peek = await tx.query<{ instance_id: number }>('select instance_id::float8 as instance_id from hwfl_task where task_id = $1 and tenant_id = $2', [taskId, tenantId]);
      if (!peek.rows[0]) throw new HttpError(404, 'error.not_found', `There is no task ${taskId}`);
      const inst = await lockInstance(tx, tenantId, peek.rows[0].instance_id);
      const task = await lockTask(tx, tenantId, taskId);
      if (task.statusCode !== 'PENDING' && task.statusCode !== 'WAITING') throw alreadyHandled(task);
      const to = await userById(tx, tenantId, targetUserId);
      if (!to) throw new HttpError(400, 'error.validation', `targetUserId ${targetUserId} is not an enabled user of this tenant`);
      await tx.query('update hwfl_task set assignee_id = $2, assignee_name = $3, owner_name = coalesce(owner_name, $4), last_update_date = now() where task_id = $1', [taskId, to.userId, to.name, task.assigneeName]);
      await addHistory(tx, tenantId, { instanceId: inst.instanceId, taskId, nodeName: task.name, action: 'DELEGATE', userId: actor.userId, userName: actor.name, targetName: to.name, comment: comment ?? 'reassigned by an administrator' });
      await this.refreshCurrent(tx, inst);
      this.send(tx, tenantId, task.statusCode === 'PENDING' ? [this.taskMessage(inst, task.name, [to.userId], `${actor.name} assigned this approval to you`)] : [], actor);
    });
  }

  // ---- helpers ----

  /**
   * The page showing the document inside its tasks: a form of the process key (hwfl/setting/form-manage,
   * embedded when its flag is on) before the entity's own detail page, then an interface mapping of
   * the key (hwfl/setting/interface-map); `{recordId}` is the document's id.
   */
  private async documentPage(tx: Queryable, tenantId: number, processKey: string, doc: DocumentRef): Promise<string | null> {
    const pick = async (sql: string) => (await tx.query<{ url: string }>(sql, [tenantId, processKey])).rows[0]?.url;
    const fill = (url: string) => url.replace('{recordId}', String(doc.recordId ?? ''));
    const form = await pick('select url from hwfl_form where tenant_id = $1 and form_code = $2 and invoke_flag = 1');
    if (form) return fill(form);
    if (doc.detailRoute) return doc.detailRoute;
    const mapped = await pick('select url from hwfl_interface_map where tenant_id = $1 and map_code = $2');
    return mapped && doc.recordId ? fill(mapped) : null;
  }

  /** Runs the service tasks of the definition: each names an external definition (`hwfl:service`). */
  private async services(tx: Queryable, inst: InstanceRow, def: DefinitionRow, outbox: Outbox): Promise<ServiceRunner> {
    const config = await this.config(def);
    return async (elementId, envVars) => {
      const code = config.services.get(elementId);
      if (!code) throw new Error(`${elementId}: a service task names its definition with hwfl:service`);
      const r = await runExternal(tx, inst.tenantId, code, ['SERVICE_TASK', 'MESSAGE', 'EXPRESSION'], envVars, (userIds, subject, content) => outbox.push({ userIds, subject, content }));
      // An expression service's value becomes the variable named by its code (`variables.PO_AMOUNT`);
      // the instance keeps what a service task set (afterStep stores inst.variables).
      const set = r.value !== undefined ? { ...r.set, [code]: r.value } : r.set;
      if (set) inst.variables = { ...inst.variables, variables: { ...inst.variables.variables, ...set } };
      return set;
    };
  }

  /** The tenant's listeners of `type`/`event` for the process's category (or for every process) run their definition. */
  private async listen(tx: Queryable, inst: InstanceRow, type: 'TASK' | 'PROCESS', event: string, outbox: Outbox): Promise<void> {
    const r = await tx.query<{ code: string; service_code: string }>(
      `select l.code, l.service_code from hwfl_listener l
        where l.tenant_id = $1 and l.enabled_flag = 1 and l.listener_type = $2 and l.event_code = $3
          and (l.category_id is null or l.category_id = (select m.category_id from hwfl_process_definition d join hwfl_process_model m on m.model_id = d.model_id where d.definition_id = $4))
        order by l.listener_id`,
      [inst.tenantId, type, event, inst.definitionId],
    );
    for (const l of r.rows) {
      await runExternal(tx, inst.tenantId, l.service_code, ['MESSAGE', 'SERVICE_TASK'], inst.variables as unknown as Record<string, unknown>, (userIds, subject, content) => outbox.push({ userIds, subject, content })).catch((e: Error) => {
        throw new BusinessError('hwfl.listener.failed', `the listener ${l.code} failed: ${e.message}`, 'warn');
      });
    }
  }

  private runName(inst: InstanceRow): string {
    return `${inst.processKey}:${inst.instanceId}`;
  }

  private conditions(tx: Queryable, inst: InstanceRow): Promise<Record<string, boolean>> {
    return namedConditions(tx, inst.tenantId, inst.variables as unknown as Record<string, unknown>);
  }

  /** An engine step; its failure is the process's, told as a business error naming the element. */
  private async step(run: () => Promise<RunResult>): Promise<RunResult> {
    try {
      return await run();
    } catch (e) {
      if (e instanceof BusinessError || e instanceof HttpError) throw e;
      throw new BusinessError('hwfl.process.failed', (e as Error).message, 'warn');
    }
  }

  private taskMessage(inst: InstanceRow, node: string, userIds: number[], why?: string) {
    return {
      userIds,
      subject: `[To approve] ${inst.processName}: ${inst.description ?? ''}`,
      content: `${why ? `${why}. ` : ''}${node} — started by ${inst.startUserName}. Open My tasks (/hwfl/workflow/task/list) to act on it.`,
    };
  }

  /** Messages go out once the step is committed (their count is pushed to each recipient's bell). */
  private send(tx: Queryable, tenantId: number, outbox: Outbox, from: Actor): void {
    for (const m of outbox) {
      const userIds = m.userIds.filter((id) => id > 0);
      if (!userIds.length) continue;
      afterCommit(tx, () => sendMessages(this.ctx, tenantId, { userIds, subject: m.subject.slice(0, 240), content: m.content, typeCode: 'MSG', categoryCode: 'SYSTEM', fromUserId: from.userId, fromUserName: from.name }));
    }
  }

  /** A document's repository, for the moves documents.ts declares. */
  repository(entityName: string): EntityRepository {
    const e = this.ctx.entities.get(entityName);
    if (!e) throw new Error(`unknown entity ${entityName}`);
    return new EntityRepository(e, this.ctx);
  }
}

interface ActContext {
  inst: InstanceRow;
  def: DefinitionRow;
  task: TaskRow;
  node: NodeConfig | undefined;
  actor: Actor;
  body: TaskAct;
  outbox: Outbox;
}
