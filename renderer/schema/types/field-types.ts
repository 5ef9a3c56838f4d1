import type { EntityField, FilterMode } from '../entity.ts';
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
   * JSON number, or formatted by a `to_char` pattern.
   */
  select: { as: 'value' } | { as: 'number' } | { as: 'text'; pattern: string };
  /** JSON Schema of a request value (before `null` is allowed for optional fields). */
  json(f: EntityField): Json;
  widget: WidgetType;
  cell: CellType;
  /** Query values are numbers (filters, ranges); summaries add it up. */
  numeric?: boolean;
  /** The filter a list gets when the field declares none. */
  filter: FilterMode;
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

const TABLE = {
  string: { sql: (f) => `varchar(${f.maxLength ?? 255})`, select: { as: 'value' }, json: text(255), widget: 'input', cell: 'text', filter: 'like' },
  text: { sql: () => 'text', select: { as: 'value' }, json: text(), widget: 'textarea', cell: 'text', filter: 'like' },
  integer: { sql: () => 'bigint', select: { as: 'number' }, json: (f) => ({ type: 'integer', ...range(f) }), widget: 'number', cell: 'number', numeric: true, filter: 'eq' },
  number: {
    sql: (f) => (f.precision !== undefined ? `numeric(20,${f.precision})` : 'numeric'),
    select: { as: 'number' },
    json: (f) => ({ type: 'number', ...range(f) }),
    widget: 'number',
    cell: 'number',
    numeric: true,
    filter: 'eq',
  },
  money: { sql: (f) => `numeric(20,${f.precision ?? 2})`, select: { as: 'number' }, json: (f) => ({ type: 'number', ...range(f) }), widget: 'money', cell: 'money', numeric: true, filter: 'eq' },
  percent: { sql: (f) => `numeric(9,${f.precision ?? 2})`, select: { as: 'number' }, json: (f) => ({ type: 'number', ...range(f) }), widget: 'percent', cell: 'percent', numeric: true, filter: 'eq' },
  date: { sql: () => 'date', select: { as: 'text', pattern: 'YYYY-MM-DD' }, json: () => ({ type: 'string', pattern: DATE_PATTERN }), widget: 'date', cell: 'text', filter: 'eq' },
  datetime: { sql: () => 'timestamp(0)', select: { as: 'text', pattern: 'YYYY-MM-DD HH24:MI:SS' }, json: () => ({ type: 'string', pattern: DATETIME_PATTERN }), widget: 'datetime', cell: 'text', filter: 'eq' },
  time: { sql: () => 'time(0)', select: { as: 'text', pattern: 'HH24:MI:SS' }, json: () => ({ type: 'string', pattern: '^(\\d{2}:\\d{2}(:\\d{2})?)?$' }), widget: 'time', cell: 'text', filter: 'eq' },
  flag: { sql: () => 'smallint', select: { as: 'number' }, json: () => ({ type: 'integer', enum: [0, 1] }), widget: 'switch', cell: 'flag', numeric: true, filter: 'eq' },
  yn: { sql: () => 'varchar(1)', select: { as: 'value' }, json: () => ({ type: 'string', enum: ['Y', 'N'] }), widget: 'yn', cell: 'flag', filter: 'eq' },
  json: { sql: () => 'jsonb', select: { as: 'value' }, json: () => ({}), widget: 'json', cell: 'json', filter: 'eq' },
  attachment: { sql: () => 'varchar(64)', select: { as: 'value' }, json: text(64), widget: 'attachment', cell: 'text', filter: 'eq' },
  richtext: { sql: () => 'text', select: { as: 'value' }, json: text(), widget: 'richtext', cell: 'richtext', filter: 'like' },
} satisfies Record<string, FieldTypeDef>;

export type FieldType = keyof typeof TABLE;

export const FIELD_TYPES: Record<FieldType, FieldTypeDef> = TABLE;

/** A query value of this type (a declared field type or a system date) is a number. */
export const isNumericType = (type: string): boolean => !!(TABLE as Record<string, FieldTypeDef>)[type]?.numeric;
