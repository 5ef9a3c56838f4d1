import type { EntityDecl } from '../../../renderer/schema/entity.ts';
import type { Queryable } from '../../db/database.ts';
import { holdsAnyRoute } from '../../resources/permissions.ts';
import { maskSealed, type SealedRows } from '../../resources/sealed.ts';
import type { Scope } from '../../resources/scope.ts';

type Row = Record<string, unknown>;

/** The technical envelope: opened per round (`openedRound`), in the first stage of a two-stage opening. */
export const TECHNICAL_FIELDS = ['technicalProposal', 'technicalAttachmentUuid'] as const;
/** The commercial envelope: opened per round (`commercialRound`); in a two-stage tender only for suppliers whose technical bid passed. */
export const COMMERCIAL_FIELDS = ['bidAmount', 'taxRate', 'deliveryPeriod', 'commercialRemark', 'commercialAttachmentUuid'] as const;

const ids = async (db: Queryable, sql: string, bidIds: readonly number[]) => new Set((await db.query<{ id: number }>(sql, [bidIds])).rows.map((r) => Number(r.id)));

/**
 * Sealing is per bid, not per tender: a later round's bids are sealed while the earlier rounds'
 * stay as opened, and a two-stage tender opens the commercial envelope of passed suppliers only.
 */
export const SEALED_TECHNICAL: SealedRows = {
  documentField: 'bidId',
  supplierField: 'supplierId',
  fields: TECHNICAL_FIELDS,
  sealedDocuments: (db, bidIds) => ids(db, `select b.bid_id::float8 as id from tender_bid b join tender_header h on h.tender_header_id = b.tender_header_id
     where b.bid_id = any($1::bigint[]) and coalesce(b.round_number, 1) > coalesce(h.opened_round, 0)`, bidIds),
};

export const SEALED_COMMERCIAL: SealedRows = {
  documentField: 'bidId',
  supplierField: 'supplierId',
  fields: COMMERCIAL_FIELDS,
  sealedDocuments: (db, bidIds) => ids(db, `select b.bid_id::float8 as id from tender_bid b join tender_header h on h.tender_header_id = b.tender_header_id
     where b.bid_id = any($1::bigint[]) and (coalesce(b.round_number, 1) > coalesce(h.commercial_round, 0)
       or (coalesce(h.two_stage_flag, 0) = 1 and not exists (select 1 from tender_supplier s where s.tender_header_id = b.tender_header_id and s.supplier_id = b.supplier_id and s.tech_pass_flag = 1)))`, bidIds),
};

/** Routes whose holders read a tender's bids as its buyer (or its award approver), not as an expert. */
const BUYER_ROUTES = ['/tender/tenderHall/list', '/tender/tenderResultApproval'];

/** Whether the caller reads bids as an expert: neither the supplier side nor a buyer. */
export async function expertSide(db: Queryable, scope: Scope): Promise<boolean> {
  if (scope.auth.supplierIds || scope.auth.roleLevel === 'site') return false;
  return !(await holdsAnyRoute(db, scope.auth.roleId, BUYER_ROUTES));
}

/** The tenders the caller evaluates from their hand-out on, with the envelope their expert role reads. */
export async function expertTenders(db: Queryable, userId: number): Promise<Map<number, string>> {
  const r = await db.query<{ id: number; role: string }>(
    `select e.tender_header_id::float8 as id, e.expert_role as role from tender_expert e join tender_header h on h.tender_header_id = e.tender_header_id
      where e.user_id = $1 and h.tender_status in ('EVALUATING', 'SCORED', 'AWARDED')`, [userId]);
  return new Map(r.rows.map((x) => [Number(x.id), x.role]));
}

/**
 * What the committee's evaluation made of a bid: the buyer's to read. A supplier learns its result
 * from the award notice, and an expert never reads the committee's totals, which hold the other
 * experts' scores (each expert's scores are theirs alone until the buyer confirms them).
 */
export const EVALUATION_FIELDS = ['scoreTotal', 'rankNum', 'vetoFlag', 'vetoReason'] as const;

/** A bid as the caller may see it: sealed envelopes emptied, and an expert's view narrowed to their role's envelope. */
export async function maskBids(db: Queryable, scope: Scope, rows: Row[], entities: ReadonlyMap<string, EntityDecl>): Promise<Row[]> {
  await maskSealed(db, scope, rows, SEALED_TECHNICAL, entities);
  await maskSealed(db, scope, rows, SEALED_COMMERCIAL, entities);
  const expert = await expertSide(db, scope);
  if (scope.auth.supplierIds || expert) for (const r of rows) for (const f of EVALUATION_FIELDS) r[f] = null;
  if (expert) {
    const mine = await expertTenders(db, scope.auth.userId);
    for (const r of rows) {
      const role = mine.get(Number(r.tenderHeaderId));
      const hide = role === undefined ? [...TECHNICAL_FIELDS, ...COMMERCIAL_FIELDS] : role === 'TECHNICAL' ? COMMERCIAL_FIELDS : role === 'COMMERCIAL' ? TECHNICAL_FIELDS : [];
      for (const f of hide) r[f] = null;
    }
  }
  return rows;
}
