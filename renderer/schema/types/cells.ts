// Declared here, not in definition.ts: that file imports the entity declaration (for the checks),
// whose field-type table imports this one, and the two would close an import circle.
/** A table cell: how its column lines up and whether it holds a number a summary row can add. */
export interface CellTypeDef {
  description: string;
  align: 'left' | 'right' | 'center';
  numeric?: boolean;
}

/**
 * Every table cell of the schema language, keyed by the name a column gives in `cell`. `numeric`
 * cells line up right and are the ones a summary row adds up; the renderer's implementation table
 * is keyed by the same names.
 */
export const CELL_TYPES = {
  text: { description: 'Plain text', align: 'left' },
  number: { description: 'A number with thousands separators and the field’s precision', align: 'right', numeric: true },
  money: { description: 'An amount with the currency’s precision', align: 'right', numeric: true },
  percent: { description: 'A percentage', align: 'right', numeric: true },
  date: { description: 'A date in the user’s date format', align: 'left' },
  datetime: { description: 'A date and time in the user’s date format and time zone', align: 'left' },
  lov: { description: 'The meaning of a value-set code', align: 'left' },
  flag: { description: 'Yes / no', align: 'center' },
  status: { description: 'A coloured tag from a status map or the status machine', align: 'left' },
  link: { description: 'Opens a route (a template over the row)', align: 'left' },
  richtext: { description: 'Sanitised rich text, one line', align: 'left' },
  json: { description: 'JSON, shortened', align: 'left' },
  password: { description: 'Masked', align: 'left' },
} satisfies Record<string, CellTypeDef>;

export type CellType = keyof typeof CELL_TYPES;

export const isNumericCell = (cell: string): boolean => !!(CELL_TYPES as Record<string, CellTypeDef>)[cell]?.numeric;
