import { loadEntities } from '../../resources/entities.ts';
import { seedEntityRows } from '../generic-rows.ts';
import type { SeedStep } from '../seed.ts';

const KINDS = ['ORDER_RELEASED', 'ORDER_CONFIRMED', 'RFX_INVITATION', 'RFX_AWARDED', 'SUPPLIER_APPROVED', 'PASSWORD_RESET', 'CONTRACT_SIGNED', 'INVOICE_RECEIVED'];

/** Message templates with variables, platform level and per tenant. */
export const step: SeedStep = {
  version: 'seed:hmsg-templates:v1',
  async run(tx) {
    const e = loadEntities().get('messageTemplate')!;
    for (const [tenantId, count, seed] of [[0, 16, 201], [1, 24, 202], [2, 8, 203]] as const) {
      await seedEntityRows(tx, e, {
        count,
        tenantId,
        seed,
        overrides: (i) => {
          const kind = KINDS[i % KINDS.length]!;
          const lang = i % 2 === 0 ? 'zh_CN' : 'en_US';
          return {
            templateCode: `${kind}.${tenantId}.${String(i + 1).padStart(2, '0')}`,
            templateName: `${kind.replace(/_/g, ' ').toLowerCase()} (${lang})`,
            lang,
            templateTitle: lang === 'zh_CN' ? '${companyName}：${docNum} 通知' : 'Notice for ${docNum} from ${companyName}',
            templateContent: '<p>${userName}, document <b>${docNum}</b> changed at ${date}.</p>',
            variables: 'companyName,docNum,userName,date',
          };
        },
      });
    }
  },
};
