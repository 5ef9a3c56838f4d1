/**
 * The request field holding the value PostgreSQL quoted in a refusal (`invalid input syntax for
 * type bigint: "1e+308"`): the error names the value, not the column, and a refusal the client can
 * act on must name the field. Searches `values` one level deep (a body's or a query's fields).
 */
export function fieldHoldingValue(message: string, ...sources: unknown[]): string | undefined {
  const quoted = /"((?:[^"\\]|\\.)*)"/.exec(message)?.[1];
  if (quoted === undefined) return undefined;
  const same = (v: unknown) => v !== null && v !== undefined && typeof v !== 'object' && (String(v) === quoted || (typeof v === 'number' && Number(quoted) === v));
  for (const values of sources) {
    if (!values || typeof values !== 'object') continue;
    const hit = Object.entries(values as Record<string, unknown>).find(([, v]) => same(v) || (Array.isArray(v) && v.some(same)));
    if (hit) return hit[0];
  }
  return undefined;
}
