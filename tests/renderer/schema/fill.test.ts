import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkEntity } from '../../../renderer/schema/check/check-screen.ts';
import type { EntityDecl, EntityField } from '../../../renderer/schema/entity.ts';
import { FILL_SOURCES, fillValue, initialValues, userFacts, type FillFacts } from '../../../renderer/schema/fill.ts';
import { todayWire } from '../../../renderer/format/date.ts';
import { checkContextOf } from './check/empty-check-context.ts';

const facts: FillFacts = {
  'user.realName': { value: 'Bella Buyer' },
  'user.company': { value: 1, name: '演示制造集团股份有限公司' },
  'user.unit': { value: 7, name: '生产采购部' },
  'tenant.currency': { value: 'CNY' },
  today: { value: '2026-03-02' },
};

const field = (f: Partial<EntityField> & { name: string }): EntityField => ({ type: 'string', ...f });

describe('fill sources', () => {
  it('give a lookup the record’s id and a text field its name; a lookup stays empty for a fact known by name only', () => {
    expect(fillValue(field({ name: 'companyId', type: 'integer', lovView: 'HPFM.COMPANY', fill: 'user.company' }), facts)).toBe(1);
    expect(fillValue(field({ name: 'companyName', fill: 'user.company' }), facts)).toBe('演示制造集团股份有限公司');
    expect(fillValue(field({ name: 'currencyCode', fill: 'tenant.currency' }), facts)).toBe('CNY');
    expect(fillValue(field({ name: 'requestDate', type: 'date', fill: 'today' }), facts)).toBe('2026-03-02');
    const outside: FillFacts = { 'user.company': { value: 'Demo Manufacturing Co.', name: 'Demo Manufacturing Co.' } };
    expect(fillValue(field({ name: 'companyId', type: 'integer', lovView: 'HPFM.COMPANY', fill: 'user.company' }), outside)).toBeUndefined();
    expect(fillValue(field({ name: 'requestedBy', fill: 'user.employee' }), facts)).toBeUndefined();
  });

  it('take today from the clock in the person’s zone, and the older user fields where the server sent no facts', () => {
    const at = new Date('2026-03-01T23:30:00Z');
    expect(todayWire({ timeZone: 'GMT+8' }, at)).toBe('2026-03-02');
    expect(todayWire({ timeZone: 'GMT-5' }, at)).toBe('2026-03-01');
    expect(userFacts({ realName: 'Bella', tenantName: 'Demo', fills: { 'tenant.currency': { value: 'USD' } } }, '2026-03-02')).toEqual({
      'tenant.currency': { value: 'USD' },
      today: { value: '2026-03-02' },
      'user.realName': { value: 'Bella' },
      'tenant.name': { value: 'Demo' },
    });
  });

  it('fill a new form: a lookup with its display name, the name it keeps beside it, and never over a default', () => {
    const entity = {
      fields: [
        field({ name: 'companyId', type: 'integer', lovView: 'HPFM.COMPANY', fill: 'user.company' }),
        field({ name: 'companyName', fill: 'user.company' }),
        field({ name: 'unitName', fill: 'user.unit' }),
        field({ name: 'currencyCode', fill: 'tenant.currency' }),
        field({ name: 'remark', default: 'x' }),
      ],
    };
    const on = (name: string, defaultValue?: unknown) => ({ name, defaultValue, decl: entity.fields.find((f) => f.name === name)! });
    expect(initialValues([on('companyId'), on('currencyCode', 'USD'), on('remark')], facts, entity)).toEqual({
      companyId: 1,
      companyIdMeaning: '演示制造集团股份有限公司',
      companyName: '演示制造集团股份有限公司',
      currencyCode: 'USD',
      remark: 'x',
    });
  });

  it('are the ones the meta-schema offers', () => {
    const meta = JSON.parse(readFileSync(join(import.meta.dirname, '../../../renderer/schema/entity.meta.json'), 'utf8')) as unknown;
    const found: unknown[] = [];
    const walk = (o: unknown): void => {
      if (!o || typeof o !== 'object') return;
      const fill = (o as Record<string, { enum?: unknown[] }>).fill;
      if (fill?.enum) found.push(fill.enum);
      Object.values(o).forEach(walk);
    };
    walk(meta);
    expect(found).toEqual([[...FILL_SOURCES]]);
  });

  it('are refused by schemas:check on a field they cannot fill', () => {
    const e: EntityDecl = {
      version: 1,
      name: 'doc',
      table: 'd',
      primaryKey: 'id',
      tenantScoped: true,
      paths: { tenant: '/d' },
      fields: [
        field({ name: 'companyId', type: 'integer', lovView: 'HPFM.COMPANY', fill: 'user.company' }),
        field({ name: 'companyName', fill: 'user.company' }),
        field({ name: 'day', type: 'date', fill: 'today' }),
        field({ name: 'plainId', type: 'integer', fill: 'user.company' }),
        field({ name: 'when', type: 'string', fill: 'today' }),
        field({ name: 'currencyCode', fill: 'tenant.currency', default: 'CNY' }),
        field({ name: 'agent', fill: 'user.realName', readOnly: true }),
        field({ name: 'n', type: 'integer', lovView: 'X', fill: 'tenant.currency' }),
      ],
    };
    const problems = checkEntity(e, 'd.json', checkContextOf([e])).filter((p) => p.path.endsWith('/fill')).map((p) => p.path);
    expect(problems).toEqual(['/fields/3/fill', '/fields/4/fill', '/fields/5/fill', '/fields/6/fill', '/fields/7/fill']);
  });
});
