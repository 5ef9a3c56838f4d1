import type { EntityDecl, EntityField, FieldType } from '../../../../../renderer/schema/entity.ts';
import type { DetailScreen, FieldRef } from '../../../../../renderer/schema/screen.ts';
import { LOVS } from './list-data.ts';

/**
 * The form of scenario 4: 300 fields of mixed types in 10 sections, 20 of them driven by
 * expressions (5 read the field the runner types into, so each key re-evaluates them).
 */
export const FIELD_COUNT = 300;
export const TYPED_FIELD = 'f001';

/** 15-field pattern repeated 20 times: 6 strings, 1 text, 1 integer, 1 number, 1 money, 1 percent, 1 date, 1 date-time, 1 flag, 1 value set. */
const PATTERN: Array<FieldType | 'lov'> = ['string', 'string', 'string', 'string', 'string', 'string', 'text', 'integer', 'number', 'money', 'percent', 'date', 'datetime', 'flag', 'lov'];

export interface BenchField {
  name: string;
  label: string;
  kind: FieldType | 'lov';
  required: boolean;
}

const pad = (i: number) => String(i).padStart(3, '0');

export const FIELDS: BenchField[] = Array.from({ length: FIELD_COUNT }, (_, i) => {
  const kind = PATTERN[i % PATTERN.length]!;
  return { name: `f${pad(i + 1)}`, label: `Field ${pad(i + 1)}`, kind, required: kind === 'string' && i % 10 === 0 };
});

const entityField = (f: BenchField): EntityField => {
  const base = { name: f.name, label: { en_US: f.label, zh_CN: f.label }, required: f.required };
  if (f.kind === 'lov') return { ...base, type: 'string', lov: 'BENCH.STATUS' };
  if (f.kind === 'string') return { ...base, type: 'string', maxLength: 60 };
  if (f.kind === 'text') return { ...base, type: 'text', maxLength: 480 };
  if (f.kind === 'money') return { ...base, type: 'money', min: 0 };
  return { ...base, type: f.kind };
};

export const formEntity: EntityDecl = {
  version: 1,
  name: 'benchForm',
  table: 'bench_form',
  primaryKey: 'id',
  tenantScoped: true,
  paths: { tenant: '/bench/v1/{tenantId}/forms' },
  fields: [{ name: 'id', type: 'integer', readOnly: true }, ...FIELDS.map(entityField)],
};

/** The 20 expressions: field → its adjustments. */
const EXPRESSIONS: Record<string, Omit<FieldRef, 'field'>> = {
  f002: { visible: 'len(record.f001) < 200' },
  f003: { disabled: "record.f001 == 'lock'" },
  f004: { required: '!isEmpty(record.f001)' },
  f005: { visible: "upper(record.f001) != 'HIDE'" },
  f016: { value: 'upper(record.f001)' },
  f017: { visible: 'record.f014 == 1' },
  f018: { disabled: 'record.f014 != 1' },
  f024: { value: 'round(record.f010 * 1.13, 2)' },
  f025: { required: 'record.f010 > 1000' },
  f031: { visible: "record.f030 != 'CLOSED'" },
  f032: { disabled: "record.f030 == 'CLOSED'" },
  f047: { visible: 'record.f044 == 1 || record.f025 > 0' },
  f062: { required: "record.f060 == 'APPROVED'" },
  f077: { disabled: 'record.f074 == 0' },
  f092: { visible: 'record.f085 >= 0' },
  f121: { visible: "!includes(['NEW', 'CLOSED'], record.f120)" },
  f152: { disabled: 'record.f149 == 0 && record.f150 == null' },
  f183: { required: 'record.f175 > 500' },
  f214: { visible: "record.f210 ?? true" },
  f245: { disabled: "record.f240 == 'CLOSED' ? true : false" },
};

export const formScreen: DetailScreen = {
  version: 1,
  kind: 'detail',
  route: '/bench/forms/:id',
  title: { en_US: 'A 300-field form', zh_CN: 'A 300-field form' },
  entity: 'benchForm',
  idParam: 'id',
  sections: Array.from({ length: 10 }, (_, s) => ({
    title: { en_US: `Section ${s + 1}`, zh_CN: `Section ${s + 1}` },
    columns: 3,
    fields: FIELDS.slice(s * 30, s * 30 + 30).map((f) => (EXPRESSIONS[f.name] ? { field: f.name, ...EXPRESSIONS[f.name] } : f.name)),
  })),
};

/** The record as the API returns it (platform formats: dates as strings, flags as 1/0). */
export function makeRecord(): Record<string, unknown> {
  const rec: Record<string, unknown> = { id: 1, objectVersionNumber: 1 };
  FIELDS.forEach((f, i) => {
    const v: Record<typeof f.kind, unknown> = {
      string: `Value ${i + 1}`,
      text: `A longer remark for field ${i + 1}`,
      integer: i * 7,
      number: i * 1.5,
      money: i * 123.45,
      percent: i % 100,
      date: '2025-03-01',
      datetime: '2025-03-01 10:00:00',
      time: '10:00:00',
      flag: i % 2,
      yn: 'Y',
      json: null,
      attachment: null,
      richtext: '',
      lov: LOVS['BENCH.STATUS']![i % 6]!.value,
    };
    rec[f.name] = v[f.kind];
  });
  rec[TYPED_FIELD] = '';
  return rec;
}
