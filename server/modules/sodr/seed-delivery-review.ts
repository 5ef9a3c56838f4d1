import type { Queryable } from '../../db/database.ts';
import type { SeedStep } from '../../seed/seed.ts';

/**
 * Demo orders waiting for the buyer's review of proposed delivery dates: a few released orders
 * of the demo tenant whose supplier proposed, on every line, a week later than needed.
 */
async function seedDeliveryReview(tx: Queryable): Promise<void> {
  await tx.query(
    `with picked as (
       select po_header_id from sodr_po_header where tenant_id = 1 and status_code = 'PUBLISHED' order by po_header_id limit 6
     )
     update sodr_po_header h set status_code = 'DELIVERY_DATE_REVIEW' from picked p where h.po_header_id = p.po_header_id`,
  );
  await tx.query(
    `update sodr_po_line l set promise_delivery_date = l.need_by_date + 7
       from sodr_po_header h where h.po_header_id = l.po_header_id and h.status_code = 'DELIVERY_DATE_REVIEW'`,
  );
}

export const step: SeedStep = { version: 'seed:sodr-delivery-review:v1', run: (tx) => seedDeliveryReview(tx) };
