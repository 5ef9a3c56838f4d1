import type { EntityDecl, EntityWorkflow, WorkflowDemo } from '../../../renderer/schema/entity.ts';
import { workflowsOf } from '../../../renderer/schema/status/workflows.ts';
import type { ServerContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { tenantColumn } from '../../resources/ddl.ts';
import { loadEntities } from '../../resources/entities.ts';
import { columnOf, ident } from '../../resources/naming.ts';
import type { SeedStep } from '../../seed/seed.ts';
import { fillTemplate } from './documents.ts';
import { type Person, userById, usersByLogin } from './people.ts';
import { deployDemoProcess, singleApprovalXml } from './seed-processes.ts';
import { Workflow } from './workflow.ts';

type Row = Record<string, unknown>;

/** A template's fields (word characters only, so each is safe as a quoted column alias). */
const placeholders = (t: string) => [...t.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);

/** Who a demo document in approval was submitted by: the login declared for its tenant, else the record's creator. */
async function submitterOf(tx: Queryable, tenantId: number, demo: WorkflowDemo, row: Row): Promise<Person | undefined> {
  const login = demo.submitters?.[String(tenantId)];
  if (login) return (await usersByLogin(tx, tenantId, [login]))[0];
  return row.createdBy === null || row.createdBy === undefined ? undefined : userById(tx, tenantId, Number(row.createdBy));
}

/**
 * The documents of `e` in `wf`'s approving status without an instance, each started as its
 * submitter's (quietly: no messages), so their approvers find them in My tasks.
 */
async function startWaiting(tx: Queryable, engine: Workflow, e: EntityDecl, wf: EntityWorkflow & { demo: WorkflowDemo }, tenantId: number): Promise<void> {
  const approving = e.status!.transitions[wf.submit]?.to;
  if (!approving) return;
  const fields = [...new Set([e.primaryKey, e.status!.field, ...placeholders(wf.title), ...placeholders(wf.detailRoute)])];
  const tenant = tenantColumn(e);
  const rows = await tx.query<Row>(
    `select ${fields.map((f) => `${ident(columnOf(f))} as "${f}"`).join(', ')}, created_by::float8 as "createdBy" from ${ident(e.table)} t
      where ${ident(columnOf(e.status!.field))} = $1 ${tenant ? `and ${ident(tenant)} = $2` : 'and $2::int is not null'}
        and not exists (select 1 from hwfl_process_instance i where i.entity_name = $3 and i.record_id = t.${ident(columnOf(e.primaryKey))} and i.process_key = $4)
      order by 1`,
    [approving, tenantId, e.name, wf.process],
  );
  for (const row of rows.rows) {
    const person = await submitterOf(tx, tenantId, wf.demo, row);
    if (!person) continue;
    const title = fillTemplate(wf.title, row);
    const record = { ...row, [e.primaryKey]: Number(row[e.primaryKey]) };
    await engine.start(tx, tenantId, wf.process, { entityName: e.name, recordId: Number(row[e.primaryKey]), businessKey: title, description: title, detailRoute: fillTemplate(wf.detailRoute, row), record }, { ...person, tenantId, admin: false }, { quiet: true });
  }
}

/**
 * Every approval an entity declares with its `demo` process, deployed in the tenants it names as
 * a one-step approval by the named approver (the process a modeler would draw first), and the
 * documents any seed left in approval started, as if their submitter had submitted them. Runs
 * last, so a module's own seeded documents are there; a process a module deploys itself is left alone.
 */
async function seedDeclaredApprovals(tx: Queryable): Promise<void> {
  const engine = new Workflow({} as ServerContext);
  for (const e of loadEntities().values()) {
    if (!e.status) continue;
    for (const wf of workflowsOf(e)) {
      if (!wf.demo) continue;
      for (const [tenant, approver] of Object.entries(wf.demo.approvers)) {
        const tenantId = Number(tenant);
        const known = await tx.query('select 1 from hwfl_process_model where tenant_id = $1 and model_key = $2', [tenantId, wf.process]);
        if (!known.rows.length) await deployDemoProcess(tx, tenantId, wf.process, wf.demo.name, `${wf.demo.step} approves`, singleApprovalXml(wf.process, wf.demo.name, wf.demo.step, approver));
        await startWaiting(tx, engine, e, wf as EntityWorkflow & { demo: WorkflowDemo }, tenantId);
      }
    }
  }
}

export const step: SeedStep = { version: 'seed:hwfl-declared-approvals:v1', last: true, run: (tx) => seedDeclaredApprovals(tx) };
