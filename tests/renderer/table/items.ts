import type { EntityDecl } from '../../../renderer/schema/entity.ts';

/** The table tests' records: an item with a code and a name, as many as a test needs. */
export const itemEntity: EntityDecl = {
  version: 1,
  name: 'item',
  table: 'bench_item',
  primaryKey: 'itemId',
  tenantScoped: false,
  paths: { site: '/bench/v1/items' },
  fields: [
    { name: 'itemId', type: 'integer' },
    { name: 'itemCode', type: 'string' },
    { name: 'itemName', type: 'string' },
  ],
};

export const itemRows = (n: number) => Array.from({ length: n }, (_, i) => ({ itemId: i + 1, itemCode: `I${i + 1}`, itemName: `Item ${i + 1}` }));
