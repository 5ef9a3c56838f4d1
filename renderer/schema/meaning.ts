/**
 * The name of a field's display text in a row, HZERO's way: a trailing `Code` becomes `Meaning`
 * (`lovTypeCode` → `lovTypeMeaning`, `statusCode` → `statusMeaning`); any other field gets
 * `Meaning` added (`enabledFlag` → `enabledFlagMeaning`, `companyId` → `companyIdMeaning`).
 * The server writes it, cells, LOVs, selects, prints and exports read it.
 */
export const meaningOf = (field: string): string => (field.length > 4 && field.endsWith('Code') ? `${field.slice(0, -4)}Meaning` : `${field}Meaning`);
