import type { Queryable } from '../../../db/database.ts';
import { statusRefusal } from '../../../http/errors.ts';
import { registerHooks } from '../../../resources/hooks.ts';
import { refuse } from '../evaluation/template-rules.ts';

type Row = Record<string, unknown>;

/** The supplier master's name for a supplier of the tenant, or a 400 naming `supplierId`. */
export async function supplierName(tx: Queryable, tenantId: number, supplierId: unknown): Promise<string> {
  const s = await tx.query<{ name: string }>('select supplier_name as name from sslm_supplier where supplier_id = $1 and tenant_id = $2', [supplierId, tenantId]);
  if (!s.rows[0]) throw refuse('supplierId', `supplierId ${String(supplierId)} is not a supplier of this tenant`);
  return s.rows[0].name;
}

/** The table rows whose key is `id` take the supplier's name from the master on every save. */
export function namesSupplier(entity: string, table: string, key: string, column: string) {
  registerHooks(entity, {
    async afterWrite(row: Row, action, { tx, tenantId }) {
      if (action !== 'create' && action !== 'update') return;
      const name = await supplierName(tx, tenantId, row.supplierId);
      await tx.query(`update ${table} set supplier_name = $2 where ${column} = $1`, [row[key], name]);
    },
  });
}

namesSupplier('qualityAudit', 'sslm_quality_audit', 'auditId', 'audit_id');
namesSupplier('vendorCode', 'sslm_vendor_code', 'vendorCodeId', 'vendor_code_id');
namesSupplier('supplyAbility', 'sslm_supply_ability', 'abilityId', 'ability_id');
namesSupplier('supplierGrade', 'sslm_supplier_grade', 'gradeId', 'grade_id');

/**
 * Audit rules: a new audit from a template starts with the template's clauses; the on-site
 * result is the weighted score of its clauses (SQL numeric), so rectification and closing need
 * every clause scored and weights summing to 100; a clause with a major or minor finding needs a
 * rectification deadline before rectification is requested.
 */
registerHooks('qualityAudit', {
  async afterWrite(row, action, { tx, tenantId, auth }) {
    if (action === 'create' && row.templateId !== null && row.templateId !== undefined) {
      const t = await tx.query('select 1 from sslm_supplier_template where template_id = $1 and tenant_id = $2', [row.templateId, tenantId]);
      if (!t.rows.length) throw refuse('templateId', `templateId ${String(row.templateId)} is not an audit template of this tenant`);
      await tx.query(
        `insert into sslm_quality_audit_line (tenant_id, audit_id, line_num, clause, weight, created_by, last_updated_by)
         select $1, $2, row_number() over (order by order_seq, clause_id), clause, weight, $3, $3 from sslm_supplier_template_clause where template_id = $4`,
        [tenantId, row.auditId, auth.userId, row.templateId],
      );
    }
  },
  async beforeWrite(current, action, { tx }) {
    const num = String(current.auditNum);
    if (action === 'publish') {
      const n = await tx.query<{ n: number }>('select count(*)::int as n from sslm_quality_audit_line where audit_id = $1', [current.auditId]);
      if (!n.rows[0]!.n) throw refuse('qualityAuditLine', `${num} has no audit clauses`);
    }
    if (action === 'requestRectify' || action === 'close') {
      if (current.auditStatus === 'AUDITING') {
        const w = await tx.query<{ total: string; open: number }>('select coalesce(sum(weight), 0)::text as total, count(*) filter (where score is null)::int as open from sslm_quality_audit_line where audit_id = $1', [current.auditId]);
        if (Number(w.rows[0]!.total) !== 100) throw refuse('weight', `The clause weights of ${num} sum to ${Number(w.rows[0]!.total)}, not 100`);
        if (w.rows[0]!.open) throw statusRefusal(`${num}: ${w.rows[0]!.open} clauses have no audit score yet`);
        await tx.query('update sslm_quality_audit set total_score = (select round(sum(score * weight) / 100, 2) from sslm_quality_audit_line where audit_id = $1) where audit_id = $1', [current.auditId]);
      }
      if (action === 'requestRectify') {
        const f = await tx.query<{ c: string }>("select clause as c from sslm_quality_audit_line where audit_id = $1 and severity in ('MAJOR', 'MINOR') and rectify_deadline is null limit 1", [current.auditId]);
        if (f.rows[0]) throw refuse('rectifyDeadline', `The finding on "${f.rows[0].c}" needs a rectification deadline`);
        const any = await tx.query("select 1 from sslm_quality_audit_line where audit_id = $1 and severity in ('MAJOR', 'MINOR')", [current.auditId]);
        if (!any.rows.length) throw statusRefusal(`${num} has no major or minor finding to rectify: close it`);
      }
      if (action === 'close') {
        const r = await tx.query<{ c: string }>("select clause as c from sslm_quality_audit_line where audit_id = $1 and severity = 'MAJOR' and coalesce(rectify_action, '') = '' limit 1", [current.auditId]);
        if (current.auditStatus === 'RECTIFYING' && r.rows[0]) throw refuse('rectifyAction', `The major finding on "${r.rows[0].c}" has no rectification yet`);
        if (!current.auditResult) throw refuse('auditResult', `Record the audit result of ${num} before closing it`);
      }
    }
    if (action === 'selfAssess') {
      const open = await tx.query<{ n: number }>('select count(*)::int as n from sslm_quality_audit_line where audit_id = $1 and self_score is null', [current.auditId]);
      if (open.rows[0]!.n) throw refuse('selfScore', `${open.rows[0]!.n} clauses have no self-assessment score yet`);
    }
  },
});

/** A supply ability is one per supplier and category, named from the category master. */
registerHooks('supplyAbility', {
  async afterWrite(row, action, { tx, tenantId }) {
    if (action !== 'create' && action !== 'update') return;
    const c = await tx.query<{ name: string }>('select category_name as name from smdm_purchase_category where category_code = $1 and tenant_id = $2', [row.categoryCode, tenantId]);
    if (!c.rows[0]) throw refuse('categoryCode', `categoryCode ${String(row.categoryCode)} is not a purchase category of this tenant`);
    const twice = await tx.query('select 1 from sslm_supply_ability where supplier_id = $1 and category_code = $2 and ability_id <> $3', [row.supplierId, row.categoryCode, row.abilityId]);
    if (twice.rows.length) throw refuse('categoryCode', `This supplier already has a supply ability for ${c.rows[0].name}`);
    await tx.query('update sslm_supply_ability set category_name = $2 where ability_id = $1', [row.abilityId, c.rows[0].name]);
  },
});

/** One vendor code per supplier and operating unit. */
registerHooks('vendorCode', {
  async afterWrite(row, action, { tx }) {
    if (action !== 'create' && action !== 'update') return;
    const twice = await tx.query('select 1 from sslm_vendor_code where supplier_id = $1 and ou_name = $2 and vendor_code_id <> $3', [row.supplierId, row.ouName, row.vendorCodeId]);
    if (twice.rows.length) throw refuse('ouName', `This supplier already has a vendor code for ${String(row.ouName)}`);
  },
});
