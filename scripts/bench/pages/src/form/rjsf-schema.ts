import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { LOVS } from '../data/list-data.ts';
import { type BenchField, FIELDS, makeRecord } from '../data/form-data.ts';

/**
 * The same 300 fields as a plain JSON Schema for @rjsf/antd: what a team using rjsf would write
 * (types, limits, formats, a select for the value set). rjsf has no expressions, so it gets none.
 */
const property = (f: BenchField): RJSFSchema => {
  const title = f.label;
  switch (f.kind) {
    case 'string':
      return { type: 'string', title, maxLength: 60 };
    case 'text':
      return { type: 'string', title, maxLength: 480 };
    case 'integer':
      return { type: 'integer', title };
    case 'number':
    case 'percent':
      return { type: 'number', title };
    case 'money':
      return { type: 'number', title, minimum: 0 };
    case 'date':
      return { type: 'string', title, format: 'date' };
    case 'datetime':
      return { type: 'string', title, format: 'date-time' };
    case 'flag':
      return { type: 'boolean', title };
    default:
      return { type: 'string', title, oneOf: LOVS['BENCH.STATUS']!.map((o) => ({ const: o.value, title: o.meaning })) };
  }
};

export const rjsfSchema: RJSFSchema = {
  type: 'object',
  properties: Object.fromEntries(FIELDS.map((f) => [f.name, property(f)])),
  required: FIELDS.filter((f) => f.required).map((f) => f.name),
};

export const rjsfUiSchema: UiSchema = {
  ...Object.fromEntries(FIELDS.filter((f) => f.kind === 'text').map((f) => [f.name, { 'ui:widget': 'textarea' }])),
  'ui:submitButtonOptions': { props: { type: 'primary' } },
};

/** The same record in rjsf's shapes (booleans, ISO date-times). */
export function rjsfFormData(): Record<string, unknown> {
  const rec = makeRecord();
  const out: Record<string, unknown> = {};
  for (const f of FIELDS) {
    const v = rec[f.name];
    out[f.name] = f.kind === 'flag' ? v === 1 : f.kind === 'datetime' ? `${String(v).replace(' ', 'T')}.000Z` : v;
  }
  return out;
}
