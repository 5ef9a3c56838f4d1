import type { Queryable } from '../db/database.ts';
import { appendBidEvent } from './append.ts';
import { digestOf, type Json } from './chain.ts';

type Row = Record<string, unknown>;

/** The envelope fields each opening move opens, as the database's own text. */
const TECHNICAL = `technical_proposal as "technicalProposal", technical_attachment_uuid as "technicalAttachmentUuid"`;
const COMMERCIAL = `bid_amount::text as "bidAmount", tax_rate::text as "taxRate", delivery_period::text as "deliveryPeriod", commercial_remark as "commercialRemark", commercial_attachment_uuid as "commercialAttachmentUuid"`;
const OPENINGS: Record<string, { envelope: string; fields: string; passedOnly: boolean }> = {
  open: { envelope: 'both', fields: `${TECHNICAL}, ${COMMERCIAL}`, passedOnly: false },
  openTechnical: { envelope: 'technical', fields: TECHNICAL, passedOnly: false },
  // A two-stage tender opens the commercial envelopes of the suppliers whose technical bid passed only.
  openCommercial: { envelope: 'commercial', fields: COMMERCIAL, passedOnly: true },
};

const roundOf = async (tx: Queryable, id: number) => Number((await tx.query<{ r: number }>('select coalesce(round_number, 1)::int as r from tender_header where tender_header_id = $1', [id])).rows[0]?.r ?? 1);

/** Each bid of the round the move opened: its lot, supplier and the SHA-256 of the envelope content opened. */
async function openedBids(tx: Queryable, tenderId: number, round: number, how: (typeof OPENINGS)[string]): Promise<Json[]> {
  const rows = (await tx.query<{ bidId: number; supplierId: number; sectionId: number } & Row>(
    `select b.bid_id::float8 as "bidId", b.supplier_id::float8 as "supplierId", b.section_id::float8 as "sectionId", ${how.fields}
       from tender_bid b where b.tender_header_id = $1 and b.bid_status = 'SUBMITTED' and coalesce(b.round_number, 1) = $2
        and (not $3::boolean or exists (select 1 from tender_supplier s where s.tender_header_id = b.tender_header_id and s.supplier_id = b.supplier_id and s.tech_pass_flag = 1))
      order by b.section_num, b.supplier_id, b.bid_id`,
    [tenderId, round, how.passedOnly],
  )).rows;
  return rows.map(({ bidId, supplierId, sectionId, ...content }) => ({ bidId, supplierId, sectionId, digest: digestOf(content) }));
}

/** An opening move of the tender header (one envelope or both, per round), with what it opened; other moves log nothing. */
export async function logTenderOpening(tx: Queryable, row: Row, action: string, actorUserId: number): Promise<void> {
  const opening = OPENINGS[action];
  if (!opening) return;
  const id = Number(row.tenderHeaderId);
  const r = await roundOf(tx, id);
  await appendBidEvent(tx, { documentEntity: 'tenderHeader', documentId: id, event: 'open', actorUserId, detail: { envelope: opening.envelope, round: r, bids: await openedBids(tx, id, r, opening) } });
}

/** The evaluation's moves of the tender header: the hand-out to the committee and the confirmation of its scores. */
export async function logTenderEvaluation(tx: Queryable, row: Row, action: string, actorUserId: number): Promise<void> {
  const id = Number(row.tenderHeaderId);
  const at = { documentEntity: 'tenderHeader' as const, documentId: id, actorUserId };
  if (action === 'handout') {
    const experts = Number((await tx.query<{ n: number }>('select count(*)::int as n from tender_expert where tender_header_id = $1', [id])).rows[0]?.n ?? 0);
    await appendBidEvent(tx, { ...at, event: 'hand-out', detail: { round: await roundOf(tx, id), experts } });
  } else if (action === 'confirmScoring') await appendBidEvent(tx, { ...at, event: 'confirm', detail: { round: await roundOf(tx, id) } });
}

/** The approved award decision: per lot its winning bid, with a digest of the amount awarded. */
export async function logTenderAward(tx: Queryable, decisionId: number, tenderId: number, actorUserId: number): Promise<void> {
  const rows = (await tx.query<{ sectionId: number; supplierId: number; bidId: number; amount: string | null }>(
    `select section_id::float8 as "sectionId", supplier_id::float8 as "supplierId", bid_id::float8 as "bidId", awarded_amount::text as amount
       from tender_award where decision_id = $1 order by section_num, award_id`,
    [decisionId],
  )).rows;
  const awards = rows.map((a) => ({ sectionId: a.sectionId, supplierId: a.supplierId, bidId: a.bidId, digest: digestOf({ bidId: a.bidId, awardedAmount: a.amount }) }));
  await appendBidEvent(tx, { documentEntity: 'tenderHeader', documentId: tenderId, event: 'award', actorUserId, detail: { stage: 'approved', decisionId, awards } });
}
