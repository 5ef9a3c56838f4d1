import { describe, expect, it } from 'vitest';
import { checkEntity } from '../../../../renderer/schema/check/check-screen.ts';
import type { CheckContext } from '../../../../renderer/schema/check/check-context.ts';
import type { EntityDecl } from '../../../../renderer/schema/entity.ts';

const order: EntityDecl = {
  version: 1,
  name: 'order',
  table: 'o',
  primaryKey: 'id',
  tenantScoped: false,
  paths: { site: '/o' },
  fields: [
    { name: 'currencyCode', type: 'string' },
    { name: 'amount', type: 'money', currency: 'currencyCode' },
  ],
};

const ctx = (entities: EntityDecl[]) => ({ entities: new Map(entities.map((e) => [e.name, e])) }) as unknown as CheckContext;

const problems = (e: EntityDecl, all: EntityDecl[] = [order, e]) => checkEntity(e, 'x.json', ctx(all)).filter((p) => p.path.endsWith('/currency')).map((p) => `${p.path} ${p.message}`);

describe('a money field’s currency', () => {
  it('names a field of its own record, or of the document a line belongs to', () => {
    expect(problems(order)).toEqual([]);
    const line: EntityDecl = { ...order, name: 'orderLine', parent: { entity: 'order', field: 'orderId' }, fields: [{ name: 'orderId', type: 'integer' }, { name: 'price', type: 'money', currency: 'parent.currencyCode' }] };
    expect(problems(line)).toEqual([]);
  });

  it('is refused naming a missing field, a parent a record does not have, or on a field that is no amount', () => {
    const bad: EntityDecl = {
      ...order,
      name: 'bad',
      fields: [
        { name: 'currencyCode', type: 'string' },
        { name: 'a', type: 'money', currency: 'curency' },
        { name: 'b', type: 'money', currency: 'parent.currencyCode' },
        { name: 'c', type: 'number', currency: 'currencyCode' },
      ],
    };
    expect(problems(bad)).toEqual([
      '/fields/1/currency "curency" is not a field of bad',
      '/fields/2/currency bad is not a line: it has no parent',
      '/fields/3/currency only a money field has a currency',
    ]);
  });
});
