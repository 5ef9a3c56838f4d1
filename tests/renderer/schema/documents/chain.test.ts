import { describe, expect, it } from 'vitest';
import { checkEntity } from '../../../../renderer/schema/check/check-screen.ts';
import type { CheckContext } from '../../../../renderer/schema/check/check-context.ts';
import { linksFrom, linksTo, membershipOf } from '../../../../renderer/schema/documents/chain.ts';
import type { EntityDecl } from '../../../../renderer/schema/entity.ts';

const base = { version: 1 as const, tenantScoped: true, paths: { tenant: '/x' } };
const doc = (name: string, extra: Partial<EntityDecl> = {}): EntityDecl => ({
  ...base,
  name,
  table: name,
  primaryKey: `${name}Id`,
  permissions: { read: [`/${name}/list`] },
  document: { number: 'num', pages: [{ route: `/${name}/detail/{${name}Id}`, menu: `/${name}/list` }] },
  fields: [{ name: `${name}Id`, type: 'integer' }, { name: 'num', type: 'string' }],
  ...extra,
});
const line = (name: string, parent: string, fields: EntityDecl['fields'] = []): EntityDecl => ({
  ...base,
  name,
  table: name,
  primaryKey: `${name}Id`,
  parent: { entity: parent, field: `${parent}Id` },
  fields: [{ name: `${name}Id`, type: 'integer' }, { name: `${parent}Id`, type: 'integer' }, ...fields],
});

const requisition = doc('pr');
const requisitionLine = line('prLine', 'pr');
const order = doc('po');
const orderLine = line('poLine', 'po', [{ name: 'prLineId', type: 'integer', readOnly: true, source: 'prLine' }]);
const contract = doc('pc', { fields: [{ name: 'pcId', type: 'integer' }, { name: 'num', type: 'string' }, { name: 'tenderId', type: 'integer', source: 'tender' }] });
const tender = doc('tender');
const all = new Map([requisition, requisitionLine, order, orderLine, contract, tender].map((e) => [e.name, e]));

describe('the chain of documents', () => {
  it('puts a line in its document and a document in itself', () => {
    expect(membershipOf(orderLine, all)).toEqual({ document: order, field: 'poId' });
    expect(membershipOf(order, all)).toEqual({ document: order, field: 'poId' });
  });

  it('follows line-to-line and header-to-header links both ways', () => {
    expect(linksFrom(order, all).map((l) => `${l.entity.name}.${l.field} → ${l.source.name}`)).toEqual(['poLine.prLineId → prLine']);
    expect(linksTo(requisition, all).map((l) => l.entity.name)).toEqual(['poLine']);
    expect(linksTo(tender, all).map((l) => `${l.entity.name}.${l.field}`)).toEqual(['pc.tenderId']);
    expect(linksTo(order, all)).toEqual([]);
  });
});

describe('schemas:check on the chain', () => {
  const ctx = { entities: all, screenRoutes: new Set(['/po/detail/:id', '/pr/detail/:id', '/pc/detail/:id', '/tender/detail/:id']), i18nKeys: new Set(), lovCodes: new Set(), lovViews: new Set() } as unknown as CheckContext;
  const problems = (e: EntityDecl) => checkEntity(e, 'x.json', ctx).map((p) => `${p.path} ${p.message}`);

  it('passes the declarations above', () => {
    for (const e of all.values()) expect(problems(e)).toEqual([]);
  });

  it('refuses a source that is no entity or no key, and a document whose page or menu leads nowhere', () => {
    expect(problems(line('bad', 'po', [{ name: 'a', type: 'integer', source: 'prLin' }, { name: 'b', type: 'string', source: 'prLine' }]))).toEqual([
      '/fields/2/source unknown entity "prLin"; did you mean "prLine"?',
      '/fields/3/source a source link holds the source record\'s key: an integer',
    ]);
    const lost = doc('po', { document: { number: 'nr', pages: [{ route: '/po/detial/{poId}', menu: '/po/other' }, { route: '/po/detail/{poNum}', menu: '/po/list' }] } });
    expect(problems(lost)).toEqual([
      '/document/number "nr" is not a field',
      '/document/pages/0/route no screen serves "/po/detial/{poId}"',
      '/document/pages/0/menu "/po/other" is not one of po\'s read or write menus (permissions)',
      '/document/pages/1/route "poNum" is not a field',
    ]);
  });
});
