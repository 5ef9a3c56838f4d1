import type { Queryable } from '../db/database.ts';
import { appendBidEvent } from './append.ts';
import { digestOf, type Json } from './chain.ts';

type Row = Record<string, unknown>;

/** Per supplier: how many rows and the SHA-256 of what they hold, in line order. */
function perSupplier(rows: Array<{ supplierId: number } & Row>): Json[] {
  const by = new Map<number, Row[]>();
  for (const { supplierId, ...rest } of rows) by.set(supplierId, [...(by.get(supplierId) ?? []), rest]);
  return [...by].map(([supplierId, lines]) => ({ supplierId, lines: lines.length, digest: digestOf(lines) }));
}

/**
 * What an opening committed to: each supplier's quotation of the round as opened (the database's
 * own text of every offered value). No secret once opened; before opening nothing of it is logged.
 */
async function openedQuotations(tx: Queryable, rfxId: number, round: number): Promise<Json[]> {
  const rows = (await tx.query<{ supplierId: number } & Row>(
    `select supplier_id::float8 as "supplierId", rfx_line_id::float8 as "rfxLineId", unit_price::text as "unitPrice", tax_rate::text as "taxRate", quoted_quantity::text as "quotedQuantity",
            to_char(delivery_date, 'YYYY-MM-DD') as "deliveryDate", to_char(validity_date, 'YYYY-MM-DD') as "validityDate", remark
       from ssrc_rfx_quotation_line where rfx_header_id = $1 and round_number = $2 order by supplier_id, line_num`,
    [rfxId, round],
  )).rows;
  return perSupplier(rows);
}

/** The awards as they stand: per supplier the lines awarded and a digest of their quantities. */
async function awards(tx: Queryable, rfxId: number): Promise<Json[]> {
  const rows = (await tx.query<{ supplierId: number } & Row>(
    `select supplier_id::float8 as "supplierId", quotation_line_id::float8 as "quotationLineId", award_quantity::text as "awardQuantity"
       from ssrc_rfx_quotation_line where rfx_header_id = $1 and current_flag = 1 and award_quantity > 0 order by supplier_id, line_num`,
    [rfxId],
  )).rows;
  return perSupplier(rows);
}

/** The award as the price check saved it (`stage: decided`) or as the approved or finished result (`approved`). */
export async function logRfxAward(tx: Queryable, rfxId: number, actorUserId: number, stage: 'decided' | 'approved'): Promise<void> {
  await appendBidEvent(tx, { documentEntity: 'rfxHeader', documentId: rfxId, event: 'award', actorUserId, detail: { stage, awards: await awards(tx, rfxId) } });
}

/**
 * The RFx header's moves that are bid events: the opening (with what it opened), the start of the
 * pretrial or the price check (the bids handed to evaluation), the result submitted (the check's
 * summary confirmed) and the result approved or finished (the award). Other moves log nothing.
 */
export async function logRfxMove(tx: Queryable, row: Row, action: string, actorUserId: number): Promise<void> {
  const id = Number(row.rfxHeaderId);
  const round = async () => Number((await tx.query<{ r: number }>('select round_number::int as r from ssrc_rfx_header where rfx_header_id = $1', [id])).rows[0]?.r ?? 1);
  const at = { documentEntity: 'rfxHeader' as const, documentId: id, actorUserId };
  if (action === 'open') {
    const r = await round();
    await appendBidEvent(tx, { ...at, event: 'open', detail: { round: r, bids: await openedQuotations(tx, id, r) } });
  } else if (action === 'startCheck' || action === 'pretrial') await appendBidEvent(tx, { ...at, event: 'hand-out', detail: { stage: action === 'pretrial' ? 'pretrial' : 'check', round: await round() } });
  else if (action === 'submit') await appendBidEvent(tx, { ...at, event: 'confirm', detail: { stage: 'result submitted' } });
  else if (action === 'approve' || action === 'finish') await logRfxAward(tx, id, actorUserId, 'approved');
}
