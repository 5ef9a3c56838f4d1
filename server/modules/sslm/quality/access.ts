import { forbidden } from '../../../http/errors.ts';
import { type HookArgs, registerHooks, registerListFilter } from '../../../resources/hooks.ts';
import { holdsAnyRoute } from '../../../resources/permissions.ts';

/**
 * Who touches a quality audit. Its supplier works on it through the public self-assessment page
 * (no menu entry, so the entity declares no menu permissions): the supplier changes only its own
 * audits (`supplierField`), only while they await its self-assessment (header and clause scores)
 * or its rectification (clause actions). Every other change is the buyer's, whose role must hold
 * the quality-audit menu; a buyer does not write the supplier's self-assessment.
 */
const BUYER_MENU = ['/sslm/quality-audit'];

async function buyerSide(args: HookArgs, what: string): Promise<void> {
  if (args.auth.roleLevel === 'site') return;
  // Read inside the write's transaction: the embedded database has one connection, which the
  // transaction holds until it ends, so a read through the root database would wait forever.
  if (!(await holdsAnyRoute(args.tx, args.auth.roleId, BUYER_MENU))) throw forbidden(`Your role may not ${what}`);
}

async function auditStatus(args: HookArgs, auditId: unknown): Promise<string | undefined> {
  return (await args.tx.query<{ s: string }>('select audit_status as s from sslm_quality_audit where audit_id = $1', [auditId])).rows[0]?.s;
}

registerHooks('qualityAudit', {
  async beforeCreate(_values, args) {
    await buyerSide(args, 'plan quality audits');
  },
  async beforeWrite(current, action, args) {
    if (action !== 'update' && action !== 'delete') return;
    if (args.auth.supplierIds) {
      if (action === 'delete' || current.auditStatus !== 'PUBLISHED') throw forbidden(`A supplier changes an audit only while it awaits its self-assessment (${String(current.auditNum)} is ${String(current.auditStatus)})`);
      return;
    }
    await buyerSide(args, 'change quality audits');
    if (action === 'update' && current.auditStatus === 'PUBLISHED') throw forbidden(`${String(current.auditNum)} awaits the supplier's self-assessment: it is the supplier's to fill`);
  },
});

registerHooks('qualityAuditLine', {
  async beforeCreate(_values, args) {
    if (args.auth.supplierIds) throw forbidden('Audit clauses are the buyer\'s to add');
    await buyerSide(args, 'change audit clauses');
  },
  async beforeWrite(current, action, args) {
    const status = await auditStatus(args, current.auditId);
    if (args.auth.supplierIds) {
      if (action !== 'update' || (status !== 'PUBLISHED' && status !== 'RECTIFYING')) throw forbidden(`A supplier scores clauses during its self-assessment and answers findings during rectification (the audit is ${String(status)})`);
      return;
    }
    await buyerSide(args, 'change audit clauses');
    if (action === 'update' && status === 'PUBLISHED') throw forbidden('The audit awaits the supplier\'s self-assessment: its clause scores are the supplier\'s to fill');
  },
});

/** Without the quality-audit menu a buyer-side role lists no audits (a supplier lists its own, by `supplierField`). */
registerListFilter(async (e, scope, _params, db) => {
  if (e.name !== 'qualityAudit' && e.name !== 'qualityAuditLine') return [];
  if (scope.auth.supplierIds || scope.auth.roleLevel === 'site') return [];
  return (await holdsAnyRoute(db, scope.auth.roleId, BUYER_MENU)) ? [] : ['false'];
});
