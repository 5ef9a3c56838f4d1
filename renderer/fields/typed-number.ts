import type { EntityField } from '../schema/entity.ts';
import { decimalOf } from '../schema/types/field-types.ts';

/**
 * What typing `text` into a numeric input puts in the form. A decimal column keeps the text as
 * typed (its separators dropped), so no float ever rounds it: the form's pattern and the server
 * check its digits. Other numbers become a number as soon as they are one. Text that is not a
 * number stays as typed and fails validation; nothing typed is null.
 */
export function typedNumber(decl: EntityField, text: string): unknown {
  const clean = text.replace(/,/g, '').trim();
  if (clean === '') return null;
  if (decimalOf(decl)) return clean;
  return Number.isFinite(Number(clean)) ? Number(clean) : clean;
}
