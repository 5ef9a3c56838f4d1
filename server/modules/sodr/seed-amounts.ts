import type { Queryable } from '../../db/database.ts';
import { loadEntities } from '../../resources/entities.ts';
import { recomputeAll } from '../../resources/formulas.ts';
import type { SeedStep } from '../../seed/seed.ts';

/**
 * The demo orders' amounts as the server computes them (`formula` of po-header and po-line.json):
 * the orders were generated with rounded floats and without tax codes; every line gets the
 * standard input VAT, then lines and totals are computed in decimal arithmetic by the database.
 */
async function seedAmounts(tx: Queryable): Promise<void> {
  await tx.query("update sodr_po_line set tax_code = 'VAT13-IN' where tax_code is null");
  const entities = loadEntities();
  await recomputeAll(tx, entities.get('poHeader')!, entities);
}

export const step: SeedStep = { version: 'seed:sodr-amounts:v1', run: (tx) => seedAmounts(tx) };
