import { forbidden } from '../../../http/errors.ts';
import type { HookArgs } from '../../../resources/hooks.ts';
import { registerHooks } from '../../../resources/hooks.ts';
import { userById } from '../../hwfl/people.ts';
import { moveStage, refuse, stageOrder, supplierStage } from './stages.ts';

type Row = Record<string, unknown>;

/** The direction an application's type allows, over the tenant's stage order. */
async function checkMove(args: HookArgs, v: Row): Promise<void> {
  const supplierId = Number(v.supplierId);
  const s = await supplierStage(args.tx, args.tenantId, supplierId);
  if (!s) throw refuse('supplierId', `supplierId ${String(v.supplierId)} is not a supplier of this tenant`);
  v.supplierName = s.supplierName;
  v.fromStage = s.stageCode;
  const to = String(v.toStage ?? '');
  const order = await stageOrder(args.tx, args.tenantId);
  if (!order.includes(to)) throw refuse('toStage', `toStage ${to} is not an enabled stage of this tenant`);
  if (to === s.stageCode) throw refuse('toStage', `${s.supplierName} is already in stage ${to}`);
  const type = String(v.applyType ?? '');
  if (type === 'ELIMINATE' && to !== 'ELIMINATED') throw refuse('toStage', 'An elimination moves the supplier to ELIMINATED');
  if (type !== 'ELIMINATE' && to === 'ELIMINATED') throw refuse('applyType', 'Moving a supplier to ELIMINATED is an elimination (applyType ELIMINATE)');
  // Out of ELIMINATED only by an upgrade (reinstatement), to any stage.
  if (s.stageCode === 'ELIMINATED' && type !== 'UPGRADE') throw refuse('applyType', `${s.supplierName} is eliminated: only an upgrade reinstates it`);
  const from = s.stageCode && s.stageCode !== 'ELIMINATED' ? order.indexOf(s.stageCode) : -1;
  if (type === 'UPGRADE' && order.indexOf(to) <= from) throw refuse('toStage', `An upgrade moves ${s.supplierName} past ${s.stageCode ?? 'no stage'}; ${to} is not after it`);
  if (type === 'DOWNGRADE' && (from < 0 || order.indexOf(to) >= from)) throw refuse('toStage', `A downgrade moves ${s.supplierName} before ${s.stageCode ?? 'no stage'}; ${to} is not before it`);
  if (type !== 'ELIMINATE') v.blacklistFlag = 0;
  if (Number(v.blacklistFlag) !== 1) {
    v.foreverBlacklistFlag = 0;
    v.blacklistExpiryDate = null;
  } else if (Number(v.foreverBlacklistFlag) !== 1 && !v.blacklistExpiryDate) {
    throw refuse('blacklistExpiryDate', 'A blacklisting that is not permanent needs its expiry date');
  }
}

/**
 * A life-cycle application (upgrade, downgrade, elimination) is checked when written and when
 * submitted (the supplier may have moved meanwhile; one open application per supplier); its
 * approval, taken by the workflow (hwfl documents.ts), moves the supplier and records the move.
 */
registerHooks('lifeCycleApplication', {
  async beforeCreate(values, args) {
    await checkMove(args, values);
  },
  async beforeWrite(current, action, args) {
    if (action === 'submit') {
      const v = { ...current };
      await checkMove(args, v);
      if (v.fromStage !== current.fromStage) throw refuse('fromStage', `${String(current.supplierName)} is now in stage ${String(v.fromStage)}, not ${String(current.fromStage)}: save the application again`, 409);
      const open = await args.tx.query<{ n: string }>(
        "select application_num as n from sslm_life_cycle_application where tenant_id = $1 and supplier_id = $2 and process_status = 'SUBMIT' and application_id <> $3",
        [args.tenantId, current.supplierId, current.applicationId],
      );
      if (open.rows[0]) throw refuse('supplierId', `${String(current.supplierName)} already has application ${open.rows[0].n} in approval`, 409);
    }
  },
  async afterWrite(row, action, args) {
    if (action === 'update') {
      const v = { ...row };
      await checkMove(args, v);
      await args.tx.query('update sslm_life_cycle_application set supplier_name = $2, from_stage = $3, blacklist_flag = $4, forever_blacklist_flag = $5, blacklist_expiry_date = $6 where application_id = $1', [
        row.applicationId, v.supplierName, v.fromStage, v.blacklistFlag ?? 0, v.foreverBlacklistFlag ?? 0, v.blacklistExpiryDate ?? null,
      ]);
      Object.assign(row, { supplierName: v.supplierName, fromStage: v.fromStage });
    }
    if (action !== 'approve') return;
    const who = await userById(args.tx, args.tenantId, args.auth.userId);
    await moveStage(args.tx, args.tenantId, Number(row.supplierId), {
      toStage: String(row.toStage),
      sourceType: 'APPLICATION',
      sourceNum: String(row.applicationNum ?? ''),
      byUserId: args.auth.userId,
      byName: who?.name ?? args.auth.loginName,
      remark: (row.reason as string | null) ?? null,
      blacklist: row.toStage === 'ELIMINATED' ? { flag: Number(row.blacklistFlag ?? 0), forever: Number(row.foreverBlacklistFlag ?? 0), expiry: (row.blacklistExpiryDate as string | null) ?? null } : undefined,
    });
  },
});

/**
 * The buyer's side of the life cycle: a supplier-side caller never writes these, whatever menus
 * its role holds (the supplier role keeps the whole `spfm` module for its own company pages).
 */
const BUYER_ONLY = ['lifeCycleApplication', 'lifeCycleStageConfig', 'supplierLifeConfig', 'investigateTemplate', 'investigateTemplateQuestion', 'supplierCategory', 'supplierCategoryAlter', 'accessRequirement', 'accessPreTable', 'accessStandardTemplate', 'accessScoreTemplate'];
const notSupplier = (auth: { supplierIds: number[] | null }) => {
  if (auth.supplierIds) throw forbidden('This belongs to the buyer: a supplier may not change it');
};
for (const name of BUYER_ONLY) {
  registerHooks(name, {
    async beforeCreate(_values, args) {
      notSupplier(args.auth);
    },
    async beforeWrite(_current, _action, args) {
      if (!args.system) notSupplier(args.auth);
    },
  });
}
