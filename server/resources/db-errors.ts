import { badRequest, BusinessError } from '../http/errors.ts';
import { fieldHoldingValue } from '../http/field-of-value.ts';

/**
 * Turns a PostgreSQL error caused by the request's data into the platform's answer: constraint
 * violations are business errors, values the column cannot take are 400 naming the field when
 * `values` (the request's fields) tell which one. Anything else is a server fault and goes on to
 * the generic 500.
 */
export function dbError(e: unknown, values?: Record<string, unknown>): never {
  const code = (e as { code?: string }).code;
  if (code === '23505') throw new BusinessError('error.db.duplicateKey', 'A record with the same code already exists', 'warn');
  if (code === '22001') throw new BusinessError('error.db.valueTooLong', 'A value is longer than the field allows', 'warn');
  // Invalid text representation, numeric out of range, bad or out-of-range date/time.
  if (code === '22P02' || code === '22003' || code === '22007' || code === '22008') {
    const message = String((e as Error).message);
    const field = fieldHoldingValue(message, values);
    const refusal = badRequest(`${field ?? 'A value'} cannot be stored: ${message.slice(0, 200)}`);
    throw field ? Object.assign(refusal, { field }) : refusal;
  }
  throw e;
}

/** `dbError` for a write of `values`: `.catch(dbErrorOf(body))`. */
export const dbErrorOf = (values: Record<string, unknown> | undefined) => (e: unknown) => dbError(e, values);
