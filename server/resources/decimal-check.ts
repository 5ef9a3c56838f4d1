import { decimalProblem } from '../../renderer/schema/decimal.ts';
import type { EntityDecl } from '../../renderer/schema/entity.ts';
import { decimalOf } from '../../renderer/schema/types/field-types.ts';
import { refuse } from '../http/errors.ts';
import { writableFields } from './body-schema.ts';

type Row = Record<string, unknown>;

/**
 * Why a row's first decimal value does not fit its column, naming the field, or undefined. The
 * JSON Schema bounds a decimal text's digits by its pattern but can count neither a JSON number's
 * decimals nor compare a text with `min`/`max`; PostgreSQL would round the first silently.
 */
export function decimalRefusal(e: EntityDecl, level: 'site' | 'tenant', row: Row): { field: string; message: string } | undefined {
  for (const f of writableFields(e, level)) {
    const v = row[f.name];
    if (typeof v !== 'number' && (typeof v !== 'string' || v === '')) continue;
    const spec = decimalOf(f);
    const problem = spec && decimalProblem(v, spec, f);
    if (problem) return { field: f.name, message: `${f.name} ${problem}` };
  }
  return undefined;
}

/** `decimalRefusal` as the 400 of a request body (`body.unitPrice 12.345 has 3 decimals; …`). */
export function checkDecimals(e: EntityDecl, level: 'site' | 'tenant', row: Row): void {
  const r = decimalRefusal(e, level, row);
  if (r) throw refuse(r.field, `body.${r.message}`);
}
