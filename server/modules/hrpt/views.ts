import type { EntityDecl } from '../../../renderer/schema/entity.ts';
import type { ServerContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { entityColumns } from '../../resources/ddl.ts';
import { ident } from '../../resources/naming.ts';

/** The schema holding the only relations a data set can name. */
export const VIEW_SCHEMA = 'hrpt_ro';

/**
 * What reports may read: view name → entity. Business documents and master data a buyer already
 * sees in lists; tender bids are left out (their prices are sealed until opening).
 */
export const REPORT_VIEWS: Record<string, string> = {
  rfx_header: 'rfxHeader',
  rfx_line: 'rfxLine',
  rfx_supplier: 'rfxSupplier',
  rfx_quotation_line: 'rfxQuotationLine',
  po_header: 'poHeader',
  po_line: 'poLine',
  contract_header: 'contractHeader',
  tender_header: 'tenderHeader',
  tender_award: 'tenderAward',
  supplier: 'supplier',
  supplier_supply_category: 'supplierSupplyCategory',
  supply_ability: 'supplyAbility',
  purchase_agent: 'purchaseAgent',
  purchase_org: 'purchaseOrg',
};

/** Columns never shown in a report: secrets, fields that never leave the server (sealed envelopes among them) and file links. */
const hidden = (e: EntityDecl, column: string) =>
  /password|hash|secret|token/.test(column) || e.fields.some((f) => (f.type === 'attachment' || f.private) && column === f.name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`));

/**
 * One view per entry: the entity's columns, only the rows of the tenant the running statement
 * set (`hrpt.tenant_id`, local to its transaction; unset means no rows). security_barrier keeps the
 * tenant test ahead of the statement's own conditions, so an error message raised by a condition
 * (a failing cast of another tenant's value) cannot reveal that value.
 */
export function viewDdl(name: string, e: EntityDecl): string[] {
  const cols = entityColumns(e)
    .map(([c]) => c)
    .filter((c) => c !== 'tenant_id' && c !== 'created_by' && c !== 'last_updated_by' && c !== 'object_version_number' && !hidden(e, c));
  const v = `${ident(VIEW_SCHEMA)}.${ident(name)}`;
  return [
    `drop view if exists ${v}`,
    `create view ${v} with (security_barrier) as select ${cols.map(ident).join(', ')} from public.${ident(e.table)} where tenant_id = nullif(current_setting('hrpt.tenant_id', true), '')::bigint`,
  ];
}

const ready = new WeakMap<ServerContext, Promise<void>>();

/**
 * The report views and the request files' table, made once per server on the first report call
 * (not at start: tools build the app without a database to read its routes). A failure is retried
 * on the next call.
 */
export function ensureReportViews(ctx: ServerContext): Promise<void> {
  let p = ready.get(ctx);
  if (!p) {
    p = createReportViews(ctx).then(
      () => resumeQueued(ctx),
      (e: unknown) => {
        ready.delete(ctx);
        throw e;
      },
    );
    ready.set(ctx, p);
  }
  return p;
}

/**
 * Requests still queued (P) when a server stopped: run now, one after
 * the other in the background. Imported late: the runner needs the views this module makes.
 */
async function resumeQueued(ctx: ServerContext): Promise<void> {
  const open = (await ctx.db.query<{ id: number; t: number }>("select request_id::float8 as id, tenant_id::float8 as t from hrpt_request where request_status = 'P' order by request_id")).rows;
  if (!open.length) return;
  const { runRequest } = await import('./requests.ts');
  setImmediate(() => {
    void (async () => {
      for (const r of open) await runRequest(ctx, r.t, r.id).catch((e: unknown) => console.error(`report request ${r.id} failed: ${(e as Error).message}`));
    })();
  });
}

/** Creates (or refreshes) the report views, after the tables exist. */
async function createReportViews(ctx: ServerContext): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    // Several servers may share one PostgreSQL: one at a time rebuilds the views.
    if (ctx.db.kind === 'postgres') await tx.query('select pg_advisory_xact_lock(73110)');
    await createViewsIn(tx, ctx.entities);
  });
}

/** The views' schema, views and the request files' table, in a transaction of the caller's. */
export async function createViewsIn(tx: Queryable, entities: ReadonlyMap<string, EntityDecl>): Promise<void> {
  await tx.query(`create schema if not exists ${ident(VIEW_SCHEMA)}`);
  await tx.query('create table if not exists hrpt_request_file (request_id bigint primary key, tenant_id bigint not null, content bytea not null)');
  for (const [name, entity] of Object.entries(REPORT_VIEWS)) {
    const e = entities.get(entity);
    if (!e?.tenantScoped || e.tenantField) continue;
    for (const s of viewDdl(name, e)) await tx.query(s);
  }
}

/** The views and their columns, for the data set editor's help and the tests. */
export function reportViewColumns(ctx: ServerContext): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [name, entity] of Object.entries(REPORT_VIEWS)) {
    const e = ctx.entities.get(entity);
    if (e) out[name] = entityColumns(e).map(([c]) => c).filter((c) => c !== 'tenant_id' && c !== 'created_by' && c !== 'last_updated_by' && c !== 'object_version_number' && !hidden(e, c));
  }
  return out;
}
