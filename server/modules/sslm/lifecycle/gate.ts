import type { Queryable } from '../../../db/database.ts';
import { refuse, supplierStage } from './stages.ts';

/** Whether a blacklisting still holds today (forever, no expiry, or an expiry not yet passed). */
const blacklisted = (s: { blacklistFlag: number; foreverBlacklistFlag: number; blacklistExpiryDate: string | null }, today: string) =>
  s.blacklistFlag === 1 && (s.foreverBlacklistFlag === 1 || !s.blacklistExpiryDate || s.blacklistExpiryDate >= today);

/**
 * The one stage check of every place a supplier is chosen to do business (an RFx invitation, a
 * tender sign-up, an order's release): eliminated and blacklisted suppliers are always refused;
 * with the tenant's stage gating on (supplier-life-config) the supplier must be in a stage whose
 * `sourcingAllowedFlag` is set (QUALIFIED unless configured otherwise). A 409 naming `field`.
 */
export async function assertSupplierEligible(tx: Queryable, tenantId: number, supplierId: number | null | undefined, purpose: string, field = 'supplierId'): Promise<void> {
  if (supplierId === null || supplierId === undefined) return;
  const s = await supplierStage(tx, tenantId, Number(supplierId));
  if (!s) return; // not the tenant's supplier: the caller's own check names that
  const today = (await tx.query<{ d: string }>("select to_char(current_date, 'YYYY-MM-DD') as d")).rows[0]!.d;
  if (blacklisted(s, today)) {
    const until = s.foreverBlacklistFlag === 1 || !s.blacklistExpiryDate ? 'permanently' : `until ${s.blacklistExpiryDate}`;
    throw refuse(field, `${s.supplierName} is blacklisted ${until}: it cannot be ${purpose}`, 409);
  }
  if (s.stageCode === 'ELIMINATED') throw refuse(field, `${s.supplierName} is eliminated: it cannot be ${purpose}`, 409);
  const cfg = (await tx.query<{ on: number }>('select stage_gating_flag::int as on from sslm_supplier_life_config where tenant_id = $1 order by life_config_id limit 1', [tenantId])).rows[0];
  if (!cfg || cfg.on !== 1) return;
  const allowed = (await tx.query<{ c: string }>('select stage_code as c from sslm_life_cycle_stage_config where tenant_id = $1 and enabled_flag = 1 and sourcing_allowed_flag = 1', [tenantId])).rows.map((r) => r.c);
  const ok = allowed.length ? allowed : ['QUALIFIED'];
  if (!s.stageCode || !ok.includes(s.stageCode)) {
    throw refuse(field, `${s.supplierName} is ${s.stageCode ? `in stage ${s.stageCode}` : 'in no life-cycle stage yet'}: only ${ok.join(' or ')} suppliers can be ${purpose}`, 409);
  }
}
