import type { Queryable } from '../../../db/database.ts';
import { HttpError } from '../../../http/errors.ts';

/** The stages in their life-cycle order (ELIMINATED last): upgrades go right, downgrades left. */
export const STAGES = ['REGISTER', 'RECOMMEND', 'POTENTIAL', 'QUALIFIED', 'PREPARE', 'RESERVED', 'ELIMINATED'] as const;
export type Stage = (typeof STAGES)[number];

/** A refusal naming the field the caller must change (4xx, never a 500). */
export const refuse = (field: string, message: string, status = 400) => Object.assign(new HttpError(status, status === 409 ? 'sslm.lifeCycle.conflict' : 'error.validation', message), { field });

export interface StageRow {
  supplierId: number;
  supplierName: string;
  stageCode: string | null;
  blacklistFlag: number;
  foreverBlacklistFlag: number;
  blacklistExpiryDate: string | null;
}

/** The tenant's order of its enabled stages (its `life-cycle-dim-config`), the built-in order without one. */
export async function stageOrder(tx: Queryable, tenantId: number): Promise<string[]> {
  const r = await tx.query<{ c: string }>('select stage_code as c from sslm_life_cycle_stage_config where tenant_id = $1 and enabled_flag = 1 order by order_seq, stage_code', [tenantId]);
  return r.rows.length ? r.rows.map((x) => x.c) : [...STAGES];
}

/** A supplier of the tenant with its stage record (stage null: none yet); undefined when the supplier is not the tenant's. */
export async function supplierStage(tx: Queryable, tenantId: number, supplierId: number): Promise<StageRow | undefined> {
  const r = await tx.query<StageRow>(
    `select s.supplier_id::float8 as "supplierId", s.supplier_name as "supplierName", g.stage_code as "stageCode",
            coalesce(g.blacklist_flag, 0)::int as "blacklistFlag", coalesce(g.forever_blacklist_flag, 0)::int as "foreverBlacklistFlag",
            to_char(g.blacklist_expiry_date, 'YYYY-MM-DD') as "blacklistExpiryDate"
       from sslm_supplier s left join sslm_supplier_stage g on g.supplier_id = s.supplier_id and g.tenant_id = s.tenant_id
      where s.supplier_id = $1 and s.tenant_id = $2`,
    [supplierId, tenantId],
  );
  return r.rows[0];
}

export interface Move {
  toStage: string;
  sourceType: 'SEED' | 'APPLICATION' | 'INVESTIGATION';
  sourceNum: string | null;
  byUserId: number;
  byName: string;
  remark?: string | null;
  blacklist?: { flag: number; forever: number; expiry: string | null };
}

/**
 * Puts a supplier in a stage and records the move in its history: the one place a stage
 * changes (an approved application or investigation), never a request writing the row.
 */
export async function moveStage(tx: Queryable, tenantId: number, supplierId: number, m: Move): Promise<void> {
  const now = await supplierStage(tx, tenantId, supplierId);
  if (!now) throw refuse('supplierId', `supplierId ${supplierId} is not a supplier of this tenant`);
  const bl = m.blacklist ?? (m.toStage === 'ELIMINATED' ? undefined : { flag: 0, forever: 0, expiry: null });
  await tx.query(
    `insert into sslm_supplier_stage (tenant_id, supplier_id, supplier_num, supplier_name, stage_code, blacklist_flag, forever_blacklist_flag, blacklist_expiry_date, stage_date, last_application_num, created_by, last_updated_by)
     select s.tenant_id, s.supplier_id, s.supplier_num, s.supplier_name, $3, coalesce($4, 0), coalesce($5, 0), $6::date, now(), $7, $8, $8 from sslm_supplier s where s.supplier_id = $1 and s.tenant_id = $2
     on conflict (tenant_id, supplier_id) do update set stage_code = excluded.stage_code,
       blacklist_flag = coalesce($4, sslm_supplier_stage.blacklist_flag), forever_blacklist_flag = coalesce($5, sslm_supplier_stage.forever_blacklist_flag),
       blacklist_expiry_date = case when $4::int is null then sslm_supplier_stage.blacklist_expiry_date else $6::date end,
       stage_date = now(), last_application_num = coalesce($7, sslm_supplier_stage.last_application_num),
       object_version_number = sslm_supplier_stage.object_version_number + 1, last_update_date = now(), last_updated_by = $8`,
    [supplierId, tenantId, m.toStage, bl?.flag ?? null, bl?.forever ?? null, bl?.expiry ?? null, m.sourceNum, m.byUserId],
  );
  await tx.query(
    `insert into sslm_supplier_stage_history (tenant_id, supplier_id, supplier_name, from_stage, to_stage, source_type, source_num, changed_by_name, change_date, remark, created_by, last_updated_by)
     values ($1, $2, $3, $4, $5, $6, $7, $8, now(), $9, $10, $10)`,
    [tenantId, supplierId, now.supplierName, now.stageCode, m.toStage, m.sourceType, m.sourceNum, m.byName, m.remark ?? null, m.byUserId],
  );
}
