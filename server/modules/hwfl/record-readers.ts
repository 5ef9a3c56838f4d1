import type { FastifyInstance } from 'fastify';
import type { EntityDecl } from '../../../renderer/schema/entity.ts';
import type { ServerContext } from '../../context.ts';
import { tenantColumn } from '../../resources/ddl.ts';
import { columnOf, ident } from '../../resources/naming.ts';
import { type RecordReader, registerRecordReader } from '../../resources/record-readers.ts';
import type { Scope } from '../../resources/scope.ts';

/** The instance under the alias `inst` is one the caller took part in, as views.ts `involved` says: started it, holds or held a task, acted, or was copied. */
function involved(inst: string, scope: Scope, params: unknown[]): string {
  const me = `$${params.push(scope.auth.userId)}`;
  return `(${inst}.start_user_id = ${me}
    or exists (select 1 from hwfl_task wk where wk.instance_id = ${inst}.instance_id and wk.assignee_id = ${me})
    or exists (select 1 from hwfl_history wh where wh.instance_id = ${inst}.instance_id and wh.user_id = ${me})
    or exists (select 1 from hwfl_carbon_copy wc where wc.instance_id = ${inst}.instance_id and wc.user_id = ${me}))`;
}

/** An approval's history lines, shown on its task and instance pages to everyone taking part. */
const historyReader: RecordReader = {
  alsoShown: (scope, params) => `exists (select 1 from hwfl_process_instance wi where wi.instance_id = t.instance_id and wi.tenant_id = t.tenant_id and ${involved('wi', scope, params)})`,
};

/** One reader per document entity, kept so that registering it again (another server) changes nothing. */
const documentReaders = new Map<string, RecordReader>();

/** A document submitted for approval, shown on the approval's pages (with its attachments) to everyone taking part. */
function documentReader(e: EntityDecl): RecordReader {
  const known = documentReaders.get(e.name);
  if (known) return known;
  const tenant = tenantColumn(e);
  const reader: RecordReader = {
    alsoShown: (scope, params) => {
      const entity = `$${params.push(e.name)}`;
      const sameTenant = tenant ? ` and wi.tenant_id = t.${ident(tenant)}` : '';
      return `exists (select 1 from hwfl_process_instance wi where wi.entity_name = ${entity} and wi.record_id = t.${ident(columnOf(e.primaryKey))}${sameTenant} and ${involved('wi', scope, params)})`;
    },
  };
  documentReaders.set(e.name, reader);
  return reader;
}

/**
 * Tells code that asks who may read a record (who may open a file attached to it) that the
 * approval pages show history lines and documents to the people taking part, beyond the menus.
 */
export async function approvalReaders(_app: FastifyInstance, ctx: ServerContext): Promise<void> {
  registerRecordReader('wflHistory', historyReader);
  for (const e of ctx.entities.values()) if (e.workflow) registerRecordReader(e.name, documentReader(e));
}
