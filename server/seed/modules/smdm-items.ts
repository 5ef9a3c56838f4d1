import { loadEntities } from '../../resources/entities.ts';
import { seedEntityRows } from '../generic-rows.ts';
import type { SeedStep } from '../seed.ts';

const NAMES = ['Bearing', 'Gasket', 'Valve', 'Sensor', 'Cable', 'Motor', 'Bracket', 'Fastener', 'Filter', 'Pump', 'Relay', 'Switch'];

/** Materials of both tenants: enough rows for paging, sorting and search to mean something. */
export const step: SeedStep = {
  version: 'seed:smdm-items:v1',
  async run(tx) {
    const item = loadEntities().get('item')!;
    for (const [tenantId, count, seed] of [[1, 120, 101], [2, 30, 102]] as const) {
      await seedEntityRows(tx, item, {
        count,
        tenantId,
        seed,
        overrides: (i, r) => ({ itemCode: `MAT-${tenantId}${String(i + 1).padStart(5, '0')}`, itemName: `${r.pick(NAMES)} ${r.pick(['A', 'B', 'C', 'X'])}${r.int(10, 99)}`, attachmentUuid: null }),
      });
    }
  },
};
