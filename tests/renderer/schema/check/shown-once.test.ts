import { describe, expect, it } from 'vitest';
import { checkScreen } from '../../../../renderer/schema/check/check-screen.ts';
import type { EntityDecl } from '../../../../renderer/schema/entity.ts';
import { checkContextOf } from './empty-check-context.ts';

/** schemas:check: a form shows a field once; a lookup by id already shows the name it fills. */
const order: EntityDecl = {
  version: 1,
  name: 'order',
  table: 'o',
  primaryKey: 'id',
  tenantScoped: false,
  paths: { site: '/o' },
  fields: [
    { name: 'supplierId', type: 'integer', lovView: 'SUP' },
    { name: 'supplierName', type: 'string' },
    { name: 'templateCode', type: 'string', lovView: 'SUP' },
    { name: 'templateName', type: 'string' },
  ],
};
const ctx = checkContextOf([order], { lovViews: new Set(['SUP']), widgets: new Set(['lov']) });
const create = (fields: unknown[]) => ({ version: 1, kind: 'create', title: 't', entity: 'order', sections: [{ fields }] });
const problems = (fields: unknown[]) => checkScreen(create(fields), 'f.json', ctx).map((p) => `${p.path}: ${p.message}`);

describe('a field shown once', () => {
  it('refuses a greyed-out copy of the name a lookup by id fills beside it', () => {
    expect(problems([{ field: 'supplierId', lovMap: { supplierName: 'supplierName' } }, { field: 'supplierName', disabled: true }])).toEqual([
      '/sections/0/fields/1: "supplierName" is shown twice: the lookup "supplierId" beside it fills and shows it',
    ]);
  });

  it('allows the lookup alone, and a code lookup with its name beside it', () => {
    expect(problems([{ field: 'supplierId', lovMap: { supplierName: 'supplierName' } }])).toEqual([]);
    expect(problems([{ field: 'templateCode', lovMap: { templateName: 'templateName' } }, { field: 'templateName', disabled: true }])).toEqual([]);
  });
});
