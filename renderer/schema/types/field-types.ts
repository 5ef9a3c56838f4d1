import { type DecimalSpec, decimalPattern } from '../decimal.ts';
import type { EntityField, FilterMode } from '../entity.ts';
import type { Rng } from '../seed/rng.ts';
import { pad, WORDS } from '../seed/words.ts';
import type { CellType } from './cells.ts';
import type { WidgetType } from './widgets.ts';

type Json = Record<string, unknown>;

/**
 * What one entity field type means, everywhere: its column, how it is selected, how a request
 * value is validated, which widget edits it and which cell shows it, how lists filter it. The
 * table is exhaustive over `FieldType` (a type added to the union and forgotten here is a compile
 * error), and the entity meta-schema's type enum is generated from its keys.
 */
export interface FieldTypeDef {
  /** SQL column type. */
  sql(f: EntityField): string;
  /**
   * How the select list returns it, so PGlite and node-pg answer the same JSON: as stored, as a
   * JSON number, as decimal text with the column's scale (`"1234.50"`: a float would drift; a
   * field without `decimal` digits then goes as a number), or formatted by a `to_char` pattern.
   */
  select: { as: 'value' } | { as: 'number' } | { as: 'decimal' } | { as: 'text'; pattern: string };
  /** A fixed-point column's digits: its SQL type, its wire text and the request value's limits all follow from them. */
  decimal?(f: EntityField): DecimalSpec | undefined;
  /** JSON Schema of a request value (before `null` is allowed for optional fields). */
  json(f: EntityField): Json;
  widget: WidgetType;
  cell: CellType;
  /** Query values are numbers (filters, ranges); summaries add it up. */
  numeric?: boolean;
  /** The filter a list gets when the field declares none. */
  filter: FilterMode;
  /** A plausible demo value for row `i` (seed recipes use it for the fields they leave open). */
  fake(f: EntityField, i: number, r: Rng): unknown;
}

const range = (f: EntityField) => ({ ...(f.min !== undefined && { minimum: f.min }), ...(f.max !== undefined && { maximum: f.max }) });
// '' clears the value; a date may carry a time part the column drops. Anything else would reach the database.
const DATE_PATTERN = '^$|^\\d{4}-\\d{2}-\\d{2}';
const DATETIME_PATTERN = '^$|^\\d{4}-\\d{2}-\\d{2}([ T]\\d{2}:\\d{2}(:\\d{2})?)?';

/** Free text: the column's own width, so an over-long value is refused naming the field. */
function text(width?: number) {
  return (f: EntityField): Json => {
    const s: Json = { type: 'string' };
    const w = f.maxLength ?? width;
    if (w) s.maxLength = w;
    if (f.required) s.minLength = f.minLength ?? 1;
    if (f.pattern) s.pattern = f.required ? f.pattern : `^$|${f.pattern}`;
    if (f.format === 'email') s.pattern = '^$|^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$';
    return s;
  };
}

// Amounts with two decimals within the field's range.
const amount = (f: EntityField, _i: number, r: Rng) => Math.round(r.int(Math.max(0, f.min ?? 0) * 100, (f.max ?? 100000) * 100)) / 100;

const numericSql = (d: DecimalSpec) => `numeric(${d.precision},${d.scale})`;

/**
 * A request value of a fixed-point column: a JSON number (what clients always sent) or decimal
 * text; the pattern bounds the text's digits. A number's digits, and a text's range, are checked
 * by the server (server/resources/decimal-check.ts), since JSON Schema can say neither.
 */
const decimalJson = (d: DecimalSpec, f: EntityField): Json => ({ type: ['string', 'number'], pattern: decimalPattern(d, f.required), ...range(f) });

const moneyDigits = (f: EntityField): DecimalSpec => ({ precision: 20, scale: f.precision ?? 2 });
const percentDigits = (f: EntityField): DecimalSpec => ({ precision: 9, scale: f.precision ?? 2 });
// A number without `precision` is an unbounded numeric: no scale to keep, so it stays a JSON number.
const numberDigits = (f: EntityField): DecimalSpec | undefined => (f.precision !== undefined ? { precision: 20, scale: f.precision } : undefined);

const TABLE = {
  string: { sql: (f) => `varchar(${f.maxLength ?? 255})`, select: { as: 'value' }, json: text(255), widget: 'input', cell: 'text', filter: 'like', fake: (f, i, r) => {
      const max = f.maxLength ?? 255;
      if (/code|num|no$/i.test(f.name)) return `${f.name.replace(/[a-z]/g, '').toUpperCase() || 'C'}${pad(i + 1, 4)}`.slice(0, max);
      if (/email/i.test(f.name)) return `user${i + 1}@example.com`.slice(0, max);
      if (/phone|tel/i.test(f.name)) return `139${pad(r.int(0, 99999999), 8)}`.slice(0, max);
      return `${r.pick(WORDS)} ${r.pick(WORDS)} ${i + 1}`.slice(0, max);
    } },
  text: { sql: () => 'text', select: { as: 'value' }, json: text(), widget: 'textarea', cell: 'text', filter: 'like', fake: (_f, i, r) => `${r.pick(WORDS)} ${r.pick(WORDS).toLowerCase()} notes for record ${i + 1}` },
  integer: { sql: () => 'bigint', select: { as: 'number' }, json: (f) => ({ type: 'integer', ...range(f) }), widget: 'number', cell: 'number', numeric: true, filter: 'eq', fake: (f, _i, r) => r.int(Math.max(0, f.min ?? 0), Math.min(f.max ?? 1000, 100000)) },
  number: {
    sql: (f) => {
      const d = numberDigits(f);
      return d ? numericSql(d) : 'numeric';
    },
    select: { as: 'decimal' },
    decimal: numberDigits,
    json: (f) => {
      const d = numberDigits(f);
      return d ? decimalJson(d, f) : { type: 'number', ...range(f) };
    },
    widget: 'number',
    cell: 'number',
    numeric: true,
    filter: 'eq',
    fake: amount,
  },
  money: { sql: (f) => numericSql(moneyDigits(f)), select: { as: 'decimal' }, decimal: moneyDigits, json: (f) => decimalJson(moneyDigits(f), f), widget: 'money', cell: 'money', numeric: true, filter: 'eq', fake: amount },
  percent: { sql: (f) => numericSql(percentDigits(f)), select: { as: 'decimal' }, decimal: percentDigits, json: (f) => decimalJson(percentDigits(f), f), widget: 'percent', cell: 'percent', numeric: true, filter: 'eq', fake: (_f, _i, r) => r.pick([0, 3, 6, 9, 13, 17]) },
  date: { sql: () => 'date', select: { as: 'text', pattern: 'YYYY-MM-DD' }, json: () => ({ type: 'string', pattern: DATE_PATTERN }), widget: 'date', cell: 'date', filter: 'eq', fake: (_f, _i, r) => `202${r.int(3, 6)}-${pad(r.int(1, 12))}-${pad(r.int(1, 28))}` },
  datetime: { sql: () => 'timestamp(0)', select: { as: 'text', pattern: 'YYYY-MM-DD HH24:MI:SS' }, json: () => ({ type: 'string', pattern: DATETIME_PATTERN }), widget: 'datetime', cell: 'datetime', filter: 'eq', fake: (_f, _i, r) => `202${r.int(3, 6)}-${pad(r.int(1, 12))}-${pad(r.int(1, 28))} ${pad(r.int(8, 18))}:${pad(r.int(0, 59))}:00` },
  time: { sql: () => 'time(0)', select: { as: 'text', pattern: 'HH24:MI:SS' }, json: () => ({ type: 'string', pattern: '^(\\d{2}:\\d{2}(:\\d{2})?)?$' }), widget: 'time', cell: 'text', filter: 'eq', fake: (_f, _i, r) => `${pad(r.int(0, 23))}:${pad(r.int(0, 59))}:00` },
  flag: { sql: () => 'smallint', select: { as: 'number' }, json: () => ({ type: 'integer', enum: [0, 1] }), widget: 'switch', cell: 'flag', numeric: true, filter: 'eq', fake: (_f, _i, r) => (r.next() < 0.85 ? 1 : 0) },
  yn: { sql: () => 'varchar(1)', select: { as: 'value' }, json: () => ({ type: 'string', enum: ['Y', 'N'] }), widget: 'yn', cell: 'flag', filter: 'eq', fake: (_f, _i, r) => (r.next() < 0.8 ? 'Y' : 'N') },
  json: { sql: () => 'jsonb', select: { as: 'value' }, json: () => ({}), widget: 'json', cell: 'json', filter: 'eq', fake: () => null },
  attachment: { sql: () => 'varchar(64)', select: { as: 'value' }, json: text(64), widget: 'attachment', cell: 'text', filter: 'eq', fake: () => null },
  richtext: { sql: () => 'text', select: { as: 'value' }, json: text(), widget: 'richtext', cell: 'richtext', filter: 'like', fake: (_f, i, r) => `<p>${r.pick(WORDS)} <b>${r.pick(WORDS)}</b> ${i + 1}</p>` },
} satisfies Record<string, FieldTypeDef>;

export type FieldType = keyof typeof TABLE;

export const FIELD_TYPES: Record<FieldType, FieldTypeDef> = TABLE;

/** The digits of a field that travels as decimal text, or undefined for every other field. */
export const decimalOf = (f: EntityField): DecimalSpec | undefined => (FIELD_TYPES[f.type].select.as === 'decimal' ? FIELD_TYPES[f.type].decimal?.(f) : undefined);

/** A query value of this type (a declared field type or a system date) is a number. */
export const isNumericType = (type: string): boolean => !!(TABLE as Record<string, FieldTypeDef>)[type]?.numeric;
