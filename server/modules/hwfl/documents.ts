import type { EntityWorkflow } from '../../../renderer/schema/entity.ts';
import { approvingStatuses } from '../../../renderer/schema/status/lock.ts';
import { workflowsOf } from '../../../renderer/schema/status/workflows.ts';
import type { AuthContext, ServerContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { BusinessError } from '../../http/errors.ts';
import { columnOf, ident } from '../../resources/naming.ts';
import { type HookArgs, registerHooks } from '../../resources/hooks.ts';
import { userById } from './people.ts';
import type { Actor, EndResult, Workflow } from './workflow.ts';

type Row = Record<string, unknown>;

/** `{field}` of a template filled from the row. */
export const fillTemplate = (t: string, row: Row) => t.replace(/\{(\w+)\}/g, (_, k: string) => (row[k] === undefined || row[k] === null ? '' : String(row[k])));


/**
 * The fields the document's move takes (an approval remark), filled with the comment of the act
 * that decided the approval; a move that requires one refuses a decision without a comment.
 */
async function decisionFields(tx: Queryable, instanceId: number, fields: string[]): Promise<Row> {
  if (!fields.length) return {};
  const r = await tx.query<{ comment: string | null }>("select comment from hwfl_history where instance_id = $1 and action in ('Approved', 'Rejected') order by history_id desc limit 1", [instanceId]);
  const comment = r.rows[0]?.comment ?? null;
  return Object.fromEntries(fields.map((f) => [f, comment]));
}

/** The auth a server move of a document is recorded under: the person whose act ended the approval. */
function actingAs(actor: Actor, tenantId: number): AuthContext {
  return { token: '', userId: actor.userId, loginName: actor.loginName, tenantId, roleId: 0, roleCode: 'hwfl', roleLevel: 'organization', tenantIds: [tenantId], memberTenantIds: [tenantId], language: 'en_US', supplierIds: null };
}

/**
 * Documents plug into the workflow by declaration (an entity's `workflow`), not by code per
 * module: submitting starts the instance in the same transaction (a process that cannot start
 * refuses the submit, with the reason); the instance's end moves the document; and while it is in
 * approval the document and its lines cannot be changed, nor moved by anything but the engine.
 */
const workflows = new WeakMap<ServerContext, Workflow>();
const connected = new Set<string>();

export function connectDocuments(ctx: ServerContext, workflow: Workflow): void {
  workflows.set(ctx, workflow);
  for (const e of ctx.entities.values()) {
    const all = workflowsOf(e);
    if (!all.length || !e.status) continue;
    // The same facts the screens read to hide what a document in approval cannot take (renderer/schema/status/lock.ts).
    const approving = approvingStatuses(e);
    const label = e.name;
    const byMove = new Map<string, EntityWorkflow>();
    for (const wf of all) for (const m of [wf.approve, wf.reject, wf.recall]) if (m) byMove.set(m, wf);

    const refuseInApproval = (statusNow: unknown) => {
      if (approving.has(String(statusNow))) {
        throw new BusinessError('hwfl.document.inApproval', `This ${label} is in approval and cannot be changed until the approval ends (its initiator may recall it)`, 'warn');
      }
    };

    // The instance's end moves the document by the approval it belongs to (its process), the deciding
    // approver's comment written into the fields that move takes (an approval remark).
    workflow.onDocumentEnd(e.name, async (tx, inst, result: EndResult, actor) => {
      const wf = all.find((w) => w.process === inst.processKey) ?? all[0]!;
      const action = result === 'APPROVED' ? wf.approve : result === 'RECALLED' || result === 'REVOKED' ? (wf.recall ?? wf.reject) : wf.reject;
      const body = await decisionFields(tx, inst.instanceId, e.status!.transitions[action]?.fields ?? []);
      await workflow.repository(e.name).transition({ auth: actingAs(actor, inst.tenantId), tenantId: inst.tenantId }, inst.recordId!, action, body, { system: true, tx });
    });
    // The hooks are the process's (one registry), the workflow each server's own.
    if (connected.has(e.name)) continue;
    connected.add(e.name);

    registerHooks(e.name, {
      async beforeWrite(current, action, args) {
        if (args.system) return;
        const wf = byMove.get(action);
        if (wf) throw new BusinessError('hwfl.document.byWorkflow', `A ${label} is ${action === wf.recall ? 'withdrawn' : `${action}d`} by its approval process, not directly; act on the task in My tasks`, 'warn');
        if (action === 'update' || action === 'delete') refuseInApproval(current[e.status!.field]);
      },
      async afterWrite(row, action, args) {
        // Its submit, or another request's move into the status it leads to (a rejected company's appeal): either starts the approval.
        const into = (w: EntityWorkflow) => !args.system && !byMove.has(action) && e.status!.transitions[action]?.to === e.status!.transitions[w.submit]?.to;
        const wf = all.find((w) => w.submit === action) ?? all.find(into);
        if (!wf) return;
        const person = await userById(args.tx, args.tenantId, args.auth.userId);
        const starter: Actor = { userId: args.auth.userId, loginName: args.auth.loginName, name: person?.name ?? args.auth.loginName, tenantId: args.tenantId, admin: false };
        const title = fillTemplate(wf.title, row);
        const wfl = workflows.get(args.ctx);
        if (!wfl) throw new Error('the workflow engine is not running on this server');
        await wfl.start(args.tx, args.tenantId, wf.process, {
          entityName: e.name,
          recordId: Number(row[e.primaryKey]),
          businessKey: title,
          description: title,
          detailRoute: fillTemplate(wf.detailRoute, row),
          record: row,
        }, starter);
      },
    });

    // Lines of a document in approval are locked with it.
    for (const child of ctx.entities.values()) {
      if (child.parent?.entity !== e.name) continue;
      const parentStatus = async (tx: Queryable, parentId: unknown) => {
        if (parentId === undefined || parentId === null || parentId === '') return undefined;
        const r = await tx.query<{ s: string }>(`select ${ident(columnOf(e.status!.field))} as s from ${ident(e.table)} where ${ident(columnOf(e.primaryKey))} = $1`, [Number(parentId)]);
        return r.rows[0]?.s;
      };
      const guard = async (values: Row, args: HookArgs) => refuseInApproval(await parentStatus(args.tx, values[child.parent!.field]));
      registerHooks(child.name, {
        beforeCreate: guard,
        async beforeWrite(current, _action, args) {
          await guard(current, args);
        },
      });
    }
  }
}
