import { forbidden } from '../../../http/errors.ts';
import { type HookArgs, registerHooks } from '../../../resources/hooks.ts';
import { holdsAnyRoute } from '../../../resources/permissions.ts';
import { refuse } from '../evaluation/template-rules.ts';
import { namesSupplier } from './rules.ts';

type Row = Record<string, unknown>;

/**
 * 8D problem reports: the buyer raises a quality problem (D2) against a supplier, the supplier
 * answers in two rounds — team and containment (D1, D3), then root cause, corrective and
 * preventive action (D4–D7) — and the buyer accepts or rejects each round, validates and closes (D8).
 * The entity's `status.editable` says which fields each status opens; these hooks say whose they
 * are, since both sides hold a menu of the entity and the status lock alone cannot tell them apart.
 */
const BUYER_MENU = ['/sslm/problem-report'];
/** The statuses in which the report waits on the supplier: the only ones it writes in, and the buyer does not. */
const SUPPLIER_TURN = ['PUBLISHED', 'ICA_REJECTED', 'PCA_FEEDBACKING', 'PCA_REJECTED'];
const SUPPLIER_PARTS = ['teamMembers', 'containmentAction', 'containmentDate', 'rootCause', 'correctiveAction', 'pcaDueDate', 'implementationResult', 'preventAction'];

/** What each move needs filled before it is taken (the rejections' reason is the transition's own `required`). */
const NEEDS: Record<string, string[]> = {
  submitIca: ['teamMembers', 'containmentAction'],
  submitPca: ['rootCause', 'correctiveAction', 'preventAction', 'pcaDueDate'],
  validate: ['verificationResult'],
  complete: ['closingRemark'],
};

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

async function buyerSide(args: HookArgs, what: string): Promise<void> {
  if (args.auth.roleLevel === 'site') return;
  // Inside the write's transaction: the embedded database's one connection is held by it.
  if (!(await holdsAnyRoute(args.tx, args.auth.roleId, BUYER_MENU))) throw forbidden(`Your role may not ${what}`);
}

namesSupplier('problemReport', 'sslm_problem_report', 'problemId', 'problem_id');

registerHooks('problemReport', {
  async beforeCreate(_values, args) {
    if (args.auth.supplierIds) throw forbidden('8D problem reports are raised by the buyer');
    await buyerSide(args, 'raise 8D problem reports');
  },
  async beforeWrite(current, action, args) {
    const num = String(current.problemNum);
    const status = String(current.problemStatus);
    if (action === 'update' || action === 'delete') {
      if (args.auth.supplierIds) {
        if (action === 'delete' || !SUPPLIER_TURN.includes(status)) throw forbidden(`A supplier answers ${num} only while it awaits its answer (it is ${status})`);
        return;
      }
      await buyerSide(args, 'change 8D problem reports');
      if (action === 'update' && SUPPLIER_TURN.includes(status)) throw forbidden(`${num} awaits the supplier's answer: it is the supplier's to fill`);
      return;
    }
    if (!args.auth.supplierIds) await buyerSide(args, `${action} 8D problem reports`);
    for (const field of NEEDS[action] ?? []) if (blank(current[field])) throw refuse(field, `${num}: fill ${field} before ${action}`);
  },
  async afterWrite(row: Row, action, { tx, tenantId }) {
    if (action !== 'create' && action !== 'update') return;
    // Only the buyer writes a draft or a new report, so an answer on one is the buyer writing the supplier's part.
    if (row.problemStatus === 'NEW') {
      const field = SUPPLIER_PARTS.find((f) => !blank(row[f]));
      if (field) throw Object.assign(forbidden(`${field} is the supplier's answer: the buyer does not fill it`), { field });
    }
    if (!blank(row.auditId)) {
      const a = await tx.query('select 1 from sslm_quality_audit where audit_id = $1 and tenant_id = $2 and supplier_id = $3', [row.auditId, tenantId, row.supplierId]);
      if (!a.rows.length) throw refuse('auditId', `auditId ${String(row.auditId)} is not a quality audit of this supplier`);
    }
  },
});
