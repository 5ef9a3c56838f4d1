import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { EntityDecl } from '../../../renderer/schema/entity.ts';
import { formatSchemaJson } from '../../../renderer/schema/format-json.ts';
import { scaffoldScreen } from '../../../renderer/schema/scaffold.ts';
import type { Queryable } from '../../db/database.ts';
import { projectRoot } from '../../paths.ts';
import { insertRows } from '../../seed/insert.ts';
import type { SeedStep } from '../../seed/seed.ts';

const schemas = join(projectRoot, 'schemas');
const read = (file: string) => readFileSync(join(schemas, file), 'utf8');

/**
 * Stored pages to start from in /hpfm/ui/page: a published site page without a route (opened
 * through /hpfm/ui/page/common/HPFM.DEMO.PAYMENT_TERMS) and a draft copy of the purchase order
 * list. Nothing seeded here overrides a route: other screens behave as their files say.
 */
async function seedPages(tx: Queryable): Promise<void> {
  // A code is unique among the pages not deleted, per tenant: a deleted page frees its code.
  await tx.query('create unique index if not exists hpfm_ui_page_code_uk on hpfm_ui_page (tenant_id, page_code) where delete_flag = 0');
  const paymentTerm = JSON.parse(read('entities/smdm/payment-term.json')) as EntityDecl;
  const terms = formatSchemaJson(scaffoldScreen({ kind: 'list', entity: paymentTerm, title: { zh_CN: '付款条件(存储页面示例)', en_US: 'Payment terms (stored page sample)' } }));
  const orders = read('sodr/send-order.list.json');
  const stamp = '2025-12-30 09:00:00';
  const pages = [
    { pageCode: 'HPFM.DEMO.PAYMENT_TERMS', title: 'Payment terms (stored page sample)', route: null, templateCode: 'list', entityName: 'paymentTerm', pageKind: 'list', content: terms, published: true },
    { pageCode: 'SODR.SEND_ORDER.LIST', title: 'Purchase orders (draft copy of the file screen)', route: '/sodr/send-order/list', templateCode: 'file', entityName: 'poHeader', pageKind: 'list', content: orders, published: false },
  ];
  await insertRows(
    tx,
    'hpfm_ui_page',
    pages.map(({ published, ...p }) => ({
      ...p,
      tenantId: 0,
      pageLevel: 'SITE',
      overlayFlag: 0,
      statusCode: published ? 'PUBLISHED' : 'DRAFT',
      versionNumber: 1,
      publishedVersion: published ? 1 : null,
      publishedContent: published ? p.content : null,
      publishedRoute: null,
      publishedDate: published ? stamp : null,
      publishedByName: published ? 'admin' : null,
      updatedByName: 'admin',
      deleteFlag: 0,
      createdBy: 1,
      lastUpdatedBy: 1,
    })),
  );
  const ids = (await tx.query<{ id: number; code: string; content: string }>('select page_id::float8 as id, page_code as code, content from hpfm_ui_page where tenant_id = 0')).rows;
  const versions = ids.flatMap((r) => {
    const published = pages.find((p) => p.pageCode === r.code)?.published;
    const row = { tenantId: 0, pageId: r.id, versionNumber: 1, content: r.content, createdByName: 'admin', createdBy: 1, lastUpdatedBy: 1 };
    return [{ ...row, actionCode: 'CREATE', publishedFlag: 0 }, ...(published ? [{ ...row, actionCode: 'PUBLISH', publishedFlag: 1 }] : [])];
  });
  await insertRows(tx, 'hpfm_ui_page_version', versions);
}

export const step: SeedStep = { version: 'seed:hpfm-ui-pages:v1', run: (tx) => seedPages(tx) };
