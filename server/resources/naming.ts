/** camelCase field name → snake_case column; entity field names are checked against the declaration before use, never pasted from a request. */
export function columnOf(field: string): string {
  return field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/** Quotes an identifier that was already validated against a declaration. */
export function ident(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unsafe identifier: ${name}`);
  return `"${name}"`;
}

/** Quotes a camelCase JSON field name used as a column alias. */
export function alias(name: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`unsafe alias: ${name}`);
  return `"${name}"`;
}
