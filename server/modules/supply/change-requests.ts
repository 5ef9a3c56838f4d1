import type { Queryable } from '../../db/database.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { type HookArgs, registerHooks } from '../../resources/hooks.ts';
import { EntityRepository } from '../../resources/repository.ts';
import type { Scope } from '../../resources/scope.ts';
import { blank, CHANGE_FIELDS } from './change-fields.ts';

type Row = Record<string, unknown>;

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** What the master holds today for the fields a request changes: the main bank account, the address of that type, the contact. */
async function currentValues(tx: Queryable, tenantId: number, req: Row): Promise<Row> {
  const supplierId = req.supplierId;
  if (req.changeType === 'BANK') {
    const r = await tx.query(
      `select bank_name as "bankName", bank_branch_name as "bankBranchName", bank_account_name as "bankAccountName", bank_account_num as "bankAccountNum"
         from sslm_supplier_bank where tenant_id = $1 and supplier_id = $2 order by master_flag desc, bank_account_id limit 1`,
      [tenantId, supplierId],
    );
    return r.rows[0] ?? {};
  }
  if (req.changeType === 'ADDRESS') {
    const r = await tx.query(
      `select address_id::float8 as "addressId", object_version_number::int as "objectVersionNumber", address_type as "addressType", region_name as "regionName", address_detail as "addressDetail", post_code as "postCode"
         from sslm_supplier_address where tenant_id = $1 and supplier_id = $2 and address_type = $3 order by address_id limit 1`,
      [tenantId, supplierId, req.addressType],
    );
    return r.rows[0] ?? {};
  }
  const r = await tx.query(
    `select contact_name as "contactName", contact_phone as "contactPhone", object_version_number::int as "objectVersionNumber" from sslm_supplier where tenant_id = $1 and supplier_id = $2`,
    [tenantId, supplierId],
  );
  return r.rows[0] ?? {};
}

/** The fields the request changes (a value given that differs from the master's), with before and after. */
function differences(req: Row, before: Row): Array<{ field: string; before: string; after: string }> {
  const spec = CHANGE_FIELDS[String(req.changeType)];
  if (!spec) return [];
  return spec.fields.filter((f) => !blank(req[f]) && text(req[f]) !== text(before[f])).map((f) => ({ field: f, before: text(before[f]), after: text(req[f]) }));
}

async function writeLines(tx: Queryable, args: HookArgs, req: Row, applied: boolean): Promise<Array<{ field: string; before: string; after: string }>> {
  const changes = differences(req, await currentValues(tx, args.tenantId, req));
  await tx.query('delete from sslm_supplier_change_line where tenant_id = $1 and req_id = $2', [args.tenantId, req.reqId]);
  for (const c of changes)
    await tx.query(
      `insert into sslm_supplier_change_line (tenant_id, req_id, req_num, supplier_id, field_name, before_value, after_value, applied_flag, applied_date, applied_by, created_by, last_updated_by)
       values ($1, $2, $3, $4, $5, $6, $7, $8, ${applied ? 'now()' : 'null'}, $9, $10, $10)`,
      [args.tenantId, req.reqId, req.reqNum, req.supplierId, c.field, c.before, c.after, applied ? 1 : 0, applied ? args.auth.loginName : null, args.auth.userId],
    );
  return changes;
}

/** The approved change, written into the master through its own repositories (their rules and audit log apply). */
async function applyToMaster(tx: Queryable, args: HookArgs, req: Row): Promise<void> {
  const scope: Scope = { auth: { ...args.auth, supplierIds: null }, tenantId: args.tenantId };
  const repo = (name: string) => new EntityRepository(args.ctx.entities.get(name)!, args.ctx);
  const pick = (fields: string[]) => Object.fromEntries(fields.filter((f) => !blank(req[f])).map((f) => [f, req[f]]));
  if (req.changeType === 'BANK') {
    // A new main account; the old one stays on record (no longer main) for payments already made to it.
    await repo('supplierBank').create(scope, { supplierId: req.supplierId, ...pick(CHANGE_FIELDS.BANK!.fields), masterFlag: 1 }, { tx });
    return;
  }
  const before = await currentValues(tx, args.tenantId, req);
  if (req.changeType === 'ADDRESS') {
    const values = pick(CHANGE_FIELDS.ADDRESS!.fields);
    if (before.addressId) await repo('supplierAddress').update(scope, Number(before.addressId), { ...values, objectVersionNumber: before.objectVersionNumber }, { tx });
    else await repo('supplierAddress').create(scope, { supplierId: req.supplierId, ...values }, { tx });
    return;
  }
  await repo('supplier').update(scope, Number(req.supplierId), { ...pick(CHANGE_FIELDS.CONTACT!.fields), objectVersionNumber: before.objectVersionNumber }, { tx });
}

/**
 * Supplier information change requests (§9 supplier-change-reqs): the supplier names its own
 * supplier (the name is the master's, not typed); submitting needs the fields its kind of change
 * needs and records what changes, before and after; the buyer's approval applies the change to
 * the master in the approval's transaction and keeps the before and after values as history.
 */
registerHooks('supplierChangeReq', {
  async beforeCreate(values, { tx, tenantId }) {
    const s = (await tx.query<{ name: string }>('select supplier_name as name from sslm_supplier where tenant_id = $1 and supplier_id = $2', [tenantId, values.supplierId])).rows[0];
    if (!s) throw Object.assign(notFound(`supplierId ${String(values.supplierId)} not found`), { field: 'supplierId' });
    values.supplierName = s.name;
  },
  async beforeWrite(current, action, args) {
    if (action !== 'submit') return;
    const spec = CHANGE_FIELDS[String(current.changeType)];
    if (!spec) throw Object.assign(badRequest(`changeType ${String(current.changeType)} is not a change this request can make`), { field: 'changeType' });
    const missing = spec.required.find((f) => blank(current[f]));
    if (missing) throw Object.assign(badRequest(`${missing} is required for a ${String(current.changeType)} change`), { field: missing });
    if (!differences(current, await currentValues(args.tx, args.tenantId, current)).length)
      throw Object.assign(badRequest('The request changes nothing: every value is what the supplier master already holds'), { field: spec.required[0] });
  },
  async afterWrite(row, action, args) {
    if (action === 'submit') await writeLines(args.tx, args, row, false);
    if (action === 'approve') {
      // The before values as they are at approval (the master may have moved since the submission).
      await writeLines(args.tx, args, row, true);
      await applyToMaster(args.tx, args, row);
    }
  },
});
