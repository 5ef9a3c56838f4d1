// Declared here, not in definition.ts, for the reason given in cells.ts.
/** A field widget. */
export interface WidgetTypeDef {
  description: string;
  numeric?: boolean;
}

/**
 * Every field widget of the schema language, keyed by the name a field gives in `widget` (or its
 * type implies). The renderer's implementation table is keyed by the same names.
 */
export const WIDGET_TYPES = {
  input: { description: 'One line of text' },
  textarea: { description: 'Several lines of text' },
  number: { description: 'A number with the field’s precision', numeric: true },
  money: { description: 'An amount', numeric: true },
  percent: { description: 'A percentage', numeric: true },
  date: { description: 'A date' },
  datetime: { description: 'A date and time' },
  time: { description: 'A time of day' },
  switch: { description: 'On / off (1 / 0)' },
  yn: { description: 'On / off (Y / N)' },
  select: { description: 'One value of a value set' },
  lov: { description: 'A record picked in a LOV dialog' },
  json: { description: 'JSON text' },
  richtext: { description: 'Rich text, sanitised' },
  attachment: { description: 'Files uploaded to the file service' },
  dateRange: { description: 'A from–to date pair' },
  password: { description: 'A password, masked' },
  region: { description: 'Country, province and city, cascading' },
} satisfies Record<string, WidgetTypeDef>;

export type WidgetType = keyof typeof WIDGET_TYPES;
