import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import { type ImportColumn, headerOf } from './template.ts';

dayjs.extend(customParseFormat);

/** A staged cell: text, a number, or what the file held that is not a value (a formula). */
export type StagedCell = string | number | null | { formula: string };

/** Value set of a column: every accepted text (code, meaning in any language) → the code. */
export type ValueSet = Map<string, string>;

export interface RowCheck {
  /** The values a create takes, by field. */
  values: Record<string, unknown>;
  /** What is wrong, one sentence per cell, naming the column by its header. */
  errors: string[];
}

const INTEGER = /^[+-]?\d+$/;
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/** Java-style masks (`yyyy-MM-dd`) as dayjs reads them (`YYYY-MM-DD`). */
const dayjsMask = (mask: string) => mask.replace(/y/g, 'Y').replace(/d/g, 'D');

/**
 * Checks one row against its sheet's columns (HZERO's column model): required, type (integer,
 * decimal, date with its format mask), length, min/max, pattern and value-set membership. A value
 * set accepts the code or its meaning in either language; the code is what is imported.
 */
export function checkRow(columns: ImportColumn[], row: Record<string, StagedCell>, valueSets: Map<string, ValueSet>, lang: string): RowCheck {
  const values: Record<string, unknown> = {};
  const errors: string[] = [];
  for (const c of columns) {
    const name = headerOf(c, lang);
    const raw = row[c.columnCode];
    if (raw !== null && typeof raw === 'object') {
      errors.push(`${name}: the cell holds a formula (${String(raw.formula).slice(0, 40)}); enter the value itself`);
      continue;
    }
    const text = raw === null || raw === undefined ? '' : String(raw).trim();
    if (text === '') {
      if (!c.nullableFlag) errors.push(`${name}: is required`);
      continue;
    }
    if (c.columnType === 'Long' || c.columnType === 'Decimal') {
      const ok = c.columnType === 'Long' ? INTEGER.test(text) : DECIMAL.test(text);
      if (!ok) {
        errors.push(`${name}: "${text.slice(0, 40)}" is not ${c.columnType === 'Long' ? 'a whole number' : 'a number'}`);
        continue;
      }
      const n = Number(text);
      if (c.minValue !== null && n < c.minValue) errors.push(`${name}: ${text} is less than ${c.minValue}`);
      else if (c.maxValue !== null && n > c.maxValue) errors.push(`${name}: ${text} is more than ${c.maxValue}`);
      // Decimals stay text so no digit is lost on the way to SQL numeric.
      else values[c.columnCode] = c.columnType === 'Long' ? n : text;
      continue;
    }
    if (c.columnType === 'Date') {
      const mask = c.formatMask ? dayjsMask(c.formatMask) : 'YYYY-MM-DD';
      const d = dayjs(text, [mask, 'YYYY-MM-DD'], true);
      if (!d.isValid()) errors.push(`${name}: "${text.slice(0, 40)}" is not a date (${c.formatMask ?? 'yyyy-MM-dd'})`);
      else values[c.columnCode] = d.format('YYYY-MM-DD');
      continue;
    }
    if (c.length !== null && text.length > c.length) {
      errors.push(`${name}: is longer than ${c.length} characters`);
      continue;
    }
    if (c.regularExpression) {
      let re: RegExp;
      try {
        re = new RegExp(c.regularExpression);
      } catch {
        errors.push(`${name}: the template's pattern is not a valid regular expression`);
        continue;
      }
      if (!re.test(text)) {
        errors.push(`${name}: "${text.slice(0, 40)}" does not match ${c.regularExpression}`);
        continue;
      }
    }
    if (c.validateSet) {
      const code = valueSets.get(c.validateSet)?.get(text) ?? valueSets.get(c.validateSet)?.get(text.toLowerCase());
      if (code === undefined) {
        errors.push(`${name}: "${text.slice(0, 40)}" is not a value of ${c.validateSet}`);
        continue;
      }
      values[c.columnCode] = code;
      continue;
    }
    values[c.columnCode] = text;
  }
  return { values, errors };
}
